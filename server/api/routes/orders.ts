import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const ordersRoutes = new Hono<ApiEnv>({ strict: false });
