// The API's edge refuses text it cannot store before any route sees it (ADR 0012): a NUL or a
// lone surrogate in a JSON body, a query, a path segment or the Basic credentials, and a
// percent-encoding that is not UTF-8, answer 400 ValidationFailed naming the field, instead of
// reaching PostgreSQL (22021, 22P05) as a 500.
import type { MiddlewareHandler } from 'hono';
import type { ErrorItem } from '../../src/lib/contract/common';
import { decodeUrlPart, hasInvalidCharacters, INVALID_CHARACTERS_CODE, INVALID_CHARACTERS_MESSAGE } from '../../src/lib/rules/text';
import { apiError } from './errors';

/** Enough to name the problem; a body full of bad strings need not be listed whole. */
const MAX_ITEMS = 20;

const invalid = (field: string | null): ErrorItem => ({ field, code: INVALID_CHARACTERS_CODE, message: INVALID_CHARACTERS_MESSAGE });
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Every string or key in a parsed JSON value that cannot be stored, by its path ('rows.2.notes',
 * as valibot's issues are named). Walks with its own stack: a deeply nested body must not
 * overflow the call stack.
 */
export function invalidTextFields(value: unknown): ErrorItem[] {
  const out: ErrorItem[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length && out.length < MAX_ITEMS) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasInvalidCharacters(current)) out.push(invalid(path || null));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i))]);
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current).reverse()) {
        if (hasInvalidCharacters(key)) out.push(invalid(join(path, key)));
        else stack.push([item, join(path, key)]);
      }
    }
  }
  return out;
}

/** Query values and path segments that are not valid UTF-8 or hold what cannot be stored. */
export function invalidUrlFields(url: string): ErrorItem[] {
  const out: ErrorItem[] = [];
  const { pathname, search } = new URL(url);
  for (const segment of pathname.split('/')) {
    const decoded = decodeUrlPart(segment);
    if (decoded === undefined || hasInvalidCharacters(decoded)) {
      out.push(invalid('path'));
      break;
    }
  }
  for (const pair of search.slice(1).split('&')) {
    if (!pair || out.length >= MAX_ITEMS) continue;
    const cut = pair.indexOf('=');
    const rawKey = cut < 0 ? pair : pair.slice(0, cut);
    const key = decodeUrlPart(rawKey, true);
    const value = cut < 0 ? '' : decodeUrlPart(pair.slice(cut + 1), true);
    if (key === undefined || hasInvalidCharacters(key)) out.push(invalid(rawKey.replace(/[^\w.[\]-]/g, '?')));
    else if (value === undefined || hasInvalidCharacters(value)) out.push(invalid(key.replace(/\[\]$/, '')));
  }
  return out;
}

/** The username and password of Basic credentials, when they hold what cannot be stored. */
export function invalidBasicFields(header: string | undefined): ErrorItem[] {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return [];
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const cut = decoded.indexOf(':');
  const username = cut < 0 ? decoded : decoded.slice(0, cut);
  const password = cut < 0 ? '' : decoded.slice(cut + 1);
  return [
    ...(hasInvalidCharacters(username) ? [invalid('username')] : []),
    ...(hasInvalidCharacters(password) ? [invalid('password')] : []),
  ];
}

/** First in the API: the URL and the credentials; JSON bodies are checked where they are read. */
export const refuseInvalidCharacters: MiddlewareHandler = async (c, next) => {
  const problems = [...invalidUrlFields(c.req.url), ...invalidBasicFields(c.req.header('Authorization'))];
  if (problems.length) throw apiError('ValidationFailed', problems);
  await next();
};
