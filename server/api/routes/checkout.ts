import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const checkoutRoutes = new Hono<ApiEnv>({ strict: false });
