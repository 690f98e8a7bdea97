// What the Node server answers when its own handling of a request fails, outside Astro's page
// renderer (a path it cannot parse, a file it cannot read, a bug): spec section 2 gives every
// error other than 404 the "Internal Server Error" page. A page path gets the 500 page the build
// made in each language (dist/client/<locale>/500/index.html), never a stack trace; the API keeps
// its JSON error body. The built page needs no database, so it also answers while the database
// is away (then with 503 and Retry-After, so clients try again).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { DEFAULT_LOCALE, isLocale, localeFromCookieHeader, type Locale } from '../../src/lib/i18n/locales';
import { errorBody } from '../shop-errors';

/** Where the build puts the 500 page of a locale, under dist/client. */
export const errorPageFile = (locale: Locale) => path.join(locale, '500', 'index.html');

/** The page's language for a request whose URL may not even parse: ?lan=, then the cookie. */
export function failureLocale(req: Pick<IncomingMessage, 'url' | 'headers'>): Locale {
  const asked = /[?&]lan=([a-z]{2})(?:&|$)/.exec(req.url ?? '')?.[1];
  if (isLocale(asked)) return asked;
  return localeFromCookieHeader(req.headers.cookie) ?? DEFAULT_LOCALE;
}

export type ErrorPages = (locale: Locale) => Promise<Buffer | null>;

/** The built 500 pages, read once each from dist/client (null when the build has none). */
export function builtErrorPages(clientDir: string): ErrorPages {
  const kept = new Map<Locale, Promise<Buffer | null>>();
  return (locale) => {
    let page = kept.get(locale);
    if (!page) {
      page = readFile(path.join(clientDir, errorPageFile(locale))).catch(() => null);
      kept.set(locale, page);
    }
    return page;
  };
}

const PAGE_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'etag', 'last-modified', 'cache-tag', 'surrogate-key', 'x-shop-page', 'location', 'set-cookie'];

export interface FailureOptions {
  /** 503 with Retry-After (the database is away for now) instead of 500. */
  unavailable?: boolean;
  retryAfterSeconds?: number;
}

/** Answers a request whose handling failed; does nothing more than end it once headers went out. */
export async function answerFailure(req: IncomingMessage, res: ServerResponse, pages: ErrorPages, options: FailureOptions = {}): Promise<void> {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = options.unavailable ? 503 : 500;
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (options.unavailable) headers['Retry-After'] = String(options.retryAfterSeconds ?? 5);
  // Headers a half-done answer set (a compressor, a page's cache tags) do not belong to this one.
  // (The security headers stay.)
  for (const name of PAGE_HEADERS) res.removeHeader(name);
  const url = req.url ?? '/';
  if (url.startsWith('/api/')) {
    res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(errorBody(options.unavailable ? 'ServiceUnavailable' : 'Unexpected')));
    return;
  }
  const locale = failureLocale(req);
  const page = await pages(locale).catch(() => null);
  if (res.headersSent) return void res.destroy();
  if (!page) {
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(status === 503 ? 'Service Unavailable' : 'Internal Server Error');
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Language': locale, Vary: 'Cookie' });
  res.end(req.method === 'HEAD' ? undefined : page);
}
