import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const shopRoutes = new Hono<ApiEnv>({ strict: false });
