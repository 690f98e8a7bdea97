import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartHeader, CartRow, CartRowChange } from '../../src/lib/contract/cart';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import { priceProducts } from '../../server/catalogue/prices';
import { queryRows } from '../../server/db/raw';
import { auditLog, cartRows, carts, products, promotionProducts, promotions, seasons, systemSettings, users, variants } from '../../server/db/schema';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const token: Record<'agent' | 'agent2' | 'b2b' | 'b2b2' | 'consumer', string> = { agent: '', agent2: '', b2b: '', b2b2: '', consumer: '' };
const customer: Record<string, number> = {};
let agentId = 0;
let agent2Id = 0;
let seasonId = 0;

beforeAll(async () => {
  shop = await openTestShop();
  const db = shop.database.db;
  Object.assign(token, await shop.loginAs('agent', 'agent2', 'b2b', 'b2b2', 'consumer'));
  Object.assign(customer, await shop.customerIds());
  agentId = (await db.select().from(users).where(eq(users.email, 'agent@example.com')))[0]!.id;
  agent2Id = (await db.select().from(users).where(eq(users.email, 'agent2@example.com')))[0]!.id;
  seasonId = (await db.select().from(seasons).limit(1))[0]!.id;
});
afterAll(() => shop?.close());

const db = () => shop.database.db;
type Err = ErrorBody;

async function productId(code: string): Promise<number> {
  const [p] = await db().select({ id: products.id }).from(products).where(eq(products.code, code));
  return p!.id;
}

/** A product of known stock, in no promotion. */
async function stocked(code: string, quantity: number, isBackorderable = false): Promise<number> {
  const id = await productId(code);
  await db().update(products).set({ quantity, isBackorderable }).where(eq(products.id, id));
  return id;
}

async function setEffect(affects: boolean, type: 'b2b' | 'b2c' | 'all') {
  for (const [key, value] of [['CART_ROWS_AFFECT_STOCK', String(affects)], ['CART_ROWS_AFFECT_STOCK_TYPE', type]] as const) {
    await db().insert(systemSettings).values({ key, value }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });
  }
}

const open = (who: string, body: Record<string, unknown> = {}, query = '') =>
  shop.send<CartHeader & Err>('POST', `carts/get-or-create/${query}`, { token: who, body });

const put = (who: string, cart: number | null, product: number, qty: number, variant?: number) =>
  shop.send<CartRowChange & Err>('POST', 'carts/rows/', { token: who, body: { cart, product, qty, ...(variant ? { variant } : {}) } });

const rows = (who: string, cart: number | null, query = '') => shop.send<Paged<CartRow> & Err>('GET', `carts/rows/?cart=${cart}${query}`, { token: who });

async function emptyCart(cartId: number) {
  await db().delete(cartRows).where(eq(cartRows.cartId, cartId));
  await db().update(carts).set({ couponId: null, promotionId: null }).where(eq(carts.id, cartId));
}

async function auditOf(action: string) {
  return db().select().from(auditLog).where(eq(auditLog.action, action));
}

beforeEach(async () => {
  await setEffect(true, 'all');
});

