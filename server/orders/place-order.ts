// Checkout as one transaction: lock the cart and its stock items, re-check stock and prices,
// then write the order, its rows, address snapshots, history (the database issues the confirmation), take the stock,
// count the coupon use and empty the cart. Concurrent checkouts queue on the row locks, so
// they never sell more than there is. The confirmation mail, and the order webhook when one is
// configured, are written to the outbox in the same transaction and sent after the commit (ADR
// 0010, ADR 0029).
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_REUSED, type CheckoutBody } from '../../src/lib/contract/checkout';
import type { ErrorItem, Locale } from '../../src/lib/contract/common';
import { exceedsOrderAmount, shippingPrice } from '../../src/lib/rules/checkout';
import { isReverseCharge, vatTreatment } from '../../src/lib/rules/vat-treatment';
import { LOCALES } from '../../src/lib/contract/locales';
import type { AuthUser } from '../auth/auth-user';
import { couponNotValid, shopError } from '../shop-errors';
import { auditAgentAction } from '../auth/audit';
import { redeemOnce } from '../cart/coupon-store';
import { customerShopContext, lockCustomer } from '../cart/owner';
import type { Db } from '../db/client';
import { enqueueOrderConfirmation } from '../mail/mail-outbox';
import { enqueueOrderWebhook } from '../webhooks/order-webhook-outbox';
import {
  addresses, cartRows, carts, coupons, customers, orderRows, orders, orderStatusHistory, products, productTranslations, variants,
  type L10nJson,
} from '../db/schema';
import { snapshotOf } from './address-book';
import { quoteCart } from './cart-quote';
import { nextOrderNumber } from './order-number';
import type { OrderRecord } from './order-read';
import { paymentMethodsFor, policiesFor } from './shop-options';

export interface PlaceOrderInput {
  user: AuthUser;
  customerId: number;
  body: CheckoutBody & { billing_address: number; shipping_address: number; shipping_method: number; payment_method: number };
  idempotencyKey: string | null;
  locale: Locale;
  now: Date;
  /** An order webhook is configured: the order writes its delivery to the outbox. */
  orderWebhook?: boolean;
}

export interface PlacedOrder {
  order: OrderRecord;
  /** False when an earlier checkout with the same Idempotency-Key made it. */
  created: boolean;
}

const fieldError = (field: string, code: string, message: string): ErrorItem[] => [{ field, code, message }];

/** An Idempotency-Key already used by this customer for a different checkout. */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super(IDEMPOTENCY_KEY_REUSED);
    this.name = 'IdempotencyKeyReusedError';
  }
}

type CartItem = { productId: number; variantId: number | null; qty: number };
const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

/**
 * "<choices>.<contents>": the customer, cart and checkout choices, then the cart's rows and
 * coupon. The order empties the cart, so a genuine retry finds it empty: an empty cart matches
 * any contents, a cart holding something else does not.
 */
function fingerprintOf(input: PlaceOrderInput, couponId: number | null, items: CartItem[]): string {
  const b = input.body;
  const choices = [input.customerId, b.cart, b.billing_address, b.shipping_address, b.shipping_method, b.payment_method, b.notes ?? '', b.free_shipping_code ?? ''];
  const rows = items.map((i) => [i.productId, i.variantId, i.qty]).sort((x, y) => String(x).localeCompare(String(y)));
  return `${sha(choices)}.${sha([couponId, rows])}`;
}

function sameCheckout(stored: string | null, current: string, cartEmpty: boolean): boolean {
  // Orders placed before fingerprints were kept answer as they always did.
  if (stored === null) return true;
  const [storedChoices, storedContents] = stored.split('.');
  const [choices, contents] = current.split('.');
  return storedChoices === choices && (cartEmpty || storedContents === contents);
}

