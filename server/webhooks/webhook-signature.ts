// How a receiver tells the shop's webhooks from forged ones (ADR 0029, docs/orders-out.md): an
// HMAC-SHA256 of the raw body, keyed with the secret both sides share, in X-Shop-Signature.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Shop-Signature';
/** The same at every attempt of one delivery: receivers dedupe by it. */
export const DELIVERY_HEADER = 'X-Shop-Delivery';
/** When this attempt left the shop (Unix seconds); informative, the signed body is what counts. */
export const TIMESTAMP_HEADER = 'X-Shop-Timestamp';
export const EVENT_HEADER = 'X-Shop-Event';
/** 1 for the first try, 2 for the first retry ... */
export const ATTEMPT_HEADER = 'X-Shop-Attempt';

const PREFIX = 'sha256=';

/** "sha256=<64 hex digits>" for these exact bytes. */
export function signBody(secret: string, rawBody: string | Buffer): string {
  return PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Whether the header is this body's signature under this secret. Compare the bytes as received,
 * before any JSON parsing: a re-serialised body has other bytes and fails.
 */
export function verifySignature(secret: string, rawBody: string | Buffer, header: string | null | undefined): boolean {
  // Buffer.from(..., 'hex') would stop quietly at the first non-hex digit: the shape is checked first.
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(signBody(secret, rawBody).slice(PREFIX.length), 'hex');
  return timingSafeEqual(Buffer.from(header.slice(PREFIX.length), 'hex'), expected);
}
