// An API request that declares a body larger than the API takes is answered here, at the
// connection, before Hono: Hono answers 413 without reading the body, and the unread rest left
// the keep-alive connection unusable, so the client's next request on it was dropped (issue 11).
// Here the rest is read and dropped first (up to a bound), then the 413 goes out and the
// connection carries on; past the bound the 413 says `Connection: close` and the socket closes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_ERRORS } from '../api/errors';
import { errorBody } from '../shop-errors';

export interface DrainLimits {
  /** Bodies up to this size are read to their end so the connection stays usable. */
  maxDrainBytes: number;
  /** A client that sends its body slower than this gets the 413 and a closed connection. */
  maxDrainMs: number;
}

const DEFAULT_LIMITS: DrainLimits = { maxDrainBytes: 16 * 1024 * 1024, maxDrainMs: 10_000 };
const TOO_LARGE = JSON.stringify(errorBody('PayloadTooLarge'));

/** Answers 413 for a declared Content-Length above `maxBytes`; false when the request may go on. */
export function refuseOversizedBody(req: IncomingMessage, res: ServerResponse, maxBytes: number, limits: DrainLimits = DEFAULT_LIMITS): boolean {
  const declared = Number(req.headers['content-length']);
  // With Transfer-Encoding the length header is not the body's (and chunked bodies are counted by the API itself).
  if (req.headers['transfer-encoding'] !== undefined || !(declared > maxBytes)) return false;
  let answered = false;
  const answer = (close: boolean) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    req.off('data', onData);
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
    if (close) headers.Connection = 'close';
    if (!res.headersSent && !res.destroyed) {
      res.writeHead(API_ERRORS.PayloadTooLarge.status, headers);
      res.end(TOO_LARGE);
    }
  };
  let read = 0;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.maxDrainBytes) answer(true);
  };
  const timer = setTimeout(() => answer(true), limits.maxDrainMs);
  timer.unref();
  if (declared > limits.maxDrainBytes) {
    answer(true);
    return true;
  }
  req.on('data', onData);
  req.once('end', () => answer(false));
  req.once('error', () => answer(true));
  req.resume();
  return true;
}