describe('carts/get-or-create/', () => {
  it('needs a signed-in user', async () => {
    const { status, body } = await shop.send<Err>('POST', 'carts/get-or-create/', { body: {} });
    expect(status).toBe(401);
    expect(body.detail).toBe('not authenticated');
  });

  it("opens the customer's cart once, with the customer's agent of lowest id", async () => {
    const first = await open(token.b2b);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      customer: customer.C0001,
      agent: agentId,
      season: null,
      shop_context: 'b2b',
      rows_count: 0,
      total_quantity: 0,
      subtotal: 0,
      discount: 0,
      final_price: 0,
      promotion: null,
      coupon: null,
    });
    expect(first.body.id).toEqual(expect.any(Number));
    const again = await open(token.b2b, { customer: customer.C0001 });
    expect(again.body.id).toBe(first.body.id);
    const n = await db().select().from(carts).where(and(eq(carts.customerId, customer.C0001!), eq(carts.shopContext, 'b2b')));
    expect(n).toHaveLength(1);
  });

  it('lazy creates nothing and answers an empty cart', async () => {
    const { status, body } = await open(token.b2b2, {}, '?lazy=true');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: null, customer: customer.C0002, rows_count: 0, subtotal: 0, final_price: 0, promotion: null, coupon: null });
    expect(await db().select().from(carts).where(eq(carts.customerId, customer.C0002!))).toHaveLength(0);
    const created = await open(token.b2b2, {}, '?lazy=false');
    const lazy = await open(token.b2b2, {}, '?lazy=true');
    expect(lazy.body.id).toBe(created.body.id);
  });

  it('lets an agent open the cart of an assigned customer, recording the agent, and audits it', async () => {
    const { status, body } = await open(token.agent, { customer: customer.C0003, agent: agentId });
    expect(status).toBe(200);
    expect(body).toMatchObject({ customer: customer.C0003, agent: agentId });
    const audit = await auditOf('cart.create');
    expect(audit.some((a) => a.agentId === agentId && a.customerId === customer.C0003 && a.entityId === String(body.id))).toBe(true);
    const shared = await open(token.agent, { customer: customer.C0001 });
    const own = await open(token.b2b);
    expect(shared.body.id).toBe(own.body.id);
  });

  it('does not audit what customers do themselves', async () => {
    const before = (await auditOf('cart.create')).length;
    await open(token.consumer, {}, '?shop_context=b2c');
    expect((await auditOf('cart.create')).length).toBe(before);
  });

  it('requires agents to name a customer, and one assigned to them', async () => {
    expect((await open(token.agent)).status).toBe(400);
    expect((await open(token.agent2, { customer: customer.C0001 })).status).toBe(403);
    expect((await open(token.agent2, { customer: customer.C0004 })).body.agent).toBe(agent2Id);
  });

  it("refuses naming someone else's id as agent", async () => {
    expect((await open(token.agent, { customer: customer.C0001, agent: agent2Id })).status).toBe(403);
    expect((await open(token.b2b, { agent: agent2Id })).status).toBe(403);
    expect((await open(token.b2b, { agent: agentId })).status).toBe(200);
  });

  it("refuses a customer user acting for another customer", async () => {
    expect((await open(token.b2b, { customer: customer.C0002 })).status).toBe(403);
  });

  it('gives B2C carts no agent, apart from the B2B cart', async () => {
    const b2c = await open(token.consumer, {}, '?shop_context=b2c');
    expect(b2c.body).toMatchObject({ shop_context: 'b2c', agent: null, customer: customer.C0006 });
    // The customer's kind decides (ADR 0015): asking b2c for a business customer gets its b2b cart.
    const agentB2c = await open(token.agent, { customer: customer.C0001, agent: agentId }, '?shop_context=b2c');
    expect(agentB2c.body).toMatchObject({ shop_context: 'b2b', agent: agentId });
    const b2b = await open(token.b2b);
    expect(agentB2c.body.id).toBe(b2b.body.id);
  });

  it('keeps one cart per season and refuses an unknown season', async () => {
    const plain = await open(token.b2b);
    const seasonal = await open(token.b2b, { season: seasonId });
    expect(seasonal.body.season).toBe(seasonId);
    expect(seasonal.body.id).not.toBe(plain.body.id);
    expect((await open(token.b2b, { season: seasonId })).body.id).toBe(seasonal.body.id);
    expect((await open(token.b2b, { season: 999999 })).status).toBe(400);
  });

  it('opens one cart when several calls race', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => open(token.b2b2, { season: seasonId })));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const stored = await db().select().from(carts).where(and(eq(carts.customerId, customer.C0002!), eq(carts.seasonId, seasonId)));
    expect(stored).toHaveLength(1);
  });

  it.each([
    ['a string id', { customer: 'abc' }],
    ['a fractional id', { customer: 1.5 }],
    ['a huge id', { customer: 1e20 }],
    ['an unknown field', { shop: 1 }],
  ])('refuses %s with 400', async (_, body) => {
    const { status, body: err } = await open(token.b2b, body);
    expect(status).toBe(400);
    expect(err.error_list.length).toBeGreaterThan(0);
  });

  it('refuses malformed JSON, a wrong lazy flag and an array body', async () => {
    const res = await shop.call('carts/get-or-create/', { method: 'POST', headers: { Authorization: `Token ${token.b2b}`, 'Content-Type': 'application/json' }, body: '{"customer":' });
    expect(res.status).toBe(400);
    expect((await open(token.b2b, {}, '?lazy=maybe')).status).toBe(400);
    const arr = await shop.call('carts/get-or-create/', { method: 'POST', headers: { Authorization: `Token ${token.b2b}`, 'Content-Type': 'application/json' }, body: '[]' });
    expect(arr.status).toBe(400);
  });
});

