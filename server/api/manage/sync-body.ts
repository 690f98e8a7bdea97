// The body of a sync call: a JSON list (application/json) or CSV rows (text/csv, text/plain), as
// UTF-8. Anything else is refused before a row is read.
import type { Context } from 'hono';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';

export type SyncBody = { text: string } | { json: unknown };

const decoder = new TextDecoder('utf-8', { fatal: true });

export async function readSyncBody(c: Context<ApiEnv>): Promise<SyncBody> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  const isJson = /^application\/(.+\+)?json\b/.test(type);
  const isCsv = /^text\/(csv|plain)\b/.test(type);
  if (!isJson && !isCsv) {
    throw apiError('UnsupportedMediaType', [], 'Send the rows as JSON (Content-Type: application/json) or CSV (Content-Type: text/csv).');
  }
  let text: string;
  try {
    text = decoder.decode(await c.req.arrayBuffer());
  } catch {
    throw apiError('BadRequest', [{ field: null, code: 'encoding', message: 'The body is not UTF-8 text.' }], 'The body is not UTF-8 text.');
  }
  if (text.trim() === '') throw apiError('ValidationFailed', [{ field: null, code: 'required', message: 'The body holds no rows.' }], 'The body holds no rows.');
  if (isCsv) return { text };
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    throw apiError('MalformedJson');
  }
}