async function cartState(db: Db, cartId: number): Promise<{ couponId: number | null; items: CartItem[] }> {
  const [cart] = await db.select({ couponId: carts.couponId }).from(carts).where(eq(carts.id, cartId));
  const items = await db.select({ productId: cartRows.productId, variantId: cartRows.variantId, qty: cartRows.qty }).from(cartRows).where(eq(cartRows.cartId, cartId));
  return { couponId: cart?.couponId ?? null, items };
}

/** The order made earlier with this key, if the checkout is the same; throws when it is not. */
async function orderByKey(db: Db, input: PlaceOrderInput, cart?: { couponId: number | null; items: CartItem[] }): Promise<OrderRecord | undefined> {
  const key = input.idempotencyKey;
  if (!key) return undefined;
  const [row] = await db.select().from(orders).where(and(eq(orders.customerId, input.customerId), eq(orders.idempotencyKey, key)));
  if (!row) return undefined;
  const current = cart ?? (await cartState(db, input.body.cart));
  if (!sameCheckout(row.idempotencyFingerprint, fingerprintOf(input, current.couponId, current.items), current.items.length === 0)) throw new IdempotencyKeyReusedError();
  return row;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
  }
  return false;
}

export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const earlier = await orderByKey(db, input);
  if (earlier) return { order: earlier, created: false };
  // Taken before the transaction, in a statement of its own (order-number.ts).
  const number = await nextOrderNumber(db, input.now.getUTCFullYear());
  try {
    return await db.transaction((tx) => placeInTransaction(tx, input, number));
  } catch (error) {
    // Two retries raced past the first look-up: the loser answers the winner's order.
    if (isUniqueViolation(error, 'orders_idempotency_uq')) {
      const winner = await orderByKey(db, input);
      if (winner) return { order: winner, created: false };
    }
    throw error;
  }
}

