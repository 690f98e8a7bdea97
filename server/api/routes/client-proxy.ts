import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const clientProxyRoutes = new Hono<ApiEnv>({ strict: false });
