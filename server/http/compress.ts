// Compression of the answers made on the fly (API, Astro renders, robots and sitemap): brotli
// when the client takes it, else gzip, for compressible types above a threshold. Page files and
// assets are not compressed here: they are sent from their precompressed copies (static-files.ts).
// Node's own zlib behind ServerResponse's write/end, so the API's Hono listener and Astro's
// handler stream through it unchanged; the type list is Hono's (hono/compress has no brotli).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** Brotli for answers made per request: quality 5, about a millisecond for a 9 KB listing. */
const brotliOptions = (length?: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, ...(length ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length } : {}) },
});

/** A whole body compressed as compressAnswer would stream it, for answers kept compressed. */
export function compressBody(body: string, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return new Uint8Array(encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(Buffer.byteLength(body))) : zlib.gzipSync(body));
}

/** br before gzip at equal weight; identity when neither is acceptable. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((e) => weightOf(e) > 0).sort((a, b) => weightOf(b) - weightOf(a))[0];
  return best;
}

const byteLength = (chunk: unknown, encoding?: BufferEncoding) =>
  chunk === undefined || chunk === null ? 0 : typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;

/**
 * Compresses what is written to `res` from now on, when the answer turns out to be worth it
 * (decided when its headers go out: type, size, status, no-transform, already encoded).
 */
export function compressAnswer(req: IncomingMessage, res: ServerResponse, options: { threshold?: number } = {}): void {
  const threshold = options.threshold ?? COMPRESS_FROM_BYTES;
  const encoding = req.method === 'HEAD' ? undefined : chooseEncoding(req.headers['accept-encoding']);
  const write = res.write.bind(res) as (chunk: unknown, encoding?: BufferEncoding, cb?: (error?: Error | null) => void) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: BufferEncoding) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number, reason?: string) => ServerResponse;
  let stream: zlib.BrotliCompress | zlib.Gzip | undefined;
  /** Size of the whole body when end() brings it in one piece before the headers are out. */
  let knownLength: number | undefined;

  function decide() {
    const type = String(res.getHeader('Content-Type') ?? '');
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const vary = String(res.getHeader('Vary') ?? '');
    if (vary !== '*' && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    // Hono's node adapter may give the length to Node privately (_contentLength) instead of as a header.
    const internal = res as ServerResponse & { _contentLength?: number | null };
    const declared = res.getHeader('Content-Length');
    const length = declared !== undefined ? Number(declared) : (internal._contentLength ?? knownLength);
    if (!encoding || res.statusCode === 204 || res.statusCode === 304 || res.statusCode === 206) return;
    if (res.getHeader('Content-Encoding') || /(^|,)\s*no-transform\s*(,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return;
    if (length !== undefined && length < threshold) return;
    stream = encoding === 'br' ? zlib.createBrotliCompress(brotliOptions(length)) : zlib.createGzip();
    res.setHeader('Content-Encoding', encoding);
    res.removeHeader('Content-Length');
    internal._contentLength = null;
    stream.on('data', (data: Buffer) => {
      if (!write(data)) stream!.pause();
    });
    stream.on('end', () => end());
    // Writers wait for 'drain' when write() said false: that is the compressor's, here.
    stream.on('drain', () => res.emit('drain'));
    res.on('drain', () => stream!.resume());
    res.on('close', () => stream!.destroy());
  }

  // Headers given to writeHead go through setHeader, so that decide() sees and changes them.
  res.writeHead = ((status: number, reasonOrHeaders?: string | OutgoingHttpHeaders | unknown[], headers?: OutgoingHttpHeaders | unknown[]) => {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    const given = typeof reasonOrHeaders === 'string' ? headers : reasonOrHeaders;
    if (Array.isArray(given)) {
      // [name, value, name, value, …] (what Hono's node adapter may pass)
      for (let i = 0; i + 1 < given.length; i += 2) res.setHeader(String(given[i]), given[i + 1] as string);
    } else if (given) {
      for (const [name, value] of Object.entries(given)) if (value !== undefined) res.setHeader(name, value);
    }
    res.statusCode = status;
    if (!res.headersSent) decide();
    return writeHead(status, reason);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, enc?: BufferEncoding | ((error?: Error | null) => void), cb?: (error?: Error | null) => void) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    const encodingArg = typeof enc === 'string' ? enc : undefined;
    const callback = typeof enc === 'function' ? enc : cb;
    if (!stream) return write(chunk, encodingArg, callback);
    return stream.write(typeof chunk === 'string' ? Buffer.from(chunk, encodingArg) : (chunk as Buffer), callback);
  }) as typeof res.write;

  res.end = ((chunk?: unknown, enc?: BufferEncoding | (() => void), cb?: () => void) => {
    const encodingArg = typeof enc === 'string' ? enc : undefined;
    const callback = typeof chunk === 'function' ? (chunk as () => void) : typeof enc === 'function' ? enc : cb;
    const body = typeof chunk === 'function' ? undefined : chunk;
    if (!res.headersSent) {
      if (res.getHeader('Content-Length') === undefined) knownLength = byteLength(body, encodingArg);
      res.writeHead(res.statusCode);
    }
    if (callback) res.once('finish', callback);
    if (!stream) return end(body, encodingArg);
    if (body !== undefined && body !== null) stream.end(typeof body === 'string' ? Buffer.from(body, encodingArg) : (body as Buffer));
    else stream.end();
    return res;
  }) as typeof res.end;
}
