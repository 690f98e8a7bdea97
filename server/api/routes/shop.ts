// shop/ (spec section 7): payment methods, seasons and shipping policies.
import type { Context } from 'hono';
import { assertVisible } from '../../auth/permissions';
import { customerShopContext } from '../../cart/owner';
import { findAddress } from '../../orders/address-book';
import { activeSeasons, paymentMethodsFor, shippingPoliciesFor, toPaymentMethod } from '../../orders/shop-options';
import type { ApiEnv } from '../context';
import { requireUser } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';

// The spec's call answers the b2b methods (with "as per contract"); with shop_context=b2c it
// answers the consumer ones, and shop/payment-methods/ is the context-neutral name for the same.
async function paymentMethods(c: Context<ApiEnv>) {
  const locale = c.get('locale');
  const methods = await paymentMethodsFor(c.get('deps').db, c.get('shopContext'));
  const results = methods.map((m) => toPaymentMethod(m, locale));
  return { results, count: results.length };
}

export const shopHandlers = defineHandlers({
  listPaymentMethodsB2b: paymentMethods,
  listPaymentMethods: paymentMethods,

  listSeasons: async (c) => {
    const results = await activeSeasons(c.get('deps').db, c.get('locale'));
    return { results, count: results.length };
  },

  listShippingPolicies: async (c, { query: q }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const address = await findAddress(db, q.address);
    await assertVisible(db, user, address?.customerId);
    // The address's customer decides the context, also when an agent asks (ADR 0015).
    const context = await customerShopContext(db, address!.customerId, c.get('shopContext'));
    const results = await shippingPoliciesFor(db, { country: address!.country, context, typedCode: q.free_shipping_code }, c.get('locale'), q.subtotal);
    return { results, count: results.length };
  },
});
