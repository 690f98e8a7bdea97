import type { Context } from 'hono';
import type { ApiEnv } from './context';

/**
 * The address the last trusted proxy saw. Each proxy appends the address it received the request
 * from, so X-Forwarded-For is read from the right: with `hops` trusted proxies in front of the
 * shop, the hops-th entry from the right is the one our outermost proxy wrote; anything to its
 * left was written by the client and proves nothing. With fewer entries than hops (a request
 * that bypassed a proxy), the leftmost one is the best the proxies vouch for; none at all, the
 * socket's peer.
 */
export function forwardedAddress(header: string | undefined, hops: number, peer: string): string {
  if (hops <= 0 || !header) return peer;
  const entries = header.split(',').map((s) => s.trim()).filter(Boolean);
  if (!entries.length) return peer;
  const chosen = entries[Math.max(0, entries.length - hops)]!;
  return chosen.slice(0, 64);
}

/** `true` is one proxy, as TRUST_PROXY=true always meant. */
export const proxyHops = (trust: boolean | number): number => (trust === true ? 1 : trust === false ? 0 : Math.max(0, Math.floor(trust)));

/** The caller's address, for throttling and records (see forwardedAddress and TRUST_PROXY). */
export function clientAddress(c: Context<ApiEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress ?? 'local';
  return forwardedAddress(c.req.header('x-forwarded-for'), proxyHops(c.get('deps').trustProxy), peer);
}