async function placeInTransaction(tx: Db, input: PlaceOrderInput, number: string): Promise<PlacedOrder> {
  const { body, customerId, locale, now } = input;
  // The cart lock queues a second checkout of the same cart behind this one.
  const [cart] = await tx.select().from(carts).where(eq(carts.id, body.cart)).for('update');
  if (!cart || cart.customerId !== customerId) throw shopError('NotFound', fieldError('cart', 'not_found', 'Cart not found.'));
  const items = await tx.select({ productId: cartRows.productId, variantId: cartRows.variantId, qty: cartRows.qty }).from(cartRows).where(eq(cartRows.cartId, cart.id));
  const earlier = await orderByKey(tx, input, { couponId: cart.couponId, items });
  if (earlier) return { order: earlier, created: false };
  // A coupon's terms read the customer's orders: one checkout with a coupon per customer at a
  // time, so a second one sees the first's order (and its redemption) when it reads them.
  if (cart.couponId !== null) await lockCustomer(tx, customerId);
  // The customer's kind decides what it may choose, not the context the cart was opened in.
  const shopContext = await customerShopContext(tx, customerId, cart.shopContext);

  const book = await tx
    .select()
    .from(addresses)
    .where(and(inArray(addresses.id, [body.billing_address, body.shipping_address]), eq(addresses.customerId, customerId), isNull(addresses.deletedAt)));
  const billing = book.find((a) => a.id === body.billing_address);
  const shipping = book.find((a) => a.id === body.shipping_address);
  if (!billing) throw shopError('NotFound', fieldError('billing_address', 'not_found', 'Billing address not found.'));
  if (!shipping) throw shopError('NotFound', fieldError('shipping_address', 'not_found', 'Shipping address not found.'));
  if (billing.type !== 'Billing') throw shopError('ValidationFailed', fieldError('billing_address', 'invalid', 'This is not a billing address.'));
  if (shipping.type !== 'Shipping') throw shopError('ValidationFailed', fieldError('shipping_address', 'invalid', 'This is not a shipping address.'));

  // One query at a time: a transaction is one connection.
  const policies = await policiesFor(tx, { country: shipping.country, context: shopContext, typedCode: body.free_shipping_code });
  const methods = await paymentMethodsFor(tx, shopContext);
  const policy = policies.find((p) => p.policy.id === body.shipping_method)?.policy;
  if (!policy) throw shopError('ValidationFailed', fieldError('shipping_method', 'invalid', 'This shipping method is not available for the chosen address.'));
  const payment = methods.find((m) => m.id === body.payment_method);
  if (!payment) throw shopError('ValidationFailed', fieldError('payment_method', 'invalid', 'This payment method is not available.'));
  // "As per contract": the order keeps the terms agreed at the time, in every locale, as it keeps the method's name.
  const [customer] = await tx.select({ terms: customers.paymentTerms, kind: customers.kind, vatNumber: customers.vatNumber }).from(customers).where(eq(customers.id, customerId));
  const terms = payment.isContract ? (customer?.terms ?? null) : null;
  // Reverse charge for a business of another EU state, delivered there (ADR 0024).
  const treatment = vatTreatment({
    customerKind: customer?.kind ?? 'b2c',
    vatNumber: billing.vatNumber || customer?.vatNumber,
    shippingCountry: shipping.country,
    billingCountry: billing.country,
  }).treatment;
  const reverseCharge = isReverseCharge(treatment);

  // Lock every stock item of the cart in id order, so two checkouts sharing items cannot deadlock.
  if (items.length === 0) throw shopError('InvalidOrder');
  const productIds = [...new Set(items.map((i) => i.productId))];
  const variantIds = [...new Set(items.flatMap((i) => (i.variantId === null ? [] : [i.variantId])))];
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.id)).for('update');
  const lockedVariants = variantIds.length
    ? await tx.select({ id: variants.id, name: variants.name }).from(variants).where(inArray(variants.id, variantIds)).orderBy(asc(variants.id)).for('update')
    : [];

  // Read after the locks: prices, promotion, coupon and stock as they are now.
  const quote = await quoteCart(tx, cart, { locale, now });
  if (quote.lines.length === 0) throw shopError('InvalidOrder');
  if (quote.problems.length) throw shopError('OutOfStock', quote.problems);
  // The terms are checked again now: an order is never placed with a coupon they refuse.
  if (cart.couponId !== null && quote.summary.couponProblem) {
    const [terms] = await tx.select({ minOrder: coupons.minOrder }).from(coupons).where(eq(coupons.id, cart.couponId));
    throw couponNotValid(quote.summary.couponProblem, { minimum: terms?.minOrder });
  }

  const coupon = quote.summary.coupon;
  if (coupon) {
    const counted = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses))))
      .returning({ id: coupons.id });
    if (counted.length === 0) throw shopError('Conflict', fieldError('coupon', 'used_up', 'The coupon is not valid.'), 'The coupon is not valid.');
  }

  const goods = quote.totals(0).goods;
  const totals = quote.totals(shippingPrice({ price: policy.price, freeFrom: policy.freeFrom }, goods), { paymentFee: payment.fee, reverseCharge });
  if (exceedsOrderAmount(totals, quote.lines.map(({ row }) => row.total))) {
    throw shopError('OrderTooLarge', fieldError('cart', 'total_too_large', 'The order total is beyond what an order can hold.'));
  }
  const [order] = await tx
    .insert(orders)
    .values({
      number,
      customerId,
      userId: input.user.id,
      agentId: input.user.isAgent ? input.user.id : null,
      seasonId: cart.seasonId,
      shopContext,
      status: 'Pending',
      billingAddress: snapshotOf(billing),
      shippingAddress: snapshotOf(shipping),
      shippingPolicyId: policy.id,
      shippingMethod: { code: policy.code, name: policy.name },
      paymentMethodId: payment.id,
      paymentMethod: { code: payment.code, name: payment.name, ...(terms ? { terms } : {}) },
      couponCode: coupon?.code ?? null,
      promotionId: quote.summary.promotionId,
      subtotal: totals.subtotal,
      discount: totals.discount,
      shippingTotal: totals.shipping,
      paymentFee: totals.paymentFee,
      vatTreatment: treatment,
      taxTotal: totals.tax,
      total: totals.total,
      notes: body.notes,
      locale,
      idempotencyKey: input.idempotencyKey,
      idempotencyFingerprint: input.idempotencyKey ? fingerprintOf(input, cart.couponId, items) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();

  if (coupon?.oncePerCustomer && !(await redeemOnce(tx, coupon.id, customerId, order!.id))) throw couponNotValid('already_used');

  const names = await namesInAllLocales(tx, productIds);
  const variantName = new Map(lockedVariants.map((v) => [v.id, v.name]));
  await tx.insert(orderRows).values(
    quote.lines.map(({ row }) => {
      const productName = names.get(row.product) ?? { it: row.product_detail.name };
      const vName = row.variant === null ? undefined : variantName.get(row.variant);
      return {
        orderId: order!.id,
        productId: row.product,
        variantId: row.variant,
        code: row.product_detail.code,
        name: vName ? joinNames(productName, vName) : productName,
        qty: row.qty,
        unitPrice: row.price,
        // The rate charged: none under reverse charge (the buyer accounts for the VAT).
        vatRate: reverseCharge ? 0 : row.product_detail.vat_rate,
        total: row.total,
      };
    }),
  );
  await tx.insert(orderStatusHistory).values({ orderId: order!.id, status: 'Pending', note: 'Order placed', createdAt: now });
  // The order's insert issued its confirmation (a trigger: invoice and delivery note follow its status, ADR 0017).

  await takeStock(tx, quote.lines.map(({ row }) => ({ productId: row.product, variantId: row.variant, qty: row.qty })));
  await tx.delete(cartRows).where(eq(cartRows.cartId, cart.id));
  await tx.update(carts).set({ couponId: null }).where(eq(carts.id, cart.id));
  await auditAgentAction(tx, input.user, customerId, 'checkout', 'order', order!.id, { number, total: totals.total, cart: cart.id });
  await enqueueOrderConfirmation(tx, order!.id, locale, now);
  if (input.orderWebhook) await enqueueOrderWebhook(tx, order!.id, now);
  return { order: order!, created: true };
}

/** Product names in every locale, for the order rows (later renames do not change orders). */
async function namesInAllLocales(tx: Db, productIds: number[]): Promise<Map<number, L10nJson>> {
  const rows = await tx.select().from(productTranslations).where(inArray(productTranslations.productId, productIds));
  const out = new Map<number, L10nJson>();
  for (const r of rows) {
    const name = out.get(r.productId) ?? { it: r.name };
    name[r.locale] = r.name;
    out.set(r.productId, name);
  }
  return out;
}

const joinNames = (product: L10nJson, variant: L10nJson): L10nJson => {
  const out: L10nJson = { it: `${product.it} - ${variant.it}` };
  for (const l of LOCALES) if (l !== 'it') out[l] = `${product[l] ?? product.it} - ${variant[l] ?? variant.it}`;
  return out;
};

/** One statement per table for all rows; backorderable stock may go below zero. */
async function takeStock(tx: Db, items: { productId: number; variantId: number | null; qty: number }[]) {
  const plain = items.filter((i) => i.variantId === null);
  const ofVariants = items.filter((i) => i.variantId !== null);
  if (plain.length) {
    const values = sql.join(plain.map((i) => sql`(${i.productId}::int, ${i.qty}::int)`), sql`, `);
    await tx.execute(sql`update products p set quantity = p.quantity - v.qty from (values ${values}) as v(id, qty) where p.id = v.id`);
  }
  if (ofVariants.length) {
    const values = sql.join(ofVariants.map((i) => sql`(${i.variantId}::int, ${i.qty}::int)`), sql`, `);
    await tx.execute(sql`update variants t set quantity = t.quantity - v.qty from (values ${values}) as v(id, qty) where t.id = v.id`);
  }
}