describe('carts/rows/', () => {
  let cartA = 0;
  let cartB = 0;
  beforeAll(async () => {
    cartA = (await open(token.b2b)).body.id!;
    cartB = (await open(token.b2b2)).body.id!;
  });
  beforeEach(async () => {
    await emptyCart(cartA);
    await emptyCart(cartB);
  });

  it('adds a row (201) priced for the customer, and lists it', async () => {
    const pid = await stocked('GIA-0001', 20);
    const added = await put(token.b2b, cartA, pid, 2);
    expect(added.status).toBe(201);
    const [price] = [(await priceProducts(db(), [pid], { customerId: customer.C0001 })).get(pid)!.price];
    expect(added.body.removed).toBe(false);
    expect(added.body.row).toMatchObject({ cart: cartA, product: pid, variant: null, qty: 2, price, total: Math.round(price * 200) / 100 });
    expect(added.body.cart).toMatchObject({ id: cartA, rows_count: 1, total_quantity: 2, subtotal: added.body.row!.total });
    const list = await rows(token.b2b, cartA);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const row = list.body.results[0]!;
    expect(row.product_detail).toMatchObject({ id: pid, code: 'GIA-0001', is_backorderable: false, quantity: 20, stock_state: 'available' });
    expect(row.product_detail.slug).toEqual(expect.any(String));
    expect(row.product_detail.name).toEqual(expect.any(String));
    expect(row.product_detail.image?.url).toMatch(/_1\.webp$/);
  });

  it('localizes the product name', async () => {
    const pid = await stocked('GIA-0002', 20);
    await put(token.b2b, cartA, pid, 1);
    const it_ = await rows(token.b2b, cartA, '&locale=it');
    const en = await rows(token.b2b, cartA, '&locale=en');
    expect(en.body.results[0]!.product_detail.name).not.toBe(it_.body.results[0]!.product_detail.name);
  });

  it('sets the quantity of a product already in the cart instead of adding a row', async () => {
    const pid = await stocked('GIA-0003', 20);
    await put(token.b2b, cartA, pid, 2);
    const again = await put(token.b2b, cartA, pid, 5);
    expect(again.status).toBe(200);
    expect(again.body.row!.qty).toBe(5);
    expect((await rows(token.b2b, cartA)).body.count).toBe(1);
  });

  it('removes the row at qty 0 or less (200, removed)', async () => {
    const pid = await stocked('GIA-0004', 20);
    await put(token.b2b, cartA, pid, 2);
    const gone = await put(token.b2b, cartA, pid, 0);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ row: null, removed: true, cart: { rows_count: 0, subtotal: 0 } });
    await put(token.b2b, cartA, pid, 2);
    expect((await put(token.b2b, cartA, pid, -3)).body.removed).toBe(true);
    expect((await rows(token.b2b, cartA)).body.count).toBe(0);
  });

  it('answers 0 and -1 alike, in and out of the cart: the row goes, or nothing changes (200, not removed)', async () => {
    const pid = await stocked('GIA-0005', 20);
    for (const qty of [0, -1]) {
      const absent = await put(token.b2b, cartA, pid, qty);
      expect(absent.status).toBe(200);
      expect(absent.body).toMatchObject({ row: null, removed: false });
      await put(token.b2b, cartA, pid, 2);
      const present = await put(token.b2b, cartA, pid, qty);
      expect(present.status).toBe(200);
      expect(present.body).toMatchObject({ row: null, removed: true });
      const row = (await put(token.b2b, cartA, pid, 3)).body.row!;
      const patched = await shop.send<CartRowChange & Err>('PATCH', `carts/row/${row.id}/`, { token: token.b2b, body: { qty } });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ row: null, removed: true });
    }
    expect((await rows(token.b2b, cartA)).body.count).toBe(0);
  });

  it('refuses more than the stock with quantity_not_available, saying how many are available', async () => {
    const pid = await stocked('GIA-0006', 3);
    const { status, body } = await put(token.b2b, cartA, pid, 4);
    expect(status).toBe(400);
    expect(body.detail).toBe('quantity_not_available');
    expect(body.error_list[0]).toMatchObject({ field: 'qty', code: 'quantity_not_available' });
    expect(body.error_list[0]!.message).toContain('3 units');
    expect((await put(token.b2b, cartA, pid, 3)).status).toBe(201);
  });

  it('allows a backorderable product beyond its stock', async () => {
    const pid = await stocked('GIA-0007', 1, true);
    const { status, body } = await put(token.b2b, cartA, pid, 50);
    expect(status).toBe(201);
    expect(body.row!.product_detail).toMatchObject({ is_backorderable: true, quantity: 1 });
  });

  it("shows the stock less what another customer's cart holds, and checks against it", async () => {
    const pid = await stocked('GIA-0008', 10);
    expect((await put(token.b2b2, cartB, pid, 4)).status).toBe(201);
    const added = await put(token.b2b, cartA, pid, 6);
    expect(added.status).toBe(201);
    expect(added.body.row!.product_detail.quantity).toBe(6);
    const over = await put(token.b2b, cartA, pid, 7);
    expect(over.body.detail).toBe('quantity_not_available');
    expect(over.body.error_list[0]!.message).toContain('6 units');
    // B's row is shown with the units A does not hold.
    expect((await rows(token.b2b2, cartB)).body.results[0]!.product_detail.quantity).toBe(4);
    // Lowering is always allowed.
    expect((await put(token.b2b, cartA, pid, 1)).status).toBe(200);
  });

  it('lets a row grow by the units nobody holds when rows affect stock', async () => {
    const pid = await stocked('GIA-0009', 10);
    await put(token.b2b2, cartB, pid, 3);
    await put(token.b2b, cartA, pid, 4);
    expect((await put(token.b2b, cartA, pid, 7)).status).toBe(200);
    expect((await put(token.b2b, cartA, pid, 8)).body.detail).toBe('quantity_not_available');
  });

  it('ignores other carts when the stock effect is off', async () => {
    const pid = await stocked('GIA-0010', 10);
    await put(token.b2b2, cartB, pid, 8);
    await setEffect(false, 'all');
    const added = await put(token.b2b, cartA, pid, 10);
    expect(added.status).toBe(201);
    expect(added.body.row!.product_detail.quantity).toBe(10);
    expect((await put(token.b2b, cartA, pid, 11)).body.detail).toBe('quantity_not_available');
  });

  it('counts only the carts of the contexts the setting names', async () => {
    const pid = await stocked('GIA-0011', 10);
    const b2cCart = (await open(token.consumer, {}, '?shop_context=b2c')).body.id!;
    await emptyCart(b2cCart);
    await put(token.b2b2, cartB, pid, 5);
    await put(token.consumer, b2cCart, pid, 3);
    await setEffect(true, 'b2c');
    // Only the B2C cart's 3 units are held.
    expect((await rows(token.b2b, cartA)).body.count).toBe(0);
    const added = await put(token.b2b, cartA, pid, 7);
    expect(added.body.row!.product_detail.quantity).toBe(7);
    expect((await put(token.b2b, cartA, pid, 8)).body.detail).toBe('quantity_not_available');
    await setEffect(true, 'b2b');
    // Now B's 5 units (and A's own 7) are held, the B2C cart's are not.
    const b2cRows = await rows(token.consumer, b2cCart);
    expect(b2cRows.body.results[0]!.product_detail.quantity).toBe(10 - 5 - 7);
    await emptyCart(b2cCart);
  });

  it('adds a variant as its own row, checked against the variant stock', async () => {
    const [variant] = await db().select().from(variants).limit(1);
    await db().update(variants).set({ quantity: 2, isBackorderable: false }).where(eq(variants.id, variant!.id));
    await db().update(products).set({ isBackorderable: false }).where(eq(products.id, variant!.productId));
    const added = await put(token.b2b, cartA, variant!.productId, 2, variant!.id);
    expect(added.status).toBe(201);
    expect(added.body.row).toMatchObject({ variant: variant!.id, product: variant!.productId });
    expect(added.body.row!.product_detail.variant_name).toEqual(expect.any(String));
    expect(added.body.row!.product_detail.code).toBe(variant!.code);
    expect((await put(token.b2b, cartA, variant!.productId, 3, variant!.id)).body.detail).toBe('quantity_not_available');
    const [other] = await db().select().from(variants).where(sql`${variants.productId} <> ${variant!.productId}`).limit(1);
    expect((await put(token.b2b, cartA, variant!.productId, 1, other!.id)).status).toBe(400);
  });

  it('answers 404 for an unknown product', async () => {
    const { status, body } = await put(token.b2b, cartA, 999_999, 1);
    expect(status).toBe(404);
    expect(body.detail).toBe('Product not found');
  });

  it('pages and sorts the rows, and refuses an unknown order field', async () => {
    for (const [i, code] of ['GIA-0012', 'GIA-0013', 'GIA-0014'].entries()) await put(token.b2b, cartA, await stocked(code, 20), i + 1);
    const page = await rows(token.b2b, cartA, '&page=2&page_size=2&order_by=qty-desc');
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((r) => r.qty)).toEqual([1]);
    const first = await rows(token.b2b, cartA, '&order_by=qty-desc');
    expect(first.body.results.map((r) => r.qty)).toEqual([3, 2, 1]);
    expect((await rows(token.b2b, cartA, '&order_by=price-asc')).status).toBe(400);
    expect((await rows(token.b2b, cartA, '&page_size=1000')).status).toBe(400);
  });

  it.each([
    ['a string product', { product: '12' }],
    ['a string qty', { qty: '1' }],
    ['a fractional qty', { qty: 1.5 }],
    ['a huge qty', { qty: 1e12 }],
    ['a hugely negative qty', { qty: -1e12 }],
    ['an unknown field', { price: 0.01 }],
    ['a missing product', { product: undefined }],
  ])('refuses %s with 400', async (_, over) => {
    const pid = await stocked('GIA-0015', 20);
    const { status } = await shop.send('POST', 'carts/rows/', { token: token.b2b, body: { cart: cartA, product: pid, qty: 1, ...over } });
    expect(status).toBe(400);
  });

  it('refuses a malformed rows query', async () => {
    expect((await shop.send('GET', 'carts/rows/', { token: token.b2b })).status).toBe(400);
    expect((await shop.send('GET', 'carts/rows/?cart=abc', { token: token.b2b })).status).toBe(400);
    expect((await shop.send('GET', 'carts/rows/?cart=99999999999', { token: token.b2b })).status).toBe(400);
  });
});

