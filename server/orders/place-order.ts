// Checkout (ADR 0037). Everything that can be read and computed is done first, on the pool and
// under no lock: the cart, addresses, shipping and payment choices, VAT treatment, the quote with
// its prices, promotion and coupon, the totals and the order's rows make a plan. A short
// transaction then checks the plan and writes it: it locks the cart (a second checkout of it
// queues) and answers an earlier order of the same Idempotency-Key, writes the order, its rows,
// history and the outbox rows (the confirmation mail and, when configured, the order webhook,
// sent after the commit, PDFs included: ADR 0010, ADR 0029), then takes the stock with
// conditional decrements in a fixed order (no product row is read under lock), counts the
// coupon and compares a fingerprint of the prices with the plan's. A plan the database no
// longer matches (the cart, a price or the coupon's terms changed meanwhile) is made again.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_REUSED, type CheckoutBody } from '../../src/lib/contract/checkout';
import type { ErrorItem, Locale } from '../../src/lib/contract/common';
import { availableForOrder, exceedsOrderAmount, shippingPrice } from '../../src/lib/rules/checkout';
import type { CouponCustomer } from '../../src/lib/rules/coupon';
import { shopContextFor } from '../../src/lib/rules/shop-context';
import { holdingContexts, type StockEffect } from '../../src/lib/rules/stock-effect';
import { isReverseCharge, vatTreatment } from '../../src/lib/rules/vat-treatment';
import { LOCALES } from '../../src/lib/contract/locales';
import type { AuthUser } from '../auth/auth-user';
import { couponNotValid, shopError } from '../shop-errors';
import { auditAgentAction } from '../auth/audit';
import type { CartRecord } from '../cart/cart-rows';
import type { CouponRecord } from '../cart/cart-summary';
import { couponCustomer, redeemOnce } from '../cart/coupon-store';
import { lockCustomer } from '../cart/owner';
import { cartSettingsColumn, cartSettingsOf, heldByCarts, stockKey, type CartSettings } from '../cart/stock';
import type { Db } from '../db/client';
import { isTransientConflict } from '../db/faults';
import { anyOf, prepared, preparedSql } from '../db/prepared';
import { orderConfirmationMails } from '../mail/mail-outbox';
import { enqueueOrderWebhook } from '../webhooks/order-webhook-outbox';
import { cartRows, carts, coupons, customers, type orderDocuments, type orderRows, orders, type orderStatusHistory, variants, type L10nJson } from '../db/schema';
import { customerAddresses, snapshotOf } from './address-book';
import { quoteCart } from './cart-quote';
import { nextOrderNumber } from './order-number';
import type { OrderKnown, OrderRecord } from './order-read';
import { priceFingerprint, stockNow, takeStock, type PriceInputs, type StockItem } from './order-stock';
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
  /** What the checkout wrote and read besides the order, so that its answer does not read it back. */
  written?: OrderKnown;
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

type CustomerRecord = typeof customers.$inferSelect;

/** The cart, its rows, its customer and the cart settings, in one named statement (the plan's first read). */
async function cartWithItems(
  db: Db,
  cartId: number,
): Promise<{ cart: CartRecord | undefined; items: CartItem[]; customer: CustomerRecord | undefined; settings: CartSettings | undefined }> {
  const rows = await prepared(db, 'cart_with_items_customer_settings', (db) =>
    db
      .select({
        cart: carts,
        customer: customers,
        item: { productId: cartRows.productId, variantId: cartRows.variantId, qty: cartRows.qty },
        settings: cartSettingsColumn(),
      })
      .from(carts)
      .innerJoin(customers, eq(customers.id, carts.customerId))
      .leftJoin(cartRows, eq(cartRows.cartId, carts.id))
      .where(eq(carts.id, sql.placeholder('cart'))),
  ).execute({ cart: cartId });
  const first = rows[0];
  return { cart: first?.cart, customer: first?.customer, settings: first && cartSettingsOf(first.settings), items: rows.flatMap((r) => (r.item ? [r.item] : [])) };
}

