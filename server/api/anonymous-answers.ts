// Catalogue answers for anonymous visitors (issue 17, item 4; ADR 0033): every anonymous visitor
// with the same path, query, locale and shop context gets the same bytes, so they are kept in a
// small in-process cache (LRU by bytes) and carry an ETag; a matching If-None-Match answers 304.
// An entry belongs to the catalogue's change marker (server/catalogue/content-version.ts): a
// content change moves the marker and the next request builds the answer again.
//
// Stock is in these answers (quantity and stock_state of the listing's badges and the detail) and
// a sale moves no marker, so an entry is also rebuilt when it is older than `stockFreshMs`: an
// anonymous visitor's stock figure is at most that old, as the public live values may be 5 s old
// in shared caches (ADR 0008); the cart and the checkout always check the live figure.
// A request with a token is never cached and never gets an ETag: it says `Cache-Control: private`
// and varies on Authorization. Parameters whose answer the marker does not follow (a customer, a
// season's prices, promotions with their dates) are answered without the cache.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { OperationSchemas } from '../../src/lib/contract/operation';
import type { OperationInput, OperationResult } from '../../src/lib/contract/operation-io';
import { OPERATION_SCHEMAS } from '../../src/lib/contract/operations';
import type { OperationName } from '../../src/lib/contract/routes';
import { contentVersion, type ContentVersion } from '../catalogue/content-version';
import { chooseEncoding, COMPRESS_FROM_BYTES, compressBody } from '../http/compress';
import { ByteLru } from './byte-lru';
import type { ApiEnv } from './context';
import { ResponseContractError, type OperationHandler } from './operation-routes';

interface Entry {
  version: number;
  builtAt: number;
  body: string;
  /**
   * The answer `body` is the JSON of, kept for the customer answers built on it (never changed:
   * they copy what they change), so that they need not parse it again.
   */
  value: unknown;
  /** The body compressed, made on the first request that takes each encoding (see `encodedBody`). */
  encoded: Partial<Record<'br' | 'gzip', Uint8Array<ArrayBuffer>>>;
  hash: string;
  etag: string;
  bytes: number;
}

export interface AnonymousCacheOptions {
  /** Memory bound of the kept answers; 0 switches the cache off (answers still carry no ETag). */
  maxBytes: number;
  /** How often the change marker is read from the database (PAGE_REGEN_INTERVAL_MS). */
  versionIntervalMs: number;
  /** How old an answer's stock figures may be. */
  stockFreshMs: number;
  clock?: () => number;
}

export interface AnonymousCache {
  readonly options: AnonymousCacheOptions;
  readonly entries: ByteLru<Entry>;
  readonly version: ContentVersion;
}

export const DEFAULT_ANONYMOUS_CACHE: AnonymousCacheOptions = { maxBytes: 8 * 1024 * 1024, versionIntervalMs: 2_000, stockFreshMs: 5_000 };

export function createAnonymousCache(options: Partial<AnonymousCacheOptions> = {}): AnonymousCache {
  const full = { ...DEFAULT_ANONYMOUS_CACHE, ...options };
  return { options: full, entries: new ByteLru<Entry>(full.maxBytes), version: contentVersion({ intervalMs: full.versionIntervalMs, clock: full.clock }) };
}

/**
 * Passed as the environment of an in-process API call (the page renders of runtime.ts): those
 * read the database itself, so a page regenerated for a change never bakes in an answer the
 * cache kept from before it.
 */
export const FRESH_READ_ENV = Object.freeze({ shopFreshRead: true });

