// Reads a JSON body against a strict schema: wrong content type 415, malformed JSON 400,
// unknown or wrong fields 400 with one entry per field, text that cannot be stored (NUL, lone
// surrogates) 400 naming its field.
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { ApiEnv } from './context';
import { apiError } from './errors';
import { invalidTextFields } from './input-characters';
import { parseOrThrow } from './validation';

export async function readBody<S extends v.GenericSchema>(c: Context<ApiEnv>, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('Content-Type') ?? '';
  const text = await c.req.text();
  if (text.trim() === '') return parseOrThrow(schema, {});
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw apiError('UnsupportedMediaType');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw apiError('MalformedJson');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw apiError('ValidationFailed', [{ field: null, code: 'type', message: 'The body must be a JSON object.' }]);
  }
  const unstorable = invalidTextFields(data);
  if (unstorable.length) throw apiError('ValidationFailed', unstorable);
  return parseOrThrow(schema, data);
}
