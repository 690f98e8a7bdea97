import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const cartsRoutes = new Hono<ApiEnv>({ strict: false });
