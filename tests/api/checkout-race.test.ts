// Concurrent checkouts of the last units: exactly as many orders as there is stock, the others
// 409, stock never below zero. On PostgreSQL the checkouts really run at once: the conditional
// stock decrement is what keeps them from selling more than there is (ADR 0037).
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRows, orders, paymentMethods, shippingPolicies } from '../../server/db/schema';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { queryRows } from '../../server/db/raw';
import { customerId, defaultAddresses, makeBuyers, makeCart, makeProduct, setSetting, stockOf } from '../support/checkout-fixtures';
import { sideClient, testDbKind } from '../support/test-db';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const buyers: { customer: number; token: string; context: 'b2b' | 'b2c'; billing: number; shipping: number; policy: number; payment: number }[] = [];

beforeAll(async () => {
  // On PostgreSQL, 32 checkouts wait inside their transactions at once, each on a connection.
  shop = await openTestShop({ poolSize: 40 });
  const db = shop.database.db;
  // Rows of the other carts must not hold the product, so that every cart can have it.
  await setSetting(db, 'CART_ROWS_AFFECT_STOCK', 'false');
  const [agent, agent2, consumer] = await Promise.all([shop.login(...LOGINS.agent), shop.login(...LOGINS.agent2), shop.login(...LOGINS.consumer)]);
  const policies = new Map((await db.select().from(shippingPolicies)).map((p) => [p.code, p.id]));
  const methods = new Map((await db.select().from(paymentMethods)).map((m) => [m.code, m.id]));
  const plan = [
    ['C0001', agent, 'b2b'],
    ['C0002', agent, 'b2b'],
    ['C0003', agent, 'b2b'],
    ['C0004', agent2, 'b2b'],
    ['C0005', agent2, 'b2b'],
    ['C0006', consumer, 'b2c'],
  ] as const;
  for (const [code, token, context] of plan) {
    const customer = await customerId(db, code);
    const book = await defaultAddresses(db, customer);
    buyers.push({
      customer,
      token,
      context,
      billing: book.billing,
      shipping: book.shipping,
      policy: policies.get(book.country === 'IT' ? 'courier-it' : 'courier-eu')!,
      payment: methods.get(context === 'b2b' ? 'riba-30' : 'card')!,
    });
  }
});
afterAll(() => shop?.close());

type Buyer = (typeof buyers)[number];

function checkout(buyer: Buyer, cart: number) {
  return shop.send<OrderDetail | ErrorBody>('POST', `checkout/?shop_context=${buyer.context}`, {
    token: buyer.token,
    body: {
      customer: buyer.customer,
      cart,
      billing_address: buyer.billing,
      shipping_address: buyer.shipping,
      shipping_method: buyer.policy,
      payment_method: buyer.payment,
    },
  });
}

async function race(carts: { buyer: Buyer; cart: number }[]) {
  const answers = await Promise.all(carts.map(({ buyer, cart }) => checkout(buyer, cart)));
  const created = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status === 409);
  expect(created.length + refused.length, JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 409))).toBe(answers.length);
  for (const r of refused) expect((r.body as ErrorBody).detail).toBe('quantity_not_available');
  return { created: created.map((c) => c.body as OrderDetail), refused };
}

