// shop/ (spec section 7): payment methods, seasons and shipping policies.
import { Hono, type Context } from 'hono';
import { ShippingPoliciesQuerySchema } from '../../../src/lib/contract/shop';
import { assertVisible } from '../../auth/permissions';
import { customerShopContext } from '../../cart/owner';
import { findAddress } from '../../orders/address-book';
import { activeSeasons, paymentMethodsFor, shippingPoliciesFor, toPaymentMethod } from '../../orders/shop-options';
import type { ApiEnv } from '../context';
import { requireUser } from '../middleware/auth';
import { parseQuery } from '../validation';

export const shopRoutes = new Hono<ApiEnv>({ strict: false });

// The spec's call answers the b2b methods (with "as per contract"); with shop_context=b2c it
// answers the consumer ones, and shop/payment-methods/ is the context-neutral name for the same.
const paymentMethodsHandler = async (c: Context<ApiEnv>) => {
  const locale = c.get('locale');
  const methods = await paymentMethodsFor(c.get('deps').db, c.get('shopContext'));
  const results = methods.map((m) => toPaymentMethod(m, locale));
  return c.json({ results, count: results.length });
};
shopRoutes.get('/payment-methods-b2b', paymentMethodsHandler);
shopRoutes.get('/payment-methods', paymentMethodsHandler);

shopRoutes.get('/seasons', async (c) => {
  const results = await activeSeasons(c.get('deps').db, c.get('locale'));
  return c.json({ results, count: results.length });
});

shopRoutes.get('/shipping-policies', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, ShippingPoliciesQuerySchema);
  const { db } = c.get('deps');
  const address = await findAddress(db, q.address);
  await assertVisible(db, user, address?.customerId);
  // The address's customer decides the context, also when an agent asks (ADR 0015).
  const context = await customerShopContext(db, address!.customerId, c.get('shopContext'));
  const results = await shippingPoliciesFor(
    db,
    { country: address!.country, context, typedCode: q.free_shipping_code },
    c.get('locale'),
    q.subtotal,
  );
  return c.json({ results, count: results.length });
});
