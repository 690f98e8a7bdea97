// Serves files from a folder: an index of the files read once at start (no disk look-up per
// request), precompressed .br/.gz copies chosen by Accept-Encoding, ETags and cache headers.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

export const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

interface Entry {
  size: number;
  mtimeMs: number;
  br: boolean;
  gz: boolean;
  /** When the disk was last asked about this path (files that may be rewritten while serving). */
  checkedAt?: number;
}

export interface StaticIndex {
  root: string;
  has(relative: string): boolean;
  get(relative: string): Entry | undefined;
  /** Reads one path from disk again now (after it was written or deleted). */
  refresh?(relative: string): void;
}

function statEntry(root: string, rel: string): Entry | undefined {
  const full = path.join(root, rel);
  try {
    const info = statSync(full);
    if (!info.isFile()) return undefined;
    return { size: info.size, mtimeMs: info.mtimeMs, br: existsSync(`${full}.br`), gz: existsSync(`${full}.gz`), checkedAt: Date.now() };
  } catch {
    return undefined;
  }
}

export interface IndexOptions {
  /**
   * Paths that may be rewritten while the server runs (regenerated pages, possibly by another
   * instance sharing the folder): looked at on disk again when their entry is older than
   * `recheckMs`, so every instance serves a new file within that time.
   */
  live?: (relative: string) => boolean;
  recheckMs?: number;
}

/** Indexes every file under `root` (paths relative to it, with forward slashes). */
export async function indexFolder(root: string, options: IndexOptions = {}): Promise<StaticIndex> {
  const files = new Map<string, Entry>();
  /** Live paths known to be missing, and since when (a bounded negative cache). */
  const missing = new Map<string, number>();
  const recheckMs = options.recheckMs ?? 1_000;
  async function walk(dir: string) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && !/\.(br|gz|tmp)$/.test(entry.name)) {
        const info = await stat(full);
        files.set(path.relative(root, full).split(path.sep).join('/'), { size: info.size, mtimeMs: info.mtimeMs, br: false, gz: false, checkedAt: Date.now() });
      }
    }
  }
  await walk(root);
  for (const [rel, entry] of files) {
    entry.br = await stat(path.join(root, `${rel}.br`)).then(() => true, () => false);
    entry.gz = await stat(path.join(root, `${rel}.gz`)).then(() => true, () => false);
  }
  const refresh = (rel: string) => {
    const entry = statEntry(root, rel);
    if (entry) {
      files.set(rel, entry);
      missing.delete(rel);
    } else {
      files.delete(rel);
      if (missing.size > 10_000) missing.clear();
      missing.set(rel, Date.now());
    }
  };
  const get = (rel: string): Entry | undefined => {
    if (options.live?.(rel)) {
      const entry = files.get(rel);
      const checked = entry ? (entry.checkedAt ?? 0) : missing.get(rel);
      if (checked === undefined || Date.now() - checked > recheckMs) refresh(rel);
    }
    return files.get(rel);
  };
  return { root, has: (rel) => get(rel) !== undefined, get, refresh };
}

/** A request path made safe to join to a folder, or null when it tries to leave it. */
export function safeRelative(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normalized = path.posix.normalize(decoded);
  if (normalized.split('/').includes('..')) return null;
  return normalized.replace(/^\/+/, '');
}

export interface SendOptions {
  cacheControl: string;
  /** Do not make compressed copies now (they were just made, or could not be). */
  raw?: boolean;
  /** Told the full answer of a 200 sent from memory (the hot-page path keeps it). */
  onSent?: (headers: Record<string, string>, body: Buffer) => void;
  headers?: Record<string, string>;
  status?: number;
}

/**
 * The bytes of the files asked for most, kept in memory (least recently used out first) and
 * checked against the file's change time, so a hot page is one write, not an open/read/close
 * per request (measured: 0.05 of nginx's requests per second with a read per request).
 */
const BODY_CACHE_BYTES = Number(process.env.STATIC_CACHE_MB ?? 64) * 1024 * 1024;
const BODY_CACHE_MAX_FILE = 512 * 1024;
const bodies = new Map<string, { mtimeMs: number; body: Buffer }>();
let cachedBytes = 0;

