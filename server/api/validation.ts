// Turns request input into typed values with valibot, or into a 400 with one entry per field.
import type { Context } from 'hono';
import * as v from 'valibot';
import type { ErrorItem } from '../../src/lib/contract/common';
import { apiError } from './errors';

export function issuesToErrorList(issues: readonly v.BaseIssue<unknown>[]): ErrorItem[] {
  return issues.map((issue) => {
    const field = issue.path?.map((item) => String(item.key)).join('.') || null;
    const code = issue.type === 'object' || issue.type === 'strict_object' ? 'invalid' : issue.type;
    return { field, code, message: issue.message };
  });
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw apiError('ValidationFailed', issuesToErrorList(result.issues));
  return result.output;
}

/**
 * Reads the query string: single values as strings, and the keys in `arrayKeys` as arrays
 * (repeated parameters, `key[]` and comma-separated values all work).
 */
export function readQuery(c: Context, arrayKeys: readonly string[] = []): Record<string, string | string[]> {
  const all = c.req.queries();
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, values] of Object.entries(all)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    if (arrayKeys.includes(key)) {
      const list = values.flatMap((value) => value.split(',')).map((s) => s.trim()).filter(Boolean);
      out[key] = [...((out[key] as string[] | undefined) ?? []), ...list];
    } else if (values.length > 0) {
      out[key] = values[values.length - 1] ?? '';
    }
  }
  return out;
}

export function parseQuery<S extends v.GenericSchema>(c: Context, schema: S, arrayKeys: readonly string[] = []) {
  return parseOrThrow(schema, readQuery(c, arrayKeys));
}