describe('carts/row/{id}/', () => {
  let cartA = 0;
  beforeAll(async () => {
    cartA = (await open(token.b2b)).body.id!;
  });
  beforeEach(() => emptyCart(cartA));

  const patch = (who: string, id: number | string, body: unknown) => shop.send<CartRowChange & Err>('PATCH', `carts/row/${id}/`, { token: who, body });
  const del = (who: string, id: number | string) => shop.send<CartRowChange & Err>('DELETE', `carts/row/${id}/`, { token: who });

  it('PATCH sets the quantity, checks the stock, and 0 removes', async () => {
    const pid = await stocked('GIA-0020', 5);
    const row = (await put(token.b2b, cartA, pid, 1)).body.row!;
    const changed = await patch(token.b2b, row.id, { qty: 5 });
    expect(changed.status).toBe(200);
    expect(changed.body.row!.qty).toBe(5);
    expect(changed.body.cart.total_quantity).toBe(5);
    expect((await patch(token.b2b, row.id, { qty: 6 })).body.detail).toBe('quantity_not_available');
    const gone = await patch(token.b2b, row.id, { qty: 0 });
    expect(gone.body).toMatchObject({ row: null, removed: true });
    expect((await patch(token.b2b, row.id, { qty: 1 })).status).toBe(404);
  });

  it('DELETE removes the row and answers the cart', async () => {
    const pid = await stocked('GIA-0021', 5);
    const row = (await put(token.b2b, cartA, pid, 2)).body.row!;
    const gone = await del(token.b2b, row.id);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ row: null, removed: true, cart: { id: cartA, rows_count: 0 } });
    expect((await del(token.b2b, row.id)).status).toBe(404);
  });

  it('refuses malformed ids and bodies', async () => {
    const pid = await stocked('GIA-0022', 5);
    const row = (await put(token.b2b, cartA, pid, 2)).body.row!;
    expect((await patch(token.b2b, 'abc', { qty: 1 })).status).toBe(400);
    expect((await del(token.b2b, '-1')).status).toBe(400);
    expect((await patch(token.b2b, row.id, { qty: 'many' })).status).toBe(400);
    expect((await patch(token.b2b, row.id, { qty: 1, product: 3 })).status).toBe(400);
    expect((await patch(token.b2b, row.id, {})).status).toBe(400);
  });
});

