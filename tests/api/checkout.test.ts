import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addresses, auditLog, cartRows, carts, coupons, orderDocuments, orderRows, orders, orderStatusHistory, products, seasons } from '../../server/db/schema';
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { lastChangeId } from '../../server/pages/page-changes';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct, setSetting, stockOf, userId } from '../support/checkout-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b: string;
let b2b2: string;
let agent: string;
let agent2: string;
let consumer: string;
let c1: number;
let c2: number;
let c6: number;
let a1: { billing: number; shipping: number };
let a2: { billing: number; shipping: number };
let a6: { billing: number; shipping: number };
const method: Record<string, number> = {};
const policy: Record<string, number> = {};

const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  [b2b, b2b2, agent, agent2, consumer] = await Promise.all([
    shop.login(...LOGINS.b2b),
    shop.login(...LOGINS.b2b2),
    shop.login(...LOGINS.agent),
    shop.login(...LOGINS.agent2),
    shop.login(...LOGINS.consumer),
  ]);
  [c1, c2, c6] = (await Promise.all(['C0001', 'C0002', 'C0006'].map((code) => customerId(db(), code)))) as [number, number, number];
  a1 = await defaultAddresses(db(), c1);
  a2 = await defaultAddresses(db(), c2);
  a6 = await defaultAddresses(db(), c6);
  const ids = await checkoutChoiceIds(db());
  Object.assign(method, ids.method);
  Object.assign(policy, ids.policy);
});
afterAll(() => shop?.close());
beforeEach(async () => {
  // Mail of earlier tests goes out first, so each test sees its own.
  await shop.drainMail();
  shop.mail.length = 0;
  await setSetting(db(), 'CART_ROWS_AFFECT_STOCK', 'true');
});

