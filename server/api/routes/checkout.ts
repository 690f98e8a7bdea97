// checkout/ (spec section 7): what the checkout page needs, and placing the order.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { CheckoutBodySchema, CheckoutInitBodySchema, IdempotencyKeySchema, type CheckoutInitResponse } from '../../../src/lib/contract/checkout';
import { missingCheckoutFields } from '../../../src/lib/rules/checkout';
import { shopContextFor } from '../../../src/lib/rules/shop-context';
import { resolveCustomer } from '../../auth/permissions';
import { carts, customers } from '../../db/schema';
import { addressBook, toAddress } from '../../orders/address-book';
import { quoteCart, toCheckoutTotals } from '../../orders/cart-quote';
import { orderDetail } from '../../orders/order-read';
import { IdempotencyKeyReusedError, placeOrder } from '../../orders/place-order';
import { paymentMethodsFor, shippingPoliciesFor, toPaymentMethod } from '../../orders/shop-options';
import { toCartRow } from '../../cart/cart-summary';
import type { Db } from '../../db/client';
import { readBody } from '../body';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { parseOrThrow } from '../validation';

export const checkoutRoutes = new Hono<ApiEnv>({ strict: false });

/** The customer's cart; 404 for a cart of anybody else, so its id reveals nothing. */
async function cartOf(db: Db, cartId: number, customerId: number) {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart || cart.customerId !== customerId) throw apiError('NotFound', [{ field: 'cart', code: 'not_found', message: 'Cart not found.' }]);
  return cart;
}

checkoutRoutes.post('/init', async (c) => {
  const user = requireUser(c);
  const body = await readBody(c, CheckoutInitBodySchema);
  const { db, now } = c.get('deps');
  const locale = c.get('locale');
  const customerId = await resolveCustomer(db, user, body.customer);
  const cart = await cartOf(db, body.cart, customerId);
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  // The customer's kind, not the context the cart was opened in, says what it may choose (ADR 0015).
  const shopContext = shopContextFor(customer!.kind, cart.shopContext);
  const [book, methods, quote] = await Promise.all([
    addressBook(db, customerId),
    paymentMethodsFor(db, shopContext),
    quoteCart(db, cart, { locale, now: now() }),
  ]);
  const billing = book.filter((a) => a.type === 'Billing');
  const shipping = book.filter((a) => a.type === 'Shipping');
  let chosen = shipping[0];
  if (body.shipping_address) {
    chosen = shipping.find((a) => a.id === body.shipping_address);
    if (!chosen) throw apiError('NotFound', [{ field: 'shipping_address', code: 'not_found', message: 'Shipping address not found.' }]);
  }
  const totals = quote.totals(0);
  const policies = chosen
    ? await shippingPoliciesFor(db, { country: chosen.country, context: shopContext, typedCode: body.free_shipping_code }, locale, totals.goods)
    : [];
  const answer: CheckoutInitResponse = {
    customer: { id: customer!.id, business_name: customer!.businessName, first_name: customer!.firstName, last_name: customer!.lastName, email: customer!.email, kind: customer!.kind },
    billing_addresses: billing.map(toAddress),
    shipping_addresses: shipping.map(toAddress),
    billing_address: billing[0]?.id ?? null,
    shipping_address: chosen?.id ?? null,
    payment_methods: methods.map((m) => ({ ...toPaymentMethod(m, locale), ...(m.isContract ? { payment_terms: customer!.paymentTerms } : {}) })),
    shipping_policies: policies,
    cart: quote.summary.header,
    rows: quote.summary.rows.map(toCartRow),
    totals: toCheckoutTotals(totals),
    problems: quote.problems,
  };
  return c.json(answer);
});

checkoutRoutes.post('/', async (c) => {
  const user = requireUser(c);
  const body = await readBody(c, CheckoutBodySchema);
  const rawKey = c.req.header('Idempotency-Key');
  const idempotencyKey = rawKey === undefined ? null : parseOrThrow(IdempotencyKeySchema, rawKey);
  const deps = c.get('deps');
  const locale = c.get('locale');
  const customerId = await resolveCustomer(deps.db, user, body.customer);
  const missing = missingCheckoutFields(body);
  if (missing.length) throw apiError('ValidationFailed', missing);
  const { order, created } = await placeOrder(deps.db, {
    user,
    customerId,
    body: { ...body, billing_address: body.billing_address!, shipping_address: body.shipping_address!, shipping_method: body.shipping_method!, payment_method: body.payment_method! },
    idempotencyKey,
    locale,
    now: deps.now(),
  }).catch((error: unknown) => {
    throw error instanceof IdempotencyKeyReusedError ? apiError('IdempotencyKeyReused') : error;
  });
  // The confirmation was written to the outbox with the order; the worker sends it.
  if (created) deps.wakeMail();
  return c.json(await orderDetail(deps.db, order, locale), created ? 201 : 200);
});