async function cartState(db: Db, cartId: number): Promise<{ couponId: number | null; items: CartItem[] }> {
  const { cart, items } = await cartWithItems(db, cartId);
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

/** The plan no longer matches the database: the transaction rolls back and the checkout plans again. */
class StalePlan extends Error {}

/** Plans made for one checkout before it gives up (each one invalidated by a change made meanwhile). */
const MAX_PLANS = 3;

type PlannedStock = StockItem & { productId: number; field: string; code: string };

interface OrderPlan {
  cart: CartRecord;
  items: CartItem[];
  stock: PlannedStock[];
  /** Set when carts' rows hold stock (ADR 0016): an order may take the stock less the other carts' fresh holds. */
  holds: StockEffect | null;
  prices: PriceInputs;
  fingerprint: string;
  coupon: CouponRecord | null;
  couponCustomer: CouponCustomer | null;
  /** The customer as the plan read it (the order's answer shows its names). */
  customer: OrderKnown['customer'];
  order: Omit<OrderValues, 'number'>;
  rows: Omit<typeof orderRows.$inferInsert, 'orderId'>[];
}

export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const earlier = await orderByKey(db, input);
  if (earlier) return { order: earlier, created: false };
  let number: string | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      const plan = await planOrder(db, input);
      if ('earlier' in plan) return { order: plan.earlier, created: false };
      // Taken once the checkout is known to be valid, in a statement of its own (order-number.ts).
      number ??= await nextOrderNumber(db, input.now.getUTCFullYear());
      const taken = number;
      return await db.transaction((tx) => commitPlan(tx, input, plan, taken));
    } catch (error) {
      // A deadlock's victim or a failed serialisation was rolled back whole: plan again, as for a
      // stale plan. The short transaction locks in a fixed order (order-stock.ts), so this should
      // not happen; if a path nobody foresaw meets one, the shopper still gets the order.
      if (isTransientConflict(error)) {
        if (attempt < MAX_PLANS) continue;
        throw error;
      }
      if (error instanceof StalePlan) {
        if (attempt < MAX_PLANS) continue;
        throw shopError('Conflict', fieldError('cart', 'changed', 'The cart or its prices changed while the order was being placed.'));
      }
      // Two retries raced past the first look-up: the loser answers the winner's order.
      if (isUniqueViolation(error, 'orders_idempotency_uq')) {
        const winner = await orderByKey(db, input);
        if (winner) return { order: winner, created: false };
      }
      throw error;
    }
  }
}

