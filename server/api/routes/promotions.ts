import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const promotionsRoutes = new Hono<ApiEnv>({ strict: false });