describe('cart permissions', () => {
  let cartA = 0;
  let rowA = 0;
  let pid = 0;
  beforeAll(async () => {
    cartA = (await open(token.b2b)).body.id!;
    await emptyCart(cartA);
    pid = await stocked('GIA-0030', 50);
    rowA = (await put(token.b2b, cartA, pid, 1)).body.row!.id;
  });

  it('answers 401 to anonymous calls', async () => {
    expect((await shop.send('GET', `carts/rows/?cart=${cartA}`)).status).toBe(401);
    expect((await shop.send('POST', 'carts/rows/', { body: { cart: cartA, product: pid, qty: 1 } })).status).toBe(401);
    expect((await shop.send('PATCH', `carts/row/${rowA}/`, { body: { qty: 2 } })).status).toBe(401);
    expect((await shop.send('DELETE', `carts/row/${rowA}/`)).status).toBe(401);
  });

  it("hides customer A's cart and rows from customer B and from another agent (404)", async () => {
    for (const who of [token.b2b2, token.agent2, token.consumer]) {
      expect((await rows(who, cartA)).status).toBe(404);
      expect((await put(who, cartA, pid, 3)).status).toBe(404);
      expect((await shop.send('PATCH', `carts/row/${rowA}/`, { token: who, body: { qty: 3 } })).status).toBe(404);
      expect((await shop.send('DELETE', `carts/row/${rowA}/`, { token: who })).status).toBe(404);
    }
    expect((await rows(token.b2b, cartA)).body.results[0]!.qty).toBe(1);
  });

  it("lets A's agent work on A's cart, each change audited", async () => {
    const listed = await rows(token.agent, cartA);
    expect(listed.status).toBe(200);
    const other = await stocked('GIA-0031', 50);
    const added = await put(token.agent, cartA, other, 2);
    expect(added.status).toBe(201);
    expect((await shop.send('PATCH', `carts/row/${added.body.row!.id}/`, { token: token.agent, body: { qty: 3 } })).status).toBe(200);
    expect((await shop.send('DELETE', `carts/row/${added.body.row!.id}/`, { token: token.agent })).status).toBe(200);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agentId, agentId), eq(auditLog.customerId, customer.C0001!), inArray(auditLog.action, ['cart.row.add', 'cart.row.update', 'cart.row.remove'])));
    expect(audit.map((a) => a.action)).toEqual(['cart.row.add', 'cart.row.update', 'cart.row.remove']);
    expect(audit[0]!.data).toMatchObject({ cart: cartA, product: other, qty: 2 });
  });
});