/** POST checkout/ with an optional Idempotency-Key. */
async function checkout<T = OrderDetail>(token: string | undefined, body: unknown, options: { key?: string; query?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Token ${token}`;
  if (options.key !== undefined) headers['Idempotency-Key'] = options.key;
  const response = await shop.call(`checkout/${options.query ?? ''}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * Makes the database's transactions deadlock victims: each does all its work, then PostgreSQL
 * rolls it back with 40P01, as it does the victim of a real deadlock. `once` makes only the first.
 */
function deadlockVictims(options: { once: boolean }) {
  const database = db();
  const real = database.transaction.bind(database);
  const victim = ((work: Parameters<typeof real>[0], config?: Parameters<typeof real>[1]) =>
    real(async (tx) => {
      await work(tx);
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    }, config)) as typeof real;
  const spy = vi.spyOn(database, 'transaction');
  return options.once ? spy.mockImplementationOnce(victim) : spy.mockImplementation(victim);
}

const b2bChoice = (cart: number) => ({ cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] });

describe('POST checkout/init/', () => {
  it('needs a signed-in user', async () => {
    expect((await shop.send('POST', 'checkout/init/', { body: { cart: 1 } })).status).toBe(401);
  });

  it('answers addresses, the b2b payment methods, the policies for the default address and the cart', async () => {
    const a = await makeProduct(db(), { price: 100, vatRate: 22 });
    const b = await makeProduct(db(), { price: 20, vatRate: 10 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: a.id, qty: 1 }, { product: b.id, qty: 2 }] });
    const { status, body } = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token: b2b, body: { cart } });
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ id: c1, kind: 'b2b' });
    expect(body.billing_addresses.map((x) => x.type)).toEqual(['Billing']);
    expect(body.shipping_addresses).toHaveLength(2);
    expect(body.shipping_address).toBe(a1.shipping);
    expect(body.billing_address).toBe(a1.billing);
    expect(body.payment_methods.map((m) => m.code)).toEqual(['bank-transfer', 'card', 'riba-30', 'as-per-contract']);
    expect(body.payment_methods.find((m) => m.is_contract)!.payment_terms).toBe('Bonifico bancario 30 gg fine mese');
    expect(body.shipping_policies.map((p) => p.code)).toEqual(['courier-it', 'pallet-it', 'pickup']);
    // 140 of goods: the courier is not free yet.
    expect(body.shipping_policies[0]!.price).toBe(9.9);
    expect(body.cart).toMatchObject({ id: cart, customer: c1, subtotal: 140, final_price: 140 });
    expect(body.rows.map((r) => r.product)).toEqual([a.id, b.id]);
    expect(body.totals).toMatchObject({ subtotal: 140, discount: 0, final_price: 140, shipping: 0, tax: 26, total: 166 });
    expect(body.totals.vat).toEqual([
      { rate: 10, base: 40, tax: 4 },
      { rate: 22, base: 100, tax: 22 },
    ]);
    expect(body.problems).toEqual([]);
  });

  it('answers the policies of a chosen shipping address, and the free-shipping one with its code', async () => {
    const [second] = await db().select().from(addresses).where(and(eq(addresses.customerId, c1), eq(addresses.isDefault, false), eq(addresses.type, 'Shipping')));
    const cart = await makeCart(db(), { customer: c1, rows: [] });
    const { body } = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token: b2b, body: { cart, shipping_address: second!.id, free_shipping_code: 'spedizionegratis' } });
    expect(body.shipping_address).toBe(second!.id);
    expect(body.shipping_policies.map((p) => p.code)).toContain('SPEDIZIONEGRATIS');
    expect(body.rows).toEqual([]);
  });

  it('answers b2c methods and policies for a consumer cart', async () => {
    const p = await makeProduct(db(), { price: 200 });
    const cart = await makeCart(db(), { customer: c6, context: 'b2c', rows: [{ product: p.id, qty: 1 }] });
    const { status, body } = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/?shop_context=b2c', { token: consumer, body: { cart } });
    expect(status).toBe(200);
    expect(body.payment_methods.map((m) => m.code)).toEqual(['bank-transfer', 'card', 'cash-on-delivery']);
    expect(body.shipping_policies.map((p) => p.code)).toEqual(['courier-it', 'pickup']);
    expect(body.shipping_policies[0]!.price).toBe(0);
  });

  it('lists rows the stock no longer covers', async () => {
    const p = await makeProduct(db(), { quantity: 1 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 3 }] });
    const { body } = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token: b2b, body: { cart } });
    expect(body.problems).toEqual([{ field: `product.${p.id}`, code: 'quantity_not_available', message: expect.stringContaining('only 1') }]);
  });

  it('lets the agent prepare checkout for an assigned customer only', async () => {
    const cart = await makeCart(db(), { customer: c1, rows: [] });
    expect((await shop.send('POST', 'checkout/init/', { token: agent, body: { customer: c1, cart } })).status).toBe(200);
    expect((await shop.send('POST', 'checkout/init/', { token: agent2, body: { customer: c1, cart } })).status).toBe(403);
    expect((await shop.send('POST', 'checkout/init/', { token: agent, body: { cart } })).status).toBe(400);
  });

  it('answers for the open cart when the page names none, as carts/get-or-create/ would find it (one round trip)', async () => {
    const p = await makeProduct(db(), { price: 50 });
    const opened = await shop.send<{ id: number }>('POST', 'carts/get-or-create/?shop_context=b2c', { token: consumer, body: {} });
    await shop.send('POST', 'carts/rows/?shop_context=b2c', { token: consumer, body: { cart: opened.body.id, product: p.id, qty: 2 } });
    const { status, body } = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/?shop_context=b2c', { token: consumer, body: {} });
    expect(status).toBe(200);
    expect(body.cart.id).toBe(opened.body.id);
    expect(body.rows.find((r) => r.product === p.id)?.qty).toBe(2);
    expect(body.payment_methods.map((m) => m.code)).toContain('cash-on-delivery');
    // The agent names the customer (and itself), as for its cart.
    const agentCart = await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { token: agent, body: { customer: c1 } });
    const forAgent = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token: agent, body: { customer: c1 } });
    expect(forAgent.status).toBe(200);
    expect(forAgent.body.cart.id).toBe(agentCart.body.id);
    expect((await shop.send('POST', 'checkout/init/', { token: agent2, body: { customer: c1 } })).status).toBe(403);
    expect((await shop.send('POST', 'checkout/init/', { token: agent, body: {} })).status).toBe(400);
    // No open cart for that season yet: 404 on `cart`, which the page shows as an empty checkout.
    const [season] = await db().select({ id: seasons.id }).from(seasons).orderBy(seasons.id).limit(1);
    const none = await shop.send<ErrorBody>('POST', 'checkout/init/?shop_context=b2c', { token: consumer, body: { season: season!.id } });
    expect(none.status).toBe(404);
    expect(none.body.error_list[0]).toMatchObject({ field: 'cart', code: 'not_found' });
  });

  it('hides other customers carts and addresses (404)', async () => {
    const cart = await makeCart(db(), { customer: c1, rows: [] });
    const own = await makeCart(db(), { customer: c2, rows: [] });
    expect((await shop.send('POST', 'checkout/init/', { token: b2b2, body: { cart } })).status).toBe(404);
    expect((await shop.send('POST', 'checkout/init/', { token: b2b2, body: { cart: own, shipping_address: a1.shipping } })).status).toBe(404);
    expect((await shop.send('POST', 'checkout/init/', { token: b2b, body: { cart: 99999999 } })).status).toBe(404);
  });

  it('rejects malformed bodies', async () => {
    expect((await shop.send('POST', 'checkout/init/', { token: b2b, body: { season: 'spring' } })).status).toBe(400);
    expect((await shop.send('POST', 'checkout/init/', { token: b2b, body: { agent: 0 } })).status).toBe(400);
    expect((await shop.send('POST', 'checkout/init/', { token: b2b, body: { cart: 'one' } })).status).toBe(400);
    expect((await shop.send('POST', 'checkout/init/', { token: b2b, body: { cart: 1, extra: true } })).status).toBe(400);
  });
});

