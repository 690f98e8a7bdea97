// GET products/live/: stock, availability and prices of many products in one call, for the
// static pages that carry content only.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { LiveValuesAnswer } from '../../src/lib/contract/live-values';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import { customerPrices, customers, products, systemSettings, variants } from '../../server/db/schema';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const token: Record<'agent' | 'agent2' | 'b2b' | 'b2b2', string> = { agent: '', agent2: '', b2b: '', b2b2: '' };
const customerId: Record<string, number> = {};

beforeAll(async () => {
  shop = await openTestShop();
  for (const who of Object.keys(token) as (keyof typeof token)[]) token[who] = await shop.login(LOGINS[who][0], LOGINS[who][1]);
  for (const c of await shop.database.db.select().from(customers)) customerId[c.code] = c.id;
});
afterAll(() => shop?.close());

const get = (path: string, who?: keyof typeof token) => shop.call(path, { headers: who ? { Authorization: `Token ${token[who]}` } : {} });
async function live(query: string, who?: keyof typeof token) {
  const response = await get(`products/live/?${query}`, who);
  return { status: response.status, headers: response.headers, body: (await response.json()) as LiveValuesAnswer };
}

const publishedIds = async (limit: number) =>
  (await shop.database.db.select({ id: products.id }).from(products).where(eq(products.isPublished, true)).orderBy(asc(products.id)).limit(limit)).map((r) => r.id);

/** A product with a price agreed with C0001 (the b2b demo user's customer) for any season. */
async function agreedProduct() {
  const [row] = await shop.database.db
    .select({ id: products.id, price: customerPrices.price, standard: products.standardPrice, special: products.specialPrice })
    .from(customerPrices)
    .innerJoin(products, eq(products.id, customerPrices.productId))
    .where(and(eq(customerPrices.customerId, customerId.C0001!), isNull(customerPrices.seasonId), isNull(customerPrices.variantId), eq(products.isPublished, true)))
    .orderBy(products.id)
    .limit(1);
  return row!;
}

