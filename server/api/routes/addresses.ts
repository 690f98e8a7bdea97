import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const addressRoutes = new Hono<ApiEnv>({ strict: false });