describe('POST checkout/', () => {
  it('needs a signed-in user', async () => {
    expect((await checkout(undefined, { cart: 1 })).status).toBe(401);
  });

  it('reports each missing choice as required', async () => {
    const cart = await makeCart(db(), { customer: c1, rows: [] });
    const { status, body } = await checkout<ErrorBody>(b2b, { cart, shipping_address: a1.shipping });
    expect(status).toBe(400);
    expect(body.error_list).toEqual([
      { field: 'billing_address', code: 'required', message: 'Choose a billing address.' },
      { field: 'shipping_method', code: 'required', message: 'Choose a shipping method.' },
      { field: 'payment_method', code: 'required', message: 'Choose a payment method.' },
    ]);
  });

  it('refuses an empty cart with "Invalid order"', async () => {
    const cart = await makeCart(db(), { customer: c1, rows: [] });
    const { status, body } = await checkout<ErrorBody>(b2b, b2bChoice(cart));
    expect(status).toBe(400);
    expect(body.detail).toBe('Invalid order');
  });

  it('ten checkouts of one product change its stock and nothing its page shows: no page change is noted (ADR 0008)', async () => {
    const product = await makeProduct(db(), { price: 20, vatRate: 22, quantity: 50 });
    const before = await lastChangeId(db());
    for (let i = 0; i < 10; i++) {
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: product.id, qty: 2 }] });
      expect((await checkout(b2b, b2bChoice(cart))).status).toBe(201);
    }
    expect(await stockOf(db(), product.id)).toBe(30);
    expect(await lastChangeId(db())).toBe(before);
  });

  it('places the order: totals, snapshots, history, documents, stock, empty cart, mail', async () => {
    const a = await makeProduct(db(), { price: 100, vatRate: 22, quantity: 10 });
    const b = await makeProduct(db(), { price: 50, vatRate: 10, quantity: 5 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: a.id, qty: 2 }, { product: b.id, qty: 1 }] });
    const { status, body } = await checkout(b2b, { ...b2bChoice(cart), notes: 'Consegna al mattino' });
    expect(status).toBe(201);
    expect(body.number).toMatch(/^\d{4}-\d{6}$/);
    expect(body).toMatchObject({
      status: 'Pending',
      customer: { id: c1 },
      shop_context: 'b2b',
      agent: null,
      user: await userId(db(), LOGINS.b2b[0]),
      notes: 'Consegna al mattino',
      subtotal: 250,
      discount: 0,
      // free courier from 150
      shipping_total: 0,
      tax_total: 49,
      total: 299,
      shipping_method: { id: policy['courier-it'], code: 'courier-it', name: 'Corriere espresso' },
      payment_method: { id: method['riba-30'], code: 'riba-30' },
      rows_count: 2,
      billing_address: { street: 'Via Roma 4', city: 'Barolo', country: 'IT' },
    });
    expect(body.status_history).toEqual([{ status: 'Pending', note: 'Order placed', date: expect.any(String) }]);
    // Invoice and delivery note wait for the order to ship (order-documents.test.ts).
    expect(Object.keys(body.documents)).toEqual(['order_confirmation']);
    expect(body.documents.order_confirmation!.number).toBe(body.number);
    // History and documents come from the checkout's own statements (ADR 0041): as a later read finds them.
    const read = await shop.send<OrderDetail>('GET', `orders/${body.id}/`, { token: b2b });
    expect({ history: body.status_history, documents: body.documents, rows: body.rows_count, customer: body.customer }).toEqual({
      history: read.body.status_history,
      documents: read.body.documents,
      rows: read.body.rows_count,
      customer: read.body.customer,
    });

    expect(await stockOf(db(), a.id)).toBe(8);
    expect(await stockOf(db(), b.id)).toBe(4);
    expect(await db().select().from(cartRows).where(eq(cartRows.cartId, cart))).toEqual([]);

    const rows = await db().select().from(orderRows).where(eq(orderRows.orderId, body.id));
    expect(rows.map((r) => [r.code, r.qty, r.unitPrice, r.vatRate, r.total])).toEqual([
      [a.code, 2, 100, 22, 200],
      [b.code, 1, 50, 10, 50],
    ]);
    expect(rows[0]!.name).toEqual({ it: `Prodotto ${a.code} it`, en: `Prodotto ${a.code} en`, es: `Prodotto ${a.code} es` });

    await shop.drainMail();
    expect(shop.mail.map((m) => [m.tag, m.to])).toEqual([
      ['order-confirmation', 'ordini@cantinadeicolli.example'],
      ['order-confirmation-copy', 'info@vinoshop.example'],
    ]);
    expect(shop.mail[0]!.subject).toBe(`Conferma ordine ${body.number}`);
    expect(shop.mail[0]!.text).toContain(a.code);
    expect(shop.mail[0]!.attachments?.[0]!.content.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('a transaction PostgreSQL rolls back as a deadlock victim is planned and run again: one order, stock taken once', async () => {
    const product = await makeProduct(db(), { price: 30, vatRate: 22, quantity: 7 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: product.id, qty: 3 }] });
    // The first transaction does all its work, then is chosen as the victim: everything it wrote is rolled back.
    const spy = deadlockVictims({ once: true });
    try {
      const { status, body } = await checkout(b2b, b2bChoice(cart));
      expect(status).toBe(201);
      expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(await stockOf(db(), product.id)).toBe(4);
      const placed = await db().select({ id: orderRows.orderId }).from(orderRows).where(eq(orderRows.productId, product.id));
      expect(placed).toEqual([{ id: body.id }]);
    } finally {
      spy.mockRestore();
    }
  });

  it('a checkout whose every transaction is a deadlock victim answers 503 with Retry-After, not 500, and leaves nothing behind', async () => {
    const product = await makeProduct(db(), { price: 30, vatRate: 22, quantity: 7 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: product.id, qty: 3 }] });
    const spy = deadlockVictims({ once: false });
    let answer: Awaited<ReturnType<typeof checkout<ErrorBody>>>;
    let retryAfter: string | null;
    try {
      const headers = { 'Content-Type': 'application/json', Authorization: `Token ${b2b}` };
      const response = await shop.call('checkout/', { method: 'POST', headers, body: JSON.stringify(b2bChoice(cart)) });
      retryAfter = response.headers.get('Retry-After');
      answer = { status: response.status, body: (await response.json()) as ErrorBody };
    } finally {
      spy.mockRestore();
    }
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('ServiceUnavailable');
    expect(retryAfter).toBe('1');
    expect(await stockOf(db(), product.id)).toBe(7);
    expect(await db().select().from(orderRows).where(eq(orderRows.productId, product.id))).toEqual([]);
    expect(await db().select({ id: cartRows.id }).from(cartRows).where(eq(cartRows.cartId, cart))).toHaveLength(1);
  });

  it('keeps the address snapshot when the address book changes later', async () => {
    const p = await makeProduct(db());
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
    const { body } = await checkout(b2b, b2bChoice(cart));
    await db().update(addresses).set({ street: 'Via Cambiata 1' }).where(eq(addresses.id, a1.billing));
    const again = await shop.send<OrderDetail>('GET', `orders/${body.id}/`, { token: b2b });
    expect(again.body.billing_address.street).toBe('Via Roma 4');
    await db().update(addresses).set({ street: 'Via Roma 4' }).where(eq(addresses.id, a1.billing));
  });

  it('charges shipping below the threshold, with 22% VAT on it', async () => {
    const p = await makeProduct(db(), { price: 10, vatRate: 4 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 5 }] });
    const { body } = await checkout(b2b, b2bChoice(cart));
    // 50 goods at 4% = 2; 9.90 shipping at 22% = 2.18
    expect(body).toMatchObject({ subtotal: 50, shipping_total: 9.9, tax_total: 4.18, total: 64.08 });
  });

  it('applies the coupon, counts its use and clears it from the cart', async () => {
    const [coupon] = await db().insert(coupons).values({ code: `PROVA-${Date.now()}`, type: 'percentage', value: 10 }).returning();
    const a = await makeProduct(db(), { price: 100, vatRate: 22 });
    const b = await makeProduct(db(), { price: 50, vatRate: 10 });
    const cart = await makeCart(db(), { customer: c1, couponId: coupon!.id, rows: [{ product: a.id, qty: 2 }, { product: b.id, qty: 1 }] });
    const { status, body } = await checkout(b2b, b2bChoice(cart));
    expect(status).toBe(201);
    // 10% of 250 = 25; VAT on 180 at 22% and 45 at 10%
    expect(body).toMatchObject({ subtotal: 250, discount: 25, shipping_total: 0, tax_total: 44.1, total: 269.1, coupon_code: coupon!.code });
    const [after] = await db().select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after!.usedCount).toBe(coupon!.usedCount + 1);
    const [cartAfter] = await db().select().from(carts).where(eq(carts.id, cart));
    expect(cartAfter!.couponId).toBeNull();
  });

  // ADR 0015: an order is never placed at another price than the cart showed with its coupon.
  it('refuses a cart whose coupon no longer applies, saying why', async () => {
    const [expired] = await db().select().from(coupons).where(eq(coupons.code, 'ESTATE2025'));
    const p = await makeProduct(db(), { price: 100 });
    const cart = await makeCart(db(), { customer: c1, couponId: expired!.id, rows: [{ product: p.id, qty: 1 }] });
    const { status, body } = await checkout<ErrorBody>(b2b, b2bChoice(cart));
    expect(status).toBe(400);
    expect(body).toMatchObject({ detail: 'The coupon is not valid.', error_list: [{ field: 'coupon', code: 'expired' }] });
  });

  it('refuses a coupon an earlier order used up', async () => {
    const [coupon] = await db().insert(coupons).values({ code: `ONCE-${Date.now()}`, type: 'fixed', value: 5, maxUses: 1 }).returning();
    const p = await makeProduct(db(), { price: 100 });
    const first = await makeCart(db(), { customer: c1, couponId: coupon!.id, rows: [{ product: p.id, qty: 1 }] });
    const second = await makeCart(db(), { customer: c1, couponId: coupon!.id, rows: [{ product: p.id, qty: 1 }] });
    expect((await checkout(b2b, b2bChoice(first))).body.discount).toBe(5);
    const { status, body } = await checkout<ErrorBody>(b2b, b2bChoice(second));
    expect(status).toBe(400);
    expect(body.error_list[0]!.code).toBe('used_up');
  });

  it('applies the promotion to its products from its minimum order', async () => {
    const [eno] = await db().select().from(products).where(sql`${products.code} like 'ENO-%' and exists (select 1 from promotion_products pp where pp.product_id = ${products.id})`).limit(1);
    await db().update(products).set({ quantity: 1000 }).where(eq(products.id, eno!.id));
    const other = await makeProduct(db(), { price: 400 });
    const cart = await makeCart(db(), { customer: c2, rows: [{ product: eno!.id, qty: 10 }, { product: other.id, qty: 1 }] });
    const init = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token: b2b2, body: { cart } });
    const promo = init.body.totals.promotion_discount;
    expect(promo).toBeGreaterThan(0);
    const { body } = await checkout(b2b2, { cart, billing_address: a2.billing, shipping_address: a2.shipping, shipping_method: policy['courier-it'], payment_method: method['as-per-contract'] });
    expect(body.discount).toBe(promo);
    expect(body.promotion).not.toBeNull();
    expect(body.total).toBe(init.body.totals.total);
  });

  it('re-prices rows at checkout time', async () => {
    const p = await makeProduct(db(), { price: 10 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
    await db().update(products).set({ specialPrice: 7 }).where(eq(products.id, p.id));
    const { body } = await checkout(b2b, b2bChoice(cart));
    expect(body.subtotal).toBe(7);
  });

  describe('stock', () => {
    it('answers 409 quantity_not_available per product and changes nothing', async () => {
      const ok = await makeProduct(db(), { quantity: 5 });
      const short = await makeProduct(db(), { quantity: 1 });
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: ok.id, qty: 1 }, { product: short.id, qty: 2 }] });
      const { status, body } = await checkout<ErrorBody>(b2b, b2bChoice(cart));
      expect(status).toBe(409);
      expect(body.detail).toBe('quantity_not_available');
      expect(body.error_list).toEqual([{ field: `product.${short.id}`, code: 'quantity_not_available', message: expect.any(String) }]);
      expect(await stockOf(db(), ok.id)).toBe(5);
      expect(await db().select().from(cartRows).where(eq(cartRows.cartId, cart))).toHaveLength(2);
    });

    it('counts what other carts hold when cart rows affect stock, never the own rows', async () => {
      const p = await makeProduct(db(), { quantity: 5 });
      await makeCart(db(), { customer: c2, rows: [{ product: p.id, qty: 3 }] });
      const mine = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 3 }] });
      expect((await checkout(b2b, b2bChoice(mine))).status).toBe(409);
      await db().update(cartRows).set({ qty: 2 }).where(eq(cartRows.cartId, mine));
      expect((await checkout(b2b, b2bChoice(mine))).status).toBe(201);
      expect(await stockOf(db(), p.id)).toBe(3);
    });

    it('ignores other carts when the stock effect is off', async () => {
      await setSetting(db(), 'CART_ROWS_AFFECT_STOCK', 'false');
      const p = await makeProduct(db(), { quantity: 2 });
      await makeCart(db(), { customer: c2, rows: [{ product: p.id, qty: 2 }] });
      const mine = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 2 }] });
      expect((await checkout(b2b, b2bChoice(mine))).status).toBe(201);
      expect(await stockOf(db(), p.id)).toBe(0);
    });

    it('lets backorderable products go below zero', async () => {
      const p = await makeProduct(db(), { quantity: 1, isBackorderable: true });
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 4 }] });
      expect((await checkout(b2b, b2bChoice(cart))).status).toBe(201);
      expect(await stockOf(db(), p.id)).toBe(-3);
    });

    it('refuses products no longer sold', async () => {
      const p = await makeProduct(db(), { isPublished: false });
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
      expect((await checkout(b2b, b2bChoice(cart))).status).toBe(409);
    });
  });

  describe('choices', () => {
    let cart: number;
    beforeEach(async () => {
      const p = await makeProduct(db());
      cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
    });

    it('refuses an address of the wrong type', async () => {
      const { status, body } = await checkout<ErrorBody>(b2b, { ...b2bChoice(cart), billing_address: a1.shipping });
      expect(status).toBe(400);
      expect(body.error_list[0]!.field).toBe('billing_address');
    });

    it('refuses a deleted address', async () => {
      const [extra] = await db().insert(addresses).values({ customerId: c1, type: 'Billing', name: 'Old', street: 'Via Vecchia', city: 'Alba', postalCode: '12051', deletedAt: new Date() }).returning();
      expect((await checkout(b2b, { ...b2bChoice(cart), billing_address: extra!.id })).status).toBe(404);
    });

    it('refuses a shipping method that does not ship to the address', async () => {
      const { status, body } = await checkout<ErrorBody>(b2b, { ...b2bChoice(cart), shipping_method: policy['courier-eu'] });
      expect(status).toBe(400);
      expect(body.error_list[0]!.field).toBe('shipping_method');
    });

    it('offers the free-shipping policy only with its code', async () => {
      expect((await checkout(b2b, { ...b2bChoice(cart), shipping_method: policy.SPEDIZIONEGRATIS })).status).toBe(400);
      const { status, body } = await checkout(b2b, { ...b2bChoice(cart), shipping_method: policy.SPEDIZIONEGRATIS, free_shipping_code: 'SpedizioneGratis' });
      expect(status).toBe(201);
      expect(body.shipping_total).toBe(0);
    });

    it('refuses a payment method of the other context', async () => {
      const { status, body } = await checkout<ErrorBody>(b2b, { ...b2bChoice(cart), payment_method: method['cash-on-delivery'] });
      expect(status).toBe(400);
      expect(body.error_list[0]!.field).toBe('payment_method');
    });

    it('refuses b2b-only choices for a consumer cart', async () => {
      const p = await makeProduct(db());
      const own = await makeCart(db(), { customer: c6, context: 'b2c', rows: [{ product: p.id, qty: 1 }] });
      const base = { cart: own, billing_address: a6.billing, shipping_address: a6.shipping, shipping_method: policy['courier-it'], payment_method: method['cash-on-delivery'] };
      expect((await checkout(consumer, { ...base, payment_method: method['as-per-contract'] })).status).toBe(400);
      expect((await checkout(consumer, { ...base, shipping_method: policy['pallet-it'] })).status).toBe(400);
      const { status, body } = await checkout(consumer, base, { query: '?shop_context=b2c' });
      expect(status).toBe(201);
      // 10 of goods: courier 9.90
      expect(body).toMatchObject({ shop_context: 'b2c', shipping_total: 9.9, payment_method: { code: 'cash-on-delivery' } });
      await shop.drainMail();
      expect(shop.mail[0]!.to).toBe('consumer@example.com');
    });
  });

  describe('permissions', () => {
    it('answers 404 for a cart of another customer and for their addresses', async () => {
      const p = await makeProduct(db());
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
      const { status } = await checkout(b2b2, { cart, billing_address: a2.billing, shipping_address: a2.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] });
      expect(status).toBe(404);
      const own = await makeCart(db(), { customer: c2, rows: [{ product: p.id, qty: 1 }] });
      const stolen = await checkout<ErrorBody>(b2b2, { cart: own, billing_address: a1.billing, shipping_address: a2.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] });
      expect(stolen.status).toBe(404);
      expect(stolen.body.error_list[0]!.field).toBe('billing_address');
      expect(await db().select().from(cartRows).where(eq(cartRows.cartId, cart))).toHaveLength(1);
    });

    it('refuses naming another customer (403)', async () => {
      const cart = await makeCart(db(), { customer: c1, rows: [] });
      expect((await checkout(b2b2, { ...b2bChoice(cart), customer: c1 })).status).toBe(403);
      expect((await checkout(agent2, { ...b2bChoice(cart), customer: c1 })).status).toBe(403);
    });

    it('lets the agent check out for an assigned customer, recorded and audited', async () => {
      const p = await makeProduct(db());
      const agentId = await userId(db(), LOGINS.agent[0]);
      const cart = await makeCart(db(), { customer: c1, agent: agentId, rows: [{ product: p.id, qty: 1 }] });
      const { status, body } = await checkout(agent, { ...b2bChoice(cart), customer: c1, payment_method: method['as-per-contract'] });
      expect(status).toBe(201);
      expect(body).toMatchObject({ agent: agentId, user: agentId, customer: { id: c1 } });
      const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'checkout'), eq(auditLog.entityId, String(body.id))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ agentId, customerId: c1, entity: 'order' });
    });
  });

  describe('Idempotency-Key', () => {
    it('answers the same order to a retry (200), creating one', async () => {
      const p = await makeProduct(db(), { quantity: 10 });
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 2 }] });
      const key = `retry-${Date.now()}`;
      const first = await checkout(b2b, b2bChoice(cart), { key });
      const second = await checkout(b2b, b2bChoice(cart), { key });
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.body.id).toBe(first.body.id);
      expect(second.body.number).toBe(first.body.number);
      expect(await db().select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
      expect(await stockOf(db(), p.id)).toBe(8);
      await shop.drainMail();
      expect(shop.mail.filter((m) => m.tag === 'order-confirmation')).toHaveLength(1);
    });

    it('creates one order for concurrent retries', async () => {
      const p = await makeProduct(db(), { quantity: 10 });
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
      const key = `burst-${Date.now()}`;
      const answers = await Promise.all([1, 2, 3].map(() => checkout(b2b, b2bChoice(cart), { key })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await db().select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
      expect(await stockOf(db(), p.id)).toBe(9);
    });

    it('keeps keys apart per customer', async () => {
      const p = await makeProduct(db());
      const key = `shared-${Date.now()}`;
      const one = await checkout(b2b, b2bChoice(await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] })), { key });
      const two = await checkout(
        b2b2,
        { cart: await makeCart(db(), { customer: c2, rows: [{ product: p.id, qty: 1 }] }), billing_address: a2.billing, shipping_address: a2.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] },
        { key },
      );
      expect([one.status, two.status]).toEqual([201, 201]);
      expect(one.body.id).not.toBe(two.body.id);
    });

    it('refuses the same key for a different cart content or choice (409) and still answers a true retry', async () => {
      const p = await makeProduct(db(), { quantity: 10 });
      const q = await makeProduct(db(), { quantity: 10 });
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
      const key = `reuse-${Date.now()}`;
      const first = await checkout(b2b, b2bChoice(cart), { key });
      expect(first.status).toBe(201);
      // The order emptied the cart: the same request again is a retry.
      const retry = await checkout(b2b, b2bChoice(cart), { key });
      expect([retry.status, retry.body.id]).toEqual([200, first.body.id]);
      // Another choice with the same key is another order.
      const otherMethod = await checkout<ErrorBody>(b2b, { ...b2bChoice(cart), payment_method: method['as-per-contract'] }, { key });
      expect(otherMethod.status).toBe(409);
      // The cart filled again with something else: not the order the key was used for.
      await db().insert(cartRows).values({ cartId: cart, productId: q.id, qty: 3 });
      const changed = await checkout<ErrorBody>(b2b, b2bChoice(cart), { key });
      expect(changed.status).toBe(409);
      expect(changed.body).toEqual({ detail: 'This Idempotency-Key was already used for a different order.', error_list: [], code: 'IdempotencyKeyReused' });
      // Another cart with the same key: refused too, and nothing was placed or taken.
      const other = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
      expect((await checkout(b2b, b2bChoice(other), { key })).status).toBe(409);
      expect(await db().select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
      expect(await stockOf(db(), p.id)).toBe(9);
      expect(await stockOf(db(), q.id)).toBe(10);
      // A new key places the new content.
      expect((await checkout(b2b, b2bChoice(cart), { key: `${key}-2` })).status).toBe(201);
    });

    it('rejects a malformed key', async () => {
      const cart = await makeCart(db(), { customer: c1, rows: [] });
      expect((await checkout(b2b, b2bChoice(cart), { key: 'bad key with spaces' })).status).toBe(400);
      expect((await checkout(b2b, b2bChoice(cart), { key: 'x'.repeat(201) })).status).toBe(400);
    });
  });

  it('writes the confirmation in the request locale', async () => {
    const p = await makeProduct(db());
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
    const { body } = await checkout(b2b, b2bChoice(cart), { query: '?locale=en' });
    expect(body.locale).toBe('en');
    await shop.drainMail();
    expect(shop.mail[0]!.subject).toBe(`Order ${body.number} confirmed`);
    expect(shop.mail[0]!.text).toContain(`Prodotto ${p.code} en`);
    const es = await checkout(b2b, b2bChoice(await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] })), { query: '?locale=es' });
    await shop.drainMail();
    expect(shop.mail.at(-2)!.subject).toBe(`Pedido ${es.body.number} confirmado`);
  });

  it('numbers orders uniquely, counting up within the year', async () => {
    const p = await makeProduct(db());
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
      numbers.push((await checkout(b2b, b2bChoice(cart))).body.number);
    }
    const seq = numbers.map((n) => Number(n.slice(5)));
    expect(seq[1]).toBe(seq[0]! + 1);
    expect(seq[2]).toBe(seq[1]! + 1);
    expect(numbers[0]!.slice(0, 4)).toBe(String(new Date().getUTCFullYear()));
  });

  it('writes history and documents for every order', async () => {
    const [missing] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`not exists (select 1 from ${orderStatusHistory} h where h.order_id = ${orders.id}) or not exists (select 1 from ${orderDocuments} d where d.order_id = ${orders.id})`);
    expect(missing!.n).toBe(0);
  });

  it('rejects malformed bodies with 4xx', async () => {
    const cart = await makeCart(db(), { customer: c1, rows: [] });
    expect((await checkout(b2b, { ...b2bChoice(cart), extra: 1 })).status).toBe(400);
    expect((await checkout(b2b, { ...b2bChoice(cart), shipping_method: 'fast' })).status).toBe(400);
    expect((await checkout(b2b, { ...b2bChoice(cart), billing_address: -1 })).status).toBe(400);
    expect((await checkout(b2b, { ...b2bChoice(cart), notes: 'x'.repeat(2001) })).status).toBe(400);
    expect((await checkout(b2b, { cart: 1.5 })).status).toBe(400);
    const raw = await shop.call('checkout/', { method: 'POST', headers: { Authorization: `Token ${b2b}`, 'Content-Type': 'application/json' }, body: '{"cart":' });
    expect(raw.status).toBe(400);
    const text = await shop.call('checkout/', { method: 'POST', headers: { Authorization: `Token ${b2b}`, 'Content-Type': 'text/plain' }, body: 'cart=1' });
    expect(text.status).toBe(415);
  });
});