/** Query parameters whose answers the change marker does not follow: such requests are not cached. */
const UNCACHED_PARAMS = new Set(['customer', 'season', 'promotions', 'on_offer', 'annotate_ordered_qty']);
/** Longer keys (a query padded to the URL limit) are answered without the cache. */
const MAX_KEY_CHARS = 2_048;
/** An If-None-Match longer than this is not read (no client sends more than a few tags). */
const MAX_IF_NONE_MATCH_CHARS = 4_096;

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** Weak comparison (RFC 9110, 13.1.2): any listed tag equal to ours, or `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header || header.length > MAX_IF_NONE_MATCH_CHARS) return false;
  const ours = opaque(etag);
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || opaque(tag) === ours;
  });
}

function cacheKeyOf(c: Context<ApiEnv>, name: string): string | undefined {
  const url = new URL(c.req.url);
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  if (params.some(([key]) => UNCACHED_PARAMS.has(key))) return undefined;
  const key = [name, c.get('locale'), c.get('shopContext'), url.pathname.replace(/^\/api\/v\d+\/client/, ''), new URLSearchParams(params).toString()].join('\n');
  return key.length > MAX_KEY_CHARS ? undefined : key;
}

const isFreshRead = (c: Context<ApiEnv>) => (c.env as { shopFreshRead?: boolean } | undefined)?.shopFreshRead === true;

/**
 * How a signed-in customer's answer is made from the anonymous one (ADR 0040): the content is
 * everybody's, kept by content version; `answer` adds what is the customer's own (prices, stock
 * less others' holds) with live reads. Such an answer is the customer's alone: it goes out
 * private, without an ETag, and is never kept.
 */
export interface CustomerAnswer<N extends OperationName> {
  /** The customer the request is answered for when the anonymous content fits it; undefined otherwise. */
  customerOf(c: Context<ApiEnv>, input: OperationInput<N>): number | undefined;
  /** The customer's answer from the anonymous one; undefined to run the handler instead. */
  answer(c: Context<ApiEnv>, anonymous: OperationResult<N>, customerId: number): Promise<OperationResult<N> | undefined>;
}

/**
 * The kept anonymous answer for `key`, built when missing or built under another marker (or, with
 * `freshStock`, when its stock figures are older than their bound); a Response when the handler
 * answered with one (not kept).
 */
async function keptEntry<N extends OperationName>(
  c: Context<ApiEnv>,
  input: OperationInput<N>,
  name: N,
  key: string,
  handler: OperationHandler<N>,
  cache: AnonymousCache,
  freshStock: boolean,
): Promise<Entry | Response> {
  const deps = c.get('deps');
  const clock = cache.options.clock ?? Date.now;
  const version = await cache.version.current(deps.db);
  let entry = cache.entries.get(key);
  if (entry && entry.version === version && (!freshStock || clock() - entry.builtAt <= cache.options.stockFreshMs)) return entry;
  const builtAt = clock();
  const result = await handler(c, input);
  if (result instanceof Response) return result;
  const schemas: OperationSchemas = OPERATION_SCHEMAS[name];
  const schema = schemas.response;
  if (schema && deps.checkResponses) {
    const checked = v.safeParse(schema, result);
    if (!checked.success) throw new ResponseContractError(name, checked.issues);
  }
  const body = JSON.stringify(result);
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 16);
  // The same bytes keep their tag across rebuilds (a stock refresh that changed nothing, a
  // change elsewhere in the catalogue): clients keep getting 304.
  const etag = entry?.hash === hash ? entry.etag : `W/"c${version.toString(36)}.${hash}"`;
  // The kept value counts as much again as its JSON, and its compressed forms (a tenth of it for
  // these answers) are given the same again.
  entry = { version, builtAt, body, value: result, encoded: {}, hash, etag, bytes: 3 * Buffer.byteLength(body) };
  cache.entries.set(key, entry);
  return entry;
}

/**
 * The entry's body in the encoding the request takes best, compressed once per entry rather than
 * per request (as compressAnswer in server/http/compress.ts would: about a millisecond for a 9 KB
 * listing, more than the rest of a kept answer); undefined for identity.
 */
function encodedBody(c: Context<ApiEnv>, entry: Entry): { encoding: 'br' | 'gzip'; bytes: Uint8Array<ArrayBuffer> } | undefined {
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (!encoding || c.req.method === 'HEAD' || entry.body.length < COMPRESS_FROM_BYTES) return undefined;
  return { encoding, bytes: (entry.encoded[encoding] ??= compressBody(entry.body, encoding)) };
}

/** Runs the handler as an anonymous visitor would (the request's shop context kept). */
async function asAnonymous<T>(c: Context<ApiEnv>, run: () => Promise<T>): Promise<T> {
  const user = c.get('user');
  c.set('user', undefined);
  try {
    return await run();
  } finally {
    c.set('user', user);
  }
}

/**
 * Wraps a catalogue operation: anonymous requests are answered from the cache, with an ETag and
 * 304; requests with a token run the handler (or, with `forCustomer`, add the customer's own
 * values to the kept anonymous content) and are marked private; other anonymous requests
 * (parameters the marker does not follow, page renders) run it as before.
 */
export function cachedForAnonymous<N extends OperationName>(name: N, handler: OperationHandler<N>, forCustomer?: CustomerAnswer<N>): OperationHandler<N> {
  return async (c, input) => {
    const cache = c.get('deps').anonymousCache;
    const anonymous = c.req.header('Authorization') === undefined && !c.get('user') && !c.get('pendingUser');
    const usable = cache && cache.options.maxBytes > 0 && !isFreshRead(c) ? cache : undefined;
    if (!anonymous) {
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Authorization');
      const customerId = usable && forCustomer && !c.get('pendingUser') ? forCustomer.customerOf(c, input) : undefined;
      const key = customerId === undefined ? undefined : cacheKeyOf(c, name);
      if (!usable || customerId === undefined || !key) return handler(c, input);
      // The customer's values are read live, so the content's own stock figures may be of any age.
      const entry = await asAnonymous(c, () => keptEntry(c, input, name, key, handler, usable, false));
      if (entry instanceof Response) return handler(c, input);
      return (await forCustomer!.answer(c, entry.value as OperationResult<N>, customerId)) ?? handler(c, input);
    }
    const key = usable ? cacheKeyOf(c, name) : undefined;
    if (!key || !usable) return handler(c, input);
    const entry = await keptEntry(c, input, name, key, handler, usable, true);
    if (entry instanceof Response) return entry;
    c.header('ETag', entry.etag);
    c.header('Cache-Control', 'public, no-cache');
    c.header('Vary', 'Authorization, Accept-Encoding');
    if (ifNoneMatchHits(c.req.header('If-None-Match'), entry.etag)) return c.body(null, 304);
    const encoded = encodedBody(c, entry);
    // Already encoded: the server's compressAnswer leaves it as it is.
    if (encoded) return c.body(encoded.bytes, 200, { 'Content-Type': 'application/json', 'Content-Encoding': encoded.encoding });
    return c.body(entry.body, 200, { 'Content-Type': 'application/json' });
  };
}