/** Reads and computes the order on the pool, under no lock; refuses here what it already can. */
async function planOrder(db: Db, input: PlaceOrderInput): Promise<OrderPlan | { earlier: OrderRecord }> {
  const { body, customerId, locale, now } = input;
  const [{ cart, items, customer, settings }, book] = await Promise.all([
    cartWithItems(db, body.cart),
    customerAddresses(db, customerId, [body.billing_address, body.shipping_address]),
  ]);
  if (!cart || !settings || cart.customerId !== customerId) throw shopError('NotFound', fieldError('cart', 'not_found', 'Cart not found.'));
  const effect = settings.effect;
  // A retry of an order placed meanwhile finds the cart emptied by that order.
  if (items.length === 0 && input.idempotencyKey) {
    const earlier = await orderByKey(db, input, { couponId: cart.couponId, items });
    if (earlier) return { earlier };
  }
  // The customer's kind decides what it may choose, not the context the cart was opened in.
  const shopContext = shopContextFor(customer?.kind, cart.shopContext);
  const billing = book.find((a) => a.id === body.billing_address);
  const shipping = book.find((a) => a.id === body.shipping_address);
  if (!billing) throw shopError('NotFound', fieldError('billing_address', 'not_found', 'Billing address not found.'));
  if (!shipping) throw shopError('NotFound', fieldError('shipping_address', 'not_found', 'Shipping address not found.'));
  if (billing.type !== 'Billing') throw shopError('ValidationFailed', fieldError('billing_address', 'invalid', 'This is not a billing address.'));
  if (shipping.type !== 'Shipping') throw shopError('ValidationFailed', fieldError('shipping_address', 'invalid', 'This is not a shipping address.'));

  const prices: PriceInputs = {
    customerId,
    seasonId: cart.seasonId,
    productIds: [...new Set(items.map((i) => i.productId))],
    variantIds: [...new Set(items.flatMap((i) => (i.variantId === null ? [] : [i.variantId])))],
    shippingPolicyId: body.shipping_method,
    paymentMethodId: body.payment_method,
  };
  // Read before the quote reads the prices: a change made after this read shows in the
  // transaction's fingerprint, one made before it is in the quote.
  const [policies, methods, fingerprint] = await Promise.all([
    policiesFor(db, { country: shipping.country, context: shopContext, typedCode: body.free_shipping_code, freeCode: settings.freeShippingCode }),
    paymentMethodsFor(db, shopContext),
    priceFingerprint(db, prices),
  ]);
  const policy = policies.find((p) => p.policy.id === body.shipping_method)?.policy;
  if (!policy) throw shopError('ValidationFailed', fieldError('shipping_method', 'invalid', 'This shipping method is not available for the chosen address.'));
  const payment = methods.find((m) => m.id === body.payment_method);
  if (!payment) throw shopError('ValidationFailed', fieldError('payment_method', 'invalid', 'This payment method is not available.'));
  // "As per contract": the order keeps the terms agreed at the time, in every locale, as it keeps the method's name.
  const terms = payment.isContract ? (customer?.paymentTerms ?? null) : null;
  // Reverse charge for a business of another EU state, delivered there (ADR 0024).
  const treatment = vatTreatment({
    customerKind: customer?.kind ?? 'b2c',
    vatNumber: billing.vatNumber || customer?.vatNumber,
    shippingCountry: shipping.country,
    billingCountry: billing.country,
  }).treatment;
  const reverseCharge = isReverseCharge(treatment);

  if (items.length === 0) throw shopError('InvalidOrder');
  const [quote, variantNames] = await Promise.all([
    quoteCart(db, cart, { locale, now, effect }),
    prices.variantIds.length
      ? prepared(db, 'variant_names', (db) => db.select({ id: variants.id, name: variants.name }).from(variants).where(anyOf(variants.id, 'ids'))).execute({ ids: prices.variantIds })
      : Promise.resolve([]),
  ]);
  // The quote read the rows again: a checkout of the same cart (a retry) may have emptied it meanwhile.
  if (!sameItems(items, quote.summary.rows.map((r) => ({ productId: r.product, variantId: r.variant, qty: r.qty })))) throw new StalePlan();
  if (quote.lines.length === 0) throw shopError('InvalidOrder');
  // Short stock is refused here already; the transaction's decrements have the last word.
  if (quote.problems.length) throw shopError('OutOfStock', quote.problems);
  // An order is never placed with a coupon whose terms refuse it.
  if (cart.couponId !== null && quote.summary.couponProblem) {
    const [coupon] = await db.select({ minOrder: coupons.minOrder }).from(coupons).where(eq(coupons.id, cart.couponId));
    throw couponNotValid(quote.summary.couponProblem, { minimum: coupon?.minOrder });
  }
  const goods = quote.totals(0).goods;
  const totals = quote.totals(shippingPrice({ price: policy.price, freeFrom: policy.freeFrom }, goods), { paymentFee: payment.fee, reverseCharge });
  if (exceedsOrderAmount(totals, quote.lines.map(({ row }) => row.total))) {
    throw shopError('OrderTooLarge', fieldError('cart', 'total_too_large', 'The order total is beyond what an order can hold.'));
  }

  const coupon = quote.summary.coupon;
  const variantName = new Map(variantNames.map((v) => [v.id, v.name]));
  return {
    cart,
    items,
    stock: quote.lines.map(({ row }) => ({
      table: row.variant === null ? 'products' : 'variants',
      id: row.variant ?? row.product,
      productId: row.product,
      qty: row.qty,
      field: row.variant === null ? `product.${row.product}` : `variant.${row.variant}`,
      code: row.product_detail.code,
    })),
    holds: holdingContexts(effect).length ? effect : null,
    prices,
    fingerprint,
    coupon,
    couponCustomer: quote.summary.couponCustomer,
    customer,
    order: {
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
      notes: body.notes ?? '',
      locale,
      idempotencyKey: input.idempotencyKey,
      idempotencyFingerprint: input.idempotencyKey ? fingerprintOf(input, cart.couponId, items) : null,
      createdAt: now,
      updatedAt: now,
    },
    rows: quote.lines.map(({ row }) => {
      // In every locale, as the cart's read found them (later renames do not change orders).
      const productName = row.names ?? { it: row.product_detail.name };
      const vName = row.variant === null ? undefined : variantName.get(row.variant);
      return {
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
  };
}

const itemKey = (i: CartItem) => `${i.productId}:${i.variantId ?? ''}:${i.qty}`;
const sameItems = (a: CartItem[], b: CartItem[]) => a.length === b.length && a.map(itemKey).sort().join('|') === b.map(itemKey).sort().join('|');

/** A coupon as its terms read it: everything but the count of uses, which checkouts move. */
const couponTerms = ({ usedCount: _used, ...terms }: CouponRecord) => JSON.stringify(terms);

/** The columns an order is written with: one statement text, sent by name (ADR 0041). */
const ORDER_COLUMNS = [
  'number',
  'customerId',
  'userId',
  'agentId',
  'seasonId',
  'shopContext',
  'status',
  'billingAddress',
  'shippingAddress',
  'shippingPolicyId',
  'shippingMethod',
  'paymentMethodId',
  'paymentMethod',
  'couponCode',
  'promotionId',
  'subtotal',
  'discount',
  'shippingTotal',
  'paymentFee',
  'vatTreatment',
  'taxTotal',
  'total',
  'notes',
  'locale',
  'idempotencyKey',
  'idempotencyFingerprint',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

type OrderValues = Required<Pick<typeof orders.$inferInsert, (typeof ORDER_COLUMNS)[number]>>;

const insertOrder = (tx: Db) =>
  prepared(tx, 'insert_order', (db) =>
    db
      .insert(orders)
      // Placeholders carry their column's encoder (the JSON of an address, a date's ISO text).
      .values(Object.fromEntries(ORDER_COLUMNS.map((c) => [c, sql.placeholder(c)])) as unknown as typeof orders.$inferInsert)
      .returning(),
  ) as { execute(values: OrderValues): Promise<(typeof orders.$inferSelect)[]> };

/** The order's rows from one JSON parameter: one statement text whatever their number. */
const insertOrderRows = (tx: Db) =>
  preparedSql<never>(
    tx,
    'insert_order_rows',
    () => sql`insert into order_rows (order_id, product_id, variant_id, code, name, qty, unit_price, vat_rate, total)
      select ${sql.placeholder('order')}::int, r."productId", r."variantId", r.code, r.name, r.qty, r."unitPrice", r."vatRate", r.total
      from rows from (jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
        as ("productId" int, "variantId" int, code text, name jsonb, qty int, "unitPrice" numeric, "vatRate" numeric, total numeric))
        with ordinality as r("productId", "variantId", code, name, qty, "unitPrice", "vatRate", total, position)
      order by r.position`,
  );

type HistoryRecord = typeof orderStatusHistory.$inferSelect;
type DocumentRecord = typeof orderDocuments.$inferSelect;

/**
 * What follows a written order, in one statement: its first history entry, its confirmation
 * mails to the outbox, and the documents its insert issued (a trigger: ADR 0017), which the
 * answer shows. One round trip instead of three (ADR 0041).
 */
async function orderFollowUps(tx: Db, orderId: number, locale: Locale, now: Date): Promise<{ history: HistoryRecord[]; documents: DocumentRecord[] }> {
  const [row] = await preparedSql<{ history: unknown; documents: unknown }>(tx, 'order_follow_ups', () => {
    const order = sql`${sql.placeholder('order')}::int`;
    const at = sql`${sql.placeholder('now')}::timestamptz`;
    return sql`with history as (
        insert into order_status_history (order_id, status, note, created_at) values (${order}, 'Pending', 'Order placed', ${at})
        returning id, order_id, status, note, created_at
      ), mails as (${orderConfirmationMails(order, sql`${sql.placeholder('locale')}::text`, at)})
      select (select json_agg(history) from history) as history,
        (select coalesce(json_agg(d order by d.id), '[]'::json) from order_documents d where d.order_id = ${order}) as documents`;
  }).rows({ order: orderId, locale, now: now.toISOString() });
  // JSON comes parsed from either driver; its times are text.
  const history = row!.history as { id: number; order_id: number; status: HistoryRecord['status']; note: string | null; created_at: string }[];
  const documents = row!.documents as { id: number; order_id: number; type: DocumentRecord['type']; number: string; issued_at: string }[];
  return {
    history: history.map((h) => ({ id: h.id, orderId: h.order_id, status: h.status, note: h.note, createdAt: new Date(h.created_at) })),
    documents: documents.map((d) => ({ id: d.id, orderId: d.order_id, type: d.type, number: d.number, issuedAt: new Date(d.issued_at) })),
  };
}

/** The transaction: checks the plan against the database, then writes it. */
async function commitPlan(tx: Db, input: PlaceOrderInput, plan: OrderPlan, number: string): Promise<PlacedOrder> {
  const { customerId, now } = input;
  // The cart lock queues a second checkout of the same cart behind this one; one statement reads
  // its rows too. No key update: a row added to the cart meanwhile (which locks the stock item,
  // then shares the cart's key) does not wait for this one, which may wait for its stock item.
  const locked = await preparedSql<{ coupon_id: number | null; product_id: number | null; variant_id: number | null; qty: number | null }>(
    tx,
    'checkout_lock_cart',
    () =>
      sql`select c.coupon_id, r.product_id, r.variant_id, r.qty from carts c left join cart_rows r on r.cart_id = c.id where c.id = ${sql.placeholder('cart')}::int for no key update of c`,
  ).rows({ cart: plan.cart.id });
  if (locked.length === 0) throw shopError('NotFound', fieldError('cart', 'not_found', 'Cart not found.'));
  const couponId = locked[0]!.coupon_id;
  const items = locked.flatMap((r) => (r.product_id === null ? [] : [{ productId: r.product_id, variantId: r.variant_id, qty: r.qty! }]));
  if (input.idempotencyKey) {
    const earlier = await orderByKey(tx, input, { couponId, items });
    if (earlier) return { order: earlier, created: false };
  }
  if (couponId !== plan.cart.couponId || !sameItems(items, plan.items)) throw new StalePlan();
  if (plan.coupon) {
    // A coupon's terms read the customer's orders: one checkout with a coupon per customer at a
    // time, so a second one sees the first's order (and its redemption) here and plans again.
    await lockCustomer(tx, customerId);
    const customer = await couponCustomer(tx, customerId, plan.coupon);
    if (JSON.stringify(customer) !== JSON.stringify(plan.couponCustomer)) throw new StalePlan();
  }

  // The writes come before the stock: they lock nothing anybody else waits for, and the stock
  // items' rows are then held only from their decrement to the commit (ADR 0037).
  const [order] = await insertOrder(tx).execute({ ...plan.order, number });
  if (plan.coupon?.oncePerCustomer && !(await redeemOnce(tx, plan.coupon.id, customerId, order!.id))) throw couponNotValid('already_used');
  await insertOrderRows(tx).rows({ order: order!.id, rows: JSON.stringify(plan.rows) });
  const { history, documents } = await orderFollowUps(tx, order!.id, input.locale, now);
  // The order's insert issued its confirmation (a trigger: invoice and delivery note follow its status, ADR 0017).
  if (couponId !== null) await tx.update(carts).set({ couponId: null }).where(eq(carts.id, plan.cart.id));
  await auditAgentAction(tx, input.user, customerId, 'checkout', 'order', order!.id, { number, total: plan.order.total, cart: plan.cart.id });
  if (input.orderWebhook) await enqueueOrderWebhook(tx, order!.id, now);

  await takeStockOrRefuse(tx, plan, now);
  // After the stock: an add or a hold renewal locks the stock item, then the cart's row, in
  // that order too, so one of the same cart at the same moment cannot deadlock with this.
  await prepared(tx, 'empty_cart', (db) => db.delete(cartRows).where(eq(cartRows.cartId, sql.placeholder('cart')))).execute({ cart: plan.cart.id });
  if (plan.coupon) {
    const [counted] = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.id, plan.coupon.id), or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses))))
      .returning();
    if (!counted) throw shopError('Conflict', fieldError('coupon', 'used_up', 'The coupon is not valid.'), 'The coupon is not valid.');
    if (couponTerms(counted) !== couponTerms(plan.coupon)) throw new StalePlan();
  }
  // Read with the stock items' rows locked: a change of their prices committed before is seen
  // here, a later one waits for this commit. The order is priced as of this moment (ADR 0037).
  if ((await priceFingerprint(tx, plan.prices)) !== plan.fingerprint) throw new StalePlan();
  return { order: order!, created: true, written: { customer: plan.customer, history, documents, rowsCount: plan.rows.length } };
}

