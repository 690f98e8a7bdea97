// checkout/ (spec section 7): what the checkout page needs, and placing the order.
import { IdempotencyKeySchema } from '../../../src/lib/contract/checkout';
import { missingCheckoutFields } from '../../../src/lib/rules/checkout';
import { resolveCustomer } from '../../auth/permissions';
import { checkoutInit, openCartOf } from '../../orders/checkout-init';
import { orderDetail } from '../../orders/order-read';
import { IdempotencyKeyReusedError, placeOrder } from '../../orders/place-order';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { answerWithStatus } from '../operation-status';
import { defineHandlers } from '../operation-routes';
import { parseOrThrow } from '../validation';

export const checkoutHandlers = defineHandlers({
  initCheckout: async (c, { body }) => {
    const user = requireUser(c);
    const { db, now } = c.get('deps');
    const customerId = await resolveCustomer(db, user, body.customer);
    const cartId = body.cart ?? (await openCartOf(db, user, body, c.get('shopContext')));
    return checkoutInit(
      db,
      { customerId, cartId, shippingAddressId: body.shipping_address, freeShippingCode: body.free_shipping_code },
      { locale: c.get('locale'), now: now() },
    );
  },

  placeOrder: async (c, { body }) => {
    const user = requireUser(c);
    const rawKey = c.req.header('Idempotency-Key');
    const idempotencyKey = rawKey === undefined ? null : parseOrThrow(IdempotencyKeySchema, rawKey);
    const deps = c.get('deps');
    const locale = c.get('locale');
    // The order is kept, and confirmed by mail, in the language the customer is using; the
    // account's language (read with the token) when the request does not say (the outbox keeps it for retries).
    const orderLocale = c.get('requestLocale') ?? user.locale;
    const customerId = await resolveCustomer(deps.db, user, body.customer);
    const missing = missingCheckoutFields(body);
    if (missing.length) throw apiError('ValidationFailed', missing);
    const { order, created, written } = await placeOrder(deps.db, {
      user,
      customerId,
      body: { ...body, billing_address: body.billing_address!, shipping_address: body.shipping_address!, shipping_method: body.shipping_method!, payment_method: body.payment_method! },
      idempotencyKey,
      locale: orderLocale,
      now: deps.now(),
      orderWebhook: deps.orderWebhook,
    }).catch((error: unknown) => {
      throw error instanceof IdempotencyKeyReusedError ? apiError('IdempotencyKeyReused') : error;
    });
    // The confirmation (and the webhook) were written to the outbox with the order; the workers send them.
    if (created) deps.wakeMail();
    const detail = await orderDetail(deps.db, order, locale, written);
    return created ? detail : answerWithStatus(c, 'placeOrder', detail, 200);
  },
});
