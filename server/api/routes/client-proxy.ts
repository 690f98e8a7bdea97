// client-proxy/{name}/{path}: forwards a call to one of the configured upstreams and nowhere
// else. The path may only go down from the upstream's base (no dot segments, encoded or not, no
// encoded slashes, no other host), and only harmless headers travel: never Authorization or cookies.
import type { Context } from 'hono';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { defineHandlers } from '../operation-routes';

const PROXY_TIMEOUT_MS = 15_000;
const REQUEST_HEADERS = ['content-type', 'accept', 'accept-language'] as const;
const RESPONSE_HEADERS = ['content-type', 'content-language', 'cache-control', 'etag', 'last-modified'] as const;
const NAME = /^[A-Za-z0-9_-]{1,60}$/;
const NO_BODY_STATUS = new Set([204, 205, 304]);

/** Decodes until nothing changes, so double encoding cannot hide a "..". Null when malformed. */
function fullyDecoded(segment: string): string | null {
  let current = segment;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function safeSegment(segment: string, isLast: boolean): boolean {
  if (segment === '') return isLast;
  const decoded = fullyDecoded(segment);
  if (decoded === null || decoded === '.' || decoded === '..') return false;
  return !/[/\\\u0000-\u001f\u007f]/.test(decoded) && !segment.includes('\\');
}

/**
 * The URL a proxied call goes to: the upstream base plus the rest of the path (as sent) and
 * the query; null when the path could leave the base.
 */
export function proxyTarget(upstream: string, rest: string, search: string): URL | null {
  let base: URL;
  try {
    base = new URL(upstream);
  } catch {
    return null;
  }
  const segments = rest === '' ? [] : rest.split('/');
  if (!segments.every((s, i) => safeSegment(s, i === segments.length - 1))) return null;
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  let target: URL;
  try {
    target = new URL(`${base.origin}${basePath}${rest}${search}`);
  } catch {
    return null;
  }
  const inside = target.pathname.startsWith(basePath) || (rest === '' && target.pathname === base.pathname);
  return target.origin === base.origin && inside ? target : null;
}

/**
 * The upstream name and the rest of the path, as they appear (still encoded) in the URL: the
 * router's path parameters are decoded, and "a%2F..%2Fb" must not turn into three segments.
 */
function splitPath(url: URL): { name: string; rest: string } | null {
  const marker = '/client-proxy/';
  const at = url.pathname.indexOf(marker);
  if (at === -1) return null;
  const after = url.pathname.slice(at + marker.length);
  const cut = after.indexOf('/');
  const rawName = cut === -1 ? after : after.slice(0, cut);
  const name = fullyDecoded(rawName);
  return name === null ? null : { name, rest: cut === -1 ? '' : after.slice(cut + 1) };
}

async function forward(c: Context<ApiEnv>): Promise<Response> {
  const { proxyUpstreams, fetch } = c.get('deps');
  const url = new URL(c.req.url);
  const parts = splitPath(url);
  if (!parts || !NAME.test(parts.name) || !Object.hasOwn(proxyUpstreams, parts.name)) throw apiError('NotFound');
  const target = proxyTarget(proxyUpstreams[parts.name]!, parts.rest, url.search);
  if (!target) throw apiError('BadRequest', [{ field: 'path', code: 'invalid', message: 'The path may not leave the upstream.' }]);
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const method = c.req.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method,
      headers,
      body: body && body.byteLength > 0 ? body : undefined,
      // A redirect could point anywhere: it goes back to the caller instead of being followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
    });
  } catch {
    throw apiError('BadGateway');
  }
  if (upstream.status < 200 || upstream.status > 599) throw apiError('BadGateway');
  const out = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  const passBody = method !== 'HEAD' && !NO_BODY_STATUS.has(upstream.status);
  return new Response(passBody ? upstream.body : null, { status: upstream.status, headers: out });
}

export const clientProxyHandlers = defineHandlers({
  getViaClientProxy: forward,
  postViaClientProxy: forward,
  putViaClientProxy: forward,
  patchViaClientProxy: forward,
  deleteViaClientProxy: forward,
});
