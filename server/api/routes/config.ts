import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { systemSettings } from '../../db/schema';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { parseOrThrow } from '../validation';

export const configRoutes = new Hono<ApiEnv>({ strict: false });

const KeySchema = v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,80}$/, 'Invalid setting key.'));

configRoutes.get('/system/:key', async (c) => {
  const key = parseOrThrow(KeySchema, c.req.param('key'));
  const [row] = await c
    .get('deps')
    .db.select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(and(eq(systemSettings.key, key), eq(systemSettings.isPublic, true)));
  if (!row) throw apiError('SettingNotFound');
  return c.json(row);
});
