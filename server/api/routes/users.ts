import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const usersRoutes = new Hono<ApiEnv>({ strict: false });
