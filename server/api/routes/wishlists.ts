import { Hono } from 'hono';
import type { ApiEnv } from '../context';

export const wishlistsRoutes = new Hono<ApiEnv>({ strict: false });