describe('concurrent checkouts', () => {
  it('six customers, three units: three orders, three 409, stock 0', async () => {
    const db = shop.database.db;
    const product = await makeProduct(db, { quantity: 3, isBackorderable: false, price: 25 });
    const carts = [];
    for (const buyer of buyers) {
      carts.push({ buyer, cart: await makeCart(db, { customer: buyer.customer, context: buyer.context, rows: [{ product: product.id, qty: 1 }] }) });
    }
    const { created, refused } = await race(carts);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(3);
    expect(await stockOf(db, product.id)).toBe(0);
    const sold = await db.select().from(orderRows).where(eq(orderRows.productId, product.id));
    expect(sold.reduce((s, r) => s + r.qty, 0)).toBe(3);
    const numbers = (await db.select({ number: orders.number }).from(orders).where(inArray(orders.id, created.map((o) => o.id)))).map((o) => o.number);
    expect(new Set(numbers).size).toBe(3);
  });

  it('twelve carts, five units: five orders', async () => {
    const db = shop.database.db;
    const product = await makeProduct(db, { quantity: 5 });
    const carts = [];
    for (const buyer of [...buyers, ...buyers]) {
      carts.push({ buyer, cart: await makeCart(db, { customer: buyer.customer, context: buyer.context, rows: [{ product: product.id, qty: 1 }] }) });
    }
    const { created } = await race(carts);
    expect(created).toHaveLength(5);
    expect(await stockOf(db, product.id)).toBe(0);
  });

  it('carts sharing two products in either order neither deadlock nor oversell', async () => {
    const db = shop.database.db;
    const a = await makeProduct(db, { quantity: 4 });
    const b = await makeProduct(db, { quantity: 4 });
    const carts = [];
    for (const [i, buyer] of [...buyers, ...buyers].entries()) {
      const rows = i % 2 ? [{ product: b.id, qty: 1 }, { product: a.id, qty: 1 }] : [{ product: a.id, qty: 1 }, { product: b.id, qty: 1 }];
      carts.push({ buyer, cart: await makeCart(db, { customer: buyer.customer, context: buyer.context, rows }) });
    }
    const { created } = await race(carts);
    expect(created).toHaveLength(4);
    expect(await stockOf(db, a.id)).toBe(0);
    expect(await stockOf(db, b.id)).toBe(0);
  });

  it('unique order numbers under concurrency', async () => {
    const db = shop.database.db;
    const product = await makeProduct(db, { quantity: 1000 });
    const carts = [];
    for (const buyer of [...buyers, ...buyers]) {
      carts.push({ buyer, cart: await makeCart(db, { customer: buyer.customer, context: buyer.context, rows: [{ product: product.id, qty: 2 }] }) });
    }
    const { created } = await race(carts);
    expect(created).toHaveLength(12);
    expect(new Set(created.map((o) => o.number)).size).toBe(12);
    expect(await stockOf(db, product.id)).toBe(976);
  });

  it('32 sessions, 50 units, two each: exactly 50 sold, 7 refused naming the row, every acknowledged order stored, numbers unique and new', { timeout: 60_000 }, async () => {
    const db = shop.database.db;
    const year = new Date().getUTCFullYear();
    const product = await makeProduct(db, { quantity: 50 });
    const sessions = await makeBuyers(db, 32);
    const policy = buyers[0]!.policy;
    const payment = buyers[0]!.payment;
    const carts: number[] = [];
    for (const s of sessions) carts.push(await makeCart(db, { customer: s.customer, context: 'b2b', rows: [{ product: product.id, qty: 2 }] }));
    const counter = async () => (await queryRows<{ last: number }>(db, sql`select last from order_number_counters where year = ${year}`))[0]?.last ?? 0;
    const before = await counter();
    const placeAll = () =>
      Promise.all(
        sessions.map((s, i) =>
          shop.send<OrderDetail | ErrorBody>('POST', 'checkout/?shop_context=b2b', {
            token: s.token,
            body: { cart: carts[i], billing_address: s.billing, shipping_address: s.shipping, shipping_method: policy, payment_method: payment },
          }),
        ),
      );
    let answers: Awaited<ReturnType<typeof placeAll>>;
    if (testDbKind() === 'postgres') {
      // Another connection holds the product's row until all 32 checkouts have planned (each saw
      // 50 units) and wait at their decrement: only the decrement's condition can refuse them.
      const blocker = await sideClient(shop.database.url!);
      try {
        await blocker.query('begin');
        await blocker.query('select id from products where id = $1 for update', [product.id]);
        const placing = placeAll();
        await expect
          .poll(async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))[0]!.n, {
            timeout: 30_000,
          })
          .toBe(32);
        await blocker.query('rollback');
        answers = await placing;
      } finally {
        await blocker.end().catch(() => undefined);
      }
    } else {
      answers = await placeAll();
    }
    const created = answers.filter((a) => a.status === 201).map((a) => a.body as OrderDetail);
    const refused = answers.filter((a) => a.status === 409).map((a) => a.body as ErrorBody);
    expect(created.length + refused.length, JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 409))).toBe(32);
    expect(created).toHaveLength(25);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      // The spec's out-of-stock answer, naming the row the stock no longer covers.
      expect(r.detail).toBe('quantity_not_available');
      expect(r.error_list).toEqual([{ field: `product.${product.id}`, code: 'quantity_not_available', message: expect.stringMatching(/: only [01] available, 2 requested\.$/) }]);
    }
    expect(await stockOf(db, product.id)).toBe(0);
    const sold = await db.select().from(orderRows).where(eq(orderRows.productId, product.id));
    expect(sold.reduce((sum, r) => sum + r.qty, 0)).toBe(50);
    const stored = await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, created.map((o) => o.id)));
    expect(stored).toHaveLength(25);
    expect(new Set(sold.map((r) => r.orderId))).toEqual(new Set(created.map((o) => o.id)));
    // Unique, of this year, and each past every number given out before the race (ADR 0030:
    // increasing in the order they were taken).
    const numbers = stored.map((o) => o.number);
    expect(new Set(numbers).size).toBe(25);
    for (const n of numbers) {
      expect(n).toMatch(new RegExp(`^${year}-\\d{6}$`));
      expect(Number(n.slice(5))).toBeGreaterThan(before);
      expect(Number(n.slice(5))).toBeLessThanOrEqual(await counter());
    }
  });

  it.runIf(testDbKind() === 'postgres')('a price changed after the checkout planned, before it commits, is the price of the order (PostgreSQL)', { timeout: 60_000 }, async () => {
    const db = shop.database.db;
    const product = await makeProduct(db, { quantity: 10, price: 10 });
    const [buyer] = await makeBuyers(db, 1);
    const cart = await makeCart(db, { customer: buyer!.customer, context: 'b2b', rows: [{ product: product.id, qty: 3 }] });
    // Another connection holds the cart's row: the checkout plans at 10.00, then waits inside its transaction.
    const blocker = await sideClient(shop.database.url!);
    let placed: { status: number; body: OrderDetail | ErrorBody };
    try {
      await blocker.query('begin');
      await blocker.query('select id from carts where id = $1 for update', [cart]);
      const placing = shop.send<OrderDetail | ErrorBody>('POST', 'checkout/?shop_context=b2b', {
        token: buyer!.token,
        body: { cart, billing_address: buyer!.billing, shipping_address: buyer!.shipping, shipping_method: buyers[0]!.policy, payment_method: buyers[0]!.payment },
      });
      await expect
        .poll(async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))[0]!.n, { timeout: 20_000 })
        .toBe(1);
      await db.execute(sql`update products set standard_price = 12.5 where id = ${product.id}`);
      await blocker.query('rollback');
      placed = await placing;
    } finally {
      await blocker.end().catch(() => undefined);
    }
    expect(placed.status).toBe(201);
    const [row] = await db.select().from(orderRows).where(eq(orderRows.orderId, (placed.body as OrderDetail).id));
    expect(row!.unitPrice).toBe(12.5);
    expect(row!.total).toBe(37.5);
    expect(await stockOf(db, product.id)).toBe(7);
  });
});