describe('products/live/', () => {
  it('answers the stock as it is now: a direct update shows at once', async () => {
    const [a, b] = await publishedIds(2);
    await shop.database.db.execute(sql`update products set quantity = 3, is_backorderable = false where id = ${a!}`);
    await shop.database.db.execute(sql`update products set quantity = 0, is_backorderable = true where id = ${b!}`);
    const first = await live(`ids=${a},${b}`);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(2);
    expect(first.body.results.map((r) => r.id)).toEqual([a, b]);
    expect(first.body.results[0]).toMatchObject({ id: a, quantity: 3, is_backorderable: false, stock_state: 'low' });
    expect(first.body.results[1]).toMatchObject({ id: b, quantity: 0, is_backorderable: true, stock_state: 'backorder' });

    await shop.database.db.execute(sql`update products set quantity = 0, is_backorderable = false where id = ${a!}`);
    await shop.database.db.execute(sql`update products set quantity = 40 where id = ${b!}`);
    const after = await live(`ids=${a}&ids=${b}`);
    expect(after.body.results[0]).toMatchObject({ quantity: 0, stock_state: 'unavailable' });
    expect(after.body.results[1]).toMatchObject({ quantity: 40, stock_state: 'available' });
  });

  it('agrees with the product detail on quantity and state', async () => {
    const [row] = await shop.database.db.select().from(products).where(eq(products.isPublished, true)).orderBy(asc(products.id)).offset(5).limit(1);
    const detail = (await shop.json<ProductDetail>(`products/p/${row!.slug}/`)).body;
    const { body } = await live(`ids=${row!.id}`);
    const item = body.results[0]!;
    expect({ quantity: item.quantity, is_backorderable: item.is_backorderable, stock_state: item.stock_state }).toEqual({
      quantity: detail.quantity,
      is_backorderable: detail.is_backorderable,
      stock_state: detail.stock_state,
    });
    expect(item.variants.map((v) => [v.id, v.quantity, v.stock_state])).toEqual(detail.variants.map((v) => [v.id, v.quantity, v.stock_state]));
  });

  it('answers each variant with its own stock and price', async () => {
    const [withVariants] = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isPublished, true), sql`exists (select 1 from variants v where v.product_id = ${products.id})`))
      .limit(1);
    const rows = await shop.database.db.select().from(variants).where(eq(variants.productId, withVariants!.id)).orderBy(asc(variants.position), asc(variants.id));
    expect(rows.length).toBeGreaterThan(0);
    const target = rows[0]!;
    await shop.database.db.update(variants).set({ quantity: 2, isBackorderable: false }).where(eq(variants.id, target.id));
    const { body } = await live(`ids=${withVariants!.id}`);
    const product = body.results[0]!;
    expect(product.variants.map((v) => v.id)).toEqual(rows.map((v) => v.id));
    expect(product.variants[0]).toMatchObject({
      id: target.id,
      quantity: 2,
      is_backorderable: false,
      stock_state: 'low',
      price: { standard_price: target.standardPrice, special_price: target.specialPrice, price: target.specialPrice ?? target.standardPrice },
    });
  });

  it('leaves out unknown and unpublished products, and answers each product once', async () => {
    const [a, b] = await publishedIds(2);
    await shop.database.db.update(products).set({ isPublished: false }).where(eq(products.id, b!));
    try {
      const { status, body } = await live(`ids=${a},${b},${a},999999`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ count: 1, results: [{ id: a }] });
    } finally {
      await shop.database.db.update(products).set({ isPublished: true }).where(eq(products.id, b!));
    }
  });

  it('answers the public price anonymously and the agreed price to the customer', async () => {
    const agreed = await agreedProduct();
    const anonymous = await live(`ids=${agreed.id}`);
    // Net amounts, plus how the viewer sees them (ADR 0014, tests/api/vat-display.test.ts).
    expect(anonymous.body.results[0]!.price).toMatchObject({
      standard_price: agreed.standard,
      special_price: agreed.special,
      price: agreed.special ?? agreed.standard,
    });
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=10');

    for (const [who, query] of [['b2b', ''], ['b2b', `&customer=${customerId.C0001}`], ['agent', `&customer=${customerId.C0001}`]] as const) {
      const mine = await live(`ids=${agreed.id}${query}`, who);
      expect(mine.status, `${who}${query}`).toBe(200);
      expect(mine.body.results[0]!.price).toMatchObject({ standard_price: agreed.standard, special_price: agreed.special, price: agreed.price, vat_included: false });
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
    }
    // An agent who names no customer sees the public price.
    const agentAlone = await live(`ids=${agreed.id}`, 'agent');
    expect(agentAlone.body.results[0]!.price.price).toBe(agreed.special ?? agreed.standard);
  });

  it.each([
    ['anonymous', undefined, 401],
    ['another customer', 'b2b2', 403],
    ['another agent', 'agent2', 403],
  ] as const)("refuses another customer's prices to %s, like the price route", async (_, who, status) => {
    const agreed = await agreedProduct();
    const response = await get(`products/live/?ids=${agreed.id}&customer=${customerId.C0001}`, who);
    expect(response.status).toBe(status);
    const price = await get(`products/p/price/${agreed.id}/?customer=${customerId.C0001}`, who);
    expect(price.status).toBe(status);
    const body = (await response.json()) as ErrorBody;
    expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'error_list']);
  });

  it.each([
    ['no ids', ''],
    ['an empty ids', 'ids='],
    ['a non-numeric id', 'ids=1,abc'],
    ['a zero id', 'ids=0'],
    ['a negative id', 'ids=-4'],
    ['101 ids', `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`],
    ['101 repeated ids', Array.from({ length: 101 }, (_, i) => `ids=${i + 1}`).join('&')],
    ['an unknown season', 'ids=1&season=999999'],
  ])('answers 400 with an error list for %s', async (_, query) => {
    const response = await get(`products/live/?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.detail).toEqual(expect.any(String));
    expect(body.error_list.length).toBeGreaterThan(0);
    expect(body.error_list[0]!.field).toMatch(/^(ids|season)/);
  });

  it('accepts 100 ids, and is served under /api/v2/client too', async () => {
    const ids = await publishedIds(100);
    const { status, body } = await live(`ids=${ids.join(',')}`);
    expect(status).toBe(200);
    expect(body.count).toBe(ids.length);
    const v2 = await shop.call(`/api/v2/client/products/live/?ids=${ids[0]}`);
    expect(v2.status).toBe(200);
  });

  it('runs the same number of SQL statements for 2 ids as for 100', async () => {
    const client = (shop.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let count = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      count++;
      return original.apply(this, args);
    };
    const statements = async (ids: number[]) => {
      count = 0;
      const { status } = await live(`ids=${ids.join(',')}&customer=${customerId.C0001}`, 'b2b');
      expect(status).toBe(200);
      return count;
    };
    try {
      const all = await publishedIds(100);
      const few = await statements(all.slice(0, 2));
      const many = await statements(all);
      expect(few).toBeGreaterThan(0);
      expect(many).toBe(few);
    } finally {
      client.query = original;
    }
  });

  it('says what others can order while carts hold stock (CART_ROWS_AFFECT_STOCK)', async () => {
    for (const [key, value] of [['CART_ROWS_AFFECT_STOCK', 'true'], ['CART_ROWS_AFFECT_STOCK_TYPE', 'all']] as const) {
      await shop.database.db.insert(systemSettings).values({ key, value }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });
    }
    const [row] = await shop.database.db
      .select()
      .from(products)
      .where(and(eq(products.isPublished, true), sql`not exists (select 1 from variants v where v.product_id = ${products.id})`))
      .orderBy(asc(products.id))
      .limit(1);
    await shop.database.db.update(products).set({ quantity: 20, isBackorderable: false }).where(eq(products.id, row!.id));
    const cart = await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { token: token.b2b, body: {} });
    expect(cart.status).toBeLessThan(300);
    const added = await shop.send('POST', 'carts/rows/', { token: token.b2b, body: { cart: cart.body.id, product: row!.id, qty: 4 } });
    expect(added.status).toBeLessThan(300);
    const detail = (await shop.json<ProductDetail>(`products/p/${row!.slug}/`)).body;
    const { body } = await live(`ids=${row!.id}`);
    // The product detail (built into the static page) shows the product's own stock; the live
    // call, which the page shows over it, says what others can still put in a cart (ADR 0016).
    expect(detail.quantity).toBe(20);
    expect(body.results[0]!.quantity).toBe(16);
    expect((await live(`ids=${row!.id}`, 'b2b')).body.results[0]!.quantity).toBe(20);
  });
});
