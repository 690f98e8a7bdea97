// The request's shop context, decided by the server (ADR 0015): the signed-in customer's own kind
// replaces the shop_context the client sent, so a consumer cannot ask for b2b prices, payment
// methods or carts. Agents and anonymous callers keep the one they sent.
import type { MiddlewareHandler } from 'hono';
import { shopContextFor } from '../../../src/lib/rules/shop-context';
import type { ApiEnv } from '../context';

export const decideShopContext: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const user = c.get('user') ?? c.get('pendingUser');
  if (user) c.set('shopContext', shopContextFor(user.customerKind, c.get('shopContext')));
  await next();
};