function cachedBody(file: string, mtimeMs: number): Buffer | undefined {
  const hit = bodies.get(file);
  if (!hit) return undefined;
  bodies.delete(file);
  if (hit.mtimeMs !== mtimeMs) {
    cachedBytes -= hit.body.length;
    return undefined;
  }
  bodies.set(file, hit);
  return hit.body;
}

function keepBody(file: string, mtimeMs: number, body: Buffer) {
  if (body.length > BODY_CACHE_MAX_FILE || BODY_CACHE_BYTES <= 0) return;
  const old = bodies.get(file);
  if (old) cachedBytes -= old.body.length;
  bodies.delete(file);
  bodies.set(file, { mtimeMs, body });
  cachedBytes += body.length;
  for (const [key, value] of bodies) {
    if (cachedBytes <= BODY_CACHE_BYTES) break;
    bodies.delete(key);
    cachedBytes -= value.body.length;
  }
}

const ACCEPTS = { br: /\bbr\b/, gzip: /\bgzip\b/ };
const accepts = (req: IncomingMessage, encoding: 'br' | 'gzip') => ACCEPTS[encoding].test(String(req.headers['accept-encoding'] ?? ''));

/** Text worth compressing; the build compresses only hashed assets, pages on first request. */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

/** Compressed copies being written, so a burst of first requests compresses a file once. */
const compressing = new Map<string, Promise<void>>();

/**
 * Writes the compressed copies of a file that has none yet (the build leaves pages raw:
 * compressing 60,000 files cost it more than rendering them) and updates the index.
 */
function compressOnce(index: StaticIndex, relative: string): Promise<void> {
  const file = path.join(index.root, relative);
  let running = compressing.get(file);
  if (!running) {
    running = readFile(file)
      .then((body) => compressCopies(file, body))
      .then(() => index.refresh?.(relative))
      .finally(() => compressing.delete(file));
    compressing.set(file, running);
  }
  return running;
}

let compressCopies: (file: string, body: Buffer) => Promise<unknown> = async () => {};
/** How copies are written (server/build-site's compressBeside: brotli 6 and gzip, atomically). */
export function useCompressor(compress: (file: string, body: Buffer) => Promise<unknown>) {
  compressCopies = compress;
}

/** Sends an indexed file; answers 304 when the client has it. */
export function sendFile(req: IncomingMessage, res: ServerResponse, index: StaticIndex, relative: string, options: SendOptions): boolean {
  const entry = index.get(relative);
  if (!entry) return false;
  const etag = `W/"${entry.size.toString(16)}-${Math.floor(entry.mtimeMs).toString(16)}"`;
  const encoding = entry.br && accepts(req, 'br') ? 'br' : entry.gz && accepts(req, 'gzip') ? 'gzip' : null;
  if (!options.raw && !entry.br && !entry.gz && entry.size >= 512 && COMPRESSIBLE.test(relative) && (accepts(req, 'br') || accepts(req, 'gzip'))) {
    // First request of a page since the build: its copies are made now (about a millisecond),
    // then it is answered like any other.
    compressOnce(index, relative).then(
      () => sendFile(req, res, index, relative, { ...options, raw: true }) || res.destroy(),
      () => sendFile(req, res, index, relative, { ...options, raw: true }) || res.destroy(),
    );
    return true;
  }
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(relative),
    'Cache-Control': options.cacheControl,
    ETag: etag,
    'Last-Modified': new Date(entry.mtimeMs).toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    ...options.headers,
  };
  if (entry.br || entry.gz) headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
  if (req.headers['if-none-match'] === etag && (options.status ?? 200) === 200) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const file = path.join(index.root, relative) + (encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '');
  if (encoding) headers['Content-Encoding'] = encoding;
  const status = options.status ?? 200;
  const send = (body: Buffer) => {
    const full = { ...headers, 'Content-Length': String(body.length) };
    res.writeHead(status, full);
    res.end(req.method === 'HEAD' ? undefined : body);
    if (status === 200 && !res.getHeader('set-cookie')) options.onSent?.(full, body);
  };
  const cached = cachedBody(file, entry.mtimeMs);
  if (cached) {
    send(cached);
    return true;
  }
  if (entry.size <= BODY_CACHE_MAX_FILE) {
    readFile(file).then(
      (body) => {
        keepBody(file, entry.mtimeMs, body);
        send(body);
      },
      () => {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found');
      },
    );
    return true;
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
  return true;
}
