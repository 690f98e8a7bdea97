import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const documentsRoutes = new Hono<ApiEnv>({ strict: false });
