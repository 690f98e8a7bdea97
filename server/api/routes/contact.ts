import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const contactRoutes = new Hono<ApiEnv>({ strict: false });
