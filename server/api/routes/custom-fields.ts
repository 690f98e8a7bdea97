import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const customFieldsRoutes = new Hono<ApiEnv>({ strict: false });