describe('cart header totals and promotions', () => {
  let cartA = 0;
  beforeAll(async () => {
    cartA = (await open(token.b2b)).body.id!;
  });
  beforeEach(async () => {
    await emptyCart(cartA);
    await db().delete(promotions).where(sql`${promotions.code} like 'TEST-%'`);
  });

  const header = async () => (await open(token.b2b)).body;

  it('adds up the rows at the customer prices', async () => {
    const a = await stocked('GIA-0040', 100);
    const b = await stocked('GIA-0041', 100);
    await put(token.b2b, cartA, a, 2);
    await put(token.b2b, cartA, b, 3);
    const prices = await priceProducts(db(), [a, b], { customerId: customer.C0001 });
    const subtotal = Math.round((prices.get(a)!.price * 2 + prices.get(b)!.price * 3) * 100) / 100;
    expect(await header()).toMatchObject({ rows_count: 2, total_quantity: 5, subtotal, discount: 0, final_price: subtotal, promotion: null });
  });

  it('applies the VENDEMMIA2026 promotion to its products once the order reaches its minimum', async () => {
    const [promo] = await db().select().from(promotions).where(eq(promotions.code, 'VENDEMMIA2026'));
    const [link] = await db().select().from(promotionProducts).where(eq(promotionProducts.promotionId, promo!.id)).limit(1);
    await db().update(products).set({ quantity: 10_000 }).where(eq(products.id, link!.productId));
    const price = (await priceProducts(db(), [link!.productId], { customerId: customer.C0001 })).get(link!.productId)!.price;
    const under = Math.max(1, Math.floor(299 / price));
    await put(token.b2b, cartA, link!.productId, under);
    if (price * under < 300) expect((await header()).promotion).toBeNull();
    const qty = Math.ceil(300 / price) + 1;
    await put(token.b2b, cartA, link!.productId, qty);
    const h = await header();
    const subtotal = Math.round(price * qty * 100) / 100;
    expect(h.promotion).toMatchObject({ id: promo!.id, code: 'VENDEMMIA2026', type: 'percentage', value: 5, canvas: promo!.canvasId });
    expect(h.promotion!.products).toContain(link!.productId);
    expect(h.promotion_discount).toBeCloseTo(Math.round(subtotal * 5) / 100, 2);
    expect(h.final_price).toBeCloseTo(subtotal - h.promotion_discount, 2);
    const [stored] = await db().select().from(carts).where(eq(carts.id, cartA));
    expect(stored!.promotionId).toBe(promo!.id);
  });

  it('applies a promotion without products to the whole cart, and only in its context', async () => {
    const a = await stocked('GIA-0042', 100);
    await put(token.b2b, cartA, a, 1);
    await db().insert(promotions).values({
      code: 'TEST-ALL', type: 'fixed', value: 1, minOrder: 0, shopContext: 'b2c', name: { it: 'Prova' }, description: { it: 'Prova' },
    });
    expect((await header()).promotion).toBeNull();
    await db().update(promotions).set({ shopContext: 'b2b' }).where(eq(promotions.code, 'TEST-ALL'));
    const h = await header();
    expect(h.promotion?.code).toBe('TEST-ALL');
    expect(h.promotion!.products).toEqual([]);
    expect(h.promotion_discount).toBe(Math.min(1, h.subtotal));
    expect(h.final_price).toBeCloseTo(h.subtotal - h.promotion_discount, 2);
  });

  it('ignores an expired promotion', async () => {
    const a = await stocked('GIA-0043', 100);
    await put(token.b2b, cartA, a, 1);
    await db().insert(promotions).values({
      code: 'TEST-OLD', type: 'percentage', value: 50, shopContext: 'all', validTo: new Date('2020-01-01'), name: { it: 'Vecchia' }, description: { it: 'Vecchia' },
    });
    expect((await header()).promotion).toBeNull();
  });
});

describe('concurrent adds', () => {
  it('never hold more than the stock with the stock effect on', async () => {
    await setEffect(true, 'all');
    const pid = await stocked('GIA-0050', 4);
    // Ten carts the agent may act on: three customers, two contexts, with and without a season.
    const combos = [customer.C0001!, customer.C0002!, customer.C0003!].flatMap((customerId) =>
      (['b2b', 'b2c'] as const).flatMap((shopContext) => [null, seasonId].map((season) => ({ customerId, shopContext, seasonId: season }))),
    );
    const created = await db().insert(carts).values(combos.slice(0, 10)).returning({ id: carts.id });
    const results = await Promise.all(created.map((c) => put(token.agent, c.id, pid, 1)));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 400);
    expect(ok).toHaveLength(4);
    expect(refused.every((r) => r.body.detail === 'quantity_not_available')).toBe(true);
    expect(results.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    const [held] = await queryRows<{ n: number }>(db(), sql`select coalesce(sum(qty), 0)::int as n from cart_rows where product_id = ${pid}`);
    expect(held!.n).toBe(4);
    await db().delete(carts).where(inArray(carts.id, created.map((c) => c.id)));
  });
});