/**
 * Takes the order's stock (conditional decrements, order-stock.ts); throws the spec's
 * out-of-stock refusal naming every row the stock does not cover, and the transaction rolls
 * back what was taken from the others.
 */
async function takeStockOrRefuse(tx: Db, plan: OrderPlan, now: Date): Promise<void> {
  const key = (s: StockItem) => `${s.table}:${s.id}`;
  const taken = await takeStock(tx, plan.stock);
  const short = plan.stock.filter((s) => !taken.has(key(s)));
  // The decrements' row locks are held: holds taken before them are all read here, and a later
  // add waits for this commit and sees the stock it leaves. What is left must still cover the
  // other carts' fresh holds (ADR 0016).
  const held = plan.holds ? await heldByCarts(tx, plan.prices.productIds, plan.holds, now, plan.cart.id) : new Map<string, number>();
  if (plan.holds) {
    for (const s of plan.stock) {
      const left = taken.get(key(s));
      if (left && !left.isBackorderable && left.quantity < heldFor(held, s)) short.push(s);
    }
  }
  if (short.length === 0) return;
  const current = await stockNow(tx, short);
  throw shopError(
    'OutOfStock',
    short.map((s) => {
      // Taken items are read as they were before this checkout took them.
      const stock = taken.has(key(s)) ? taken.get(key(s))!.quantity + s.qty : (current.get(key(s))?.quantity ?? 0);
      const available = availableForOrder({ quantity: stock, heldByOthers: heldFor(held, s), isBackorderable: false }) ?? 0;
      return { field: s.field, code: 'quantity_not_available', message: `${s.code}: only ${available} available, ${s.qty} requested.` };
    }),
  );
}

const heldFor = (held: Map<string, number>, s: PlannedStock) => held.get(stockKey(s.productId, s.table === 'variants' ? s.id : null)) ?? 0;

const joinNames = (product: L10nJson, variant: L10nJson): L10nJson => {
  const out: L10nJson = { it: `${product.it} - ${variant.it}` };
  for (const l of LOCALES) if (l !== 'it') out[l] = `${product[l] ?? product.it} - ${variant[l] ?? variant.it}`;
  return out;
};
