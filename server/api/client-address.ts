import type { Context } from 'hono';
import type { ApiEnv } from './context';

/**
 * The caller's address, for throttling and records. X-Forwarded-For is believed only when the
 * shop runs behind a proxy that sets it (TRUST_PROXY), otherwise anyone could pick an address.
 */
export function clientAddress(c: Context<ApiEnv>): string {
  if (c.get('deps').trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
