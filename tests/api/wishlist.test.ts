import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import type { WishlistHeader, WishlistRow } from '../../src/lib/contract/wishlist';
import { priceProducts } from '../../server/catalogue/prices';
import { auditLog, products, seasons, users, wishlistRows, wishlists } from '../../server/db/schema';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const token: Record<'agent' | 'agent2' | 'b2b' | 'b2b2' | 'consumer', string> = { agent: '', agent2: '', b2b: '', b2b2: '', consumer: '' };
const customer: Record<string, number> = {};
let agentId = 0;
let agent2Id = 0;
const pid: Record<string, number> = {};

beforeAll(async () => {
  shop = await openTestShop();
  const db = shop.database.db;
  Object.assign(token, await shop.loginAs('agent', 'agent2', 'b2b', 'b2b2', 'consumer'));
  Object.assign(customer, await shop.customerIds());
  agentId = (await db.select().from(users).where(eq(users.email, 'agent@example.com')))[0]!.id;
  agent2Id = (await db.select().from(users).where(eq(users.email, 'agent2@example.com')))[0]!.id;
  for (const p of await db.select().from(products).where(inArray(products.code, ['GIA-0001', 'GIA-0002', 'GIA-0003', 'GIA-0004']))) pid[p.code] = p.id;
});
afterAll(() => shop?.close());

const db = () => shop.database.db;
type Err = ErrorBody;

const open = (who: string | undefined, body: Record<string, unknown> = {}, query = '') =>
  shop.send<WishlistHeader & Err>('POST', `wishlists/get-or-create/${query}`, { token: who, body });
const add = (who: string, wishlist: number, product: unknown, notes?: unknown) =>
  shop.send<WishlistRow & Err>('POST', 'wishlists/rows/', { token: who, body: { wishlist, product, ...(notes === undefined ? {} : { notes }) } });
const rows = (who: string, wishlist: number | string, query = '') => shop.send<Paged<WishlistRow> & Err>('GET', `wishlists/rows/?wishlist=${wishlist}${query}`, { token: who });

describe('wishlists/get-or-create/', () => {
  it('needs a signed-in user', async () => {
    expect((await open(undefined)).status).toBe(401);
  });

  it("opens the customer's wishlist once, with the customer's agent in B2B", async () => {
    const first = await open(token.b2b);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ customer: customer.C0001, agent: agentId, season: null, shop_context: 'b2b', rows_count: 0 });
    expect((await open(token.b2b)).body.id).toBe(first.body.id);
    expect(await db().select().from(wishlists).where(eq(wishlists.customerId, customer.C0001!))).toHaveLength(1);
  });

  it('lazy creates nothing', async () => {
    const lazy = await open(token.b2b2, {}, '?lazy=true');
    expect(lazy.body).toMatchObject({ id: null, customer: customer.C0002, rows_count: 0 });
    expect(await db().select().from(wishlists).where(eq(wishlists.customerId, customer.C0002!))).toHaveLength(0);
  });

  it('applies the same customer and agent rules as carts, and audits agents', async () => {
    expect((await open(token.agent)).status).toBe(400);
    expect((await open(token.agent2, { customer: customer.C0001 })).status).toBe(403);
    expect((await open(token.agent, { customer: customer.C0001, agent: agent2Id })).status).toBe(403);
    expect((await open(token.b2b, { customer: customer.C0002 })).status).toBe(403);
    const byAgent = await open(token.agent, { customer: customer.C0003, agent: agentId });
    expect(byAgent.body).toMatchObject({ customer: customer.C0003, agent: agentId });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'wishlist.create'));
    expect(audit.map((a) => a.entityId)).toContain(String(byAgent.body.id));
  });

  it('gives B2C wishlists no agent and keeps them apart per season', async () => {
    expect((await open(token.consumer, {}, '?shop_context=b2c')).body).toMatchObject({ shop_context: 'b2c', agent: null });
    const [season] = await db().select().from(seasons).limit(1);
    const seasonal = await open(token.b2b, { season: season!.id });
    expect(seasonal.body.season).toBe(season!.id);
    expect(seasonal.body.id).not.toBe((await open(token.b2b)).body.id);
  });

  it.each([
    ['a string id', { customer: '1' }],
    ['an unknown field', { colour: 'red' }],
    ['a huge id', { customer: 2 ** 40 }],
  ])('refuses %s with 400', async (_, body) => {
    expect((await open(token.b2b, body)).status).toBe(400);
  });
});

describe('wishlists/rows/', () => {
  let listA = 0;
  beforeAll(async () => {
    listA = (await open(token.b2b)).body.id!;
  });
  beforeEach(() => db().delete(wishlistRows).where(eq(wishlistRows.wishlistId, listA)));

  it('adds a product with notes (201) and lists it priced for the customer', async () => {
    const added = await add(token.b2b, listA, pid['GIA-0001'], 'per la vendemmia');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ wishlist: listA, product: pid['GIA-0001'], notes: 'per la vendemmia' });
    const list = await rows(token.b2b, listA);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const price = (await priceProducts(db(), [pid['GIA-0001']!], { customerId: customer.C0001 })).get(pid['GIA-0001']!)!.price;
    expect(list.body.results[0]!.product_detail).toMatchObject({ id: pid['GIA-0001'], code: 'GIA-0001', price });
    expect(list.body.results[0]!.product_detail.image?.url).toMatch(/_1\.webp$/);
    expect((await open(token.b2b)).body.rows_count).toBe(1);
  });

  it('refuses a product already in the wishlist', async () => {
    await add(token.b2b, listA, pid['GIA-0002']);
    const again = await add(token.b2b, listA, pid['GIA-0002'], 'ancora');
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Product already in the wishlist');
    expect((await rows(token.b2b, listA)).body.count).toBe(1);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await add(token.b2b, listA, 999_999)).status).toBe(404);
  });

  it('pages and sorts the rows', async () => {
    for (const code of ['GIA-0001', 'GIA-0002', 'GIA-0003']) await add(token.b2b, listA, pid[code]);
    const page = await rows(token.b2b, listA, '&page=1&page_size=2&order_by=id-desc');
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((r) => r.product)).toEqual([pid['GIA-0003'], pid['GIA-0002']]);
    expect((await rows(token.b2b, listA, '&order_by=notes-asc')).status).toBe(400);
  });

  it.each([
    ['a string product', { product: 'GIA-0001' }],
    ['a fractional product', { product: 1.5 }],
    ['numeric notes', { notes: 5 }],
    ['very long notes', { notes: 'x'.repeat(5000) }],
    ['an unknown field', { qty: 1 }],
  ])('refuses %s with 400', async (_, over) => {
    const { status } = await shop.send('POST', 'wishlists/rows/', { token: token.b2b, body: { wishlist: listA, product: pid['GIA-0004'], ...over } });
    expect(status).toBe(400);
  });

  it('refuses malformed queries', async () => {
    expect((await shop.send('GET', 'wishlists/rows/', { token: token.b2b })).status).toBe(400);
    expect((await rows(token.b2b, 'x')).status).toBe(400);
  });
});

describe('wishlists/row/{id}/', () => {
  let listA = 0;
  beforeAll(async () => {
    listA = (await open(token.b2b)).body.id!;
  });
  beforeEach(() => db().delete(wishlistRows).where(eq(wishlistRows.wishlistId, listA)));

  it('PATCH changes the notes', async () => {
    const row = (await add(token.b2b, listA, pid['GIA-0001'])).body;
    const changed = await shop.send<WishlistRow>('PATCH', `wishlists/row/${row.id}/`, { token: token.b2b, body: { notes: 'due cartoni' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: row.id, notes: 'due cartoni' });
    expect((await shop.send<WishlistRow>('PATCH', `wishlists/row/${row.id}/`, { token: token.b2b, body: { notes: null } })).body.notes).toBe('');
    expect((await shop.send('PATCH', `wishlists/row/${row.id}/`, { token: token.b2b, body: { notes: 'x', product: 1 } })).status).toBe(400);
    expect((await shop.send('PATCH', `wishlists/row/${row.id}/`, { token: token.b2b, body: {} })).status).toBe(400);
  });

  it('DELETE removes the row (204)', async () => {
    const row = (await add(token.b2b, listA, pid['GIA-0001'])).body;
    const gone = await shop.send('DELETE', `wishlists/row/${row.id}/`, { token: token.b2b });
    expect(gone.status).toBe(204);
    expect((await rows(token.b2b, listA)).body.count).toBe(0);
    expect((await shop.send('DELETE', `wishlists/row/${row.id}/`, { token: token.b2b })).status).toBe(404);
    expect((await shop.send('DELETE', 'wishlists/row/abc/', { token: token.b2b })).status).toBe(400);
  });
});

describe('wishlist permissions', () => {
  let listA = 0;
  let rowA = 0;
  beforeAll(async () => {
    listA = (await open(token.b2b)).body.id!;
    await db().delete(wishlistRows).where(eq(wishlistRows.wishlistId, listA));
    rowA = (await add(token.b2b, listA, pid['GIA-0001'])).body.id;
  });

  it('answers 401 to anonymous calls', async () => {
    expect((await shop.send('GET', `wishlists/rows/?wishlist=${listA}`)).status).toBe(401);
    expect((await shop.send('POST', 'wishlists/rows/', { body: { wishlist: listA, product: pid['GIA-0002'] } })).status).toBe(401);
    expect((await shop.send('PATCH', `wishlists/row/${rowA}/`, { body: { notes: 'x' } })).status).toBe(401);
    expect((await shop.send('DELETE', `wishlists/row/${rowA}/`)).status).toBe(401);
  });

  it("hides A's wishlist from customer B and another agent (404)", async () => {
    for (const who of [token.b2b2, token.agent2, token.consumer]) {
      expect((await rows(who, listA)).status).toBe(404);
      expect((await add(who, listA, pid['GIA-0002'])).status).toBe(404);
      expect((await shop.send('PATCH', `wishlists/row/${rowA}/`, { token: who, body: { notes: 'x' } })).status).toBe(404);
      expect((await shop.send('DELETE', `wishlists/row/${rowA}/`, { token: who })).status).toBe(404);
    }
    expect((await rows(token.b2b, listA)).body.count).toBe(1);
  });

  it("lets A's agent change it, each change audited", async () => {
    expect((await rows(token.agent, listA)).status).toBe(200);
    const added = await add(token.agent, listA, pid['GIA-0003'], 'proposta agente');
    expect(added.status).toBe(201);
    expect((await shop.send('PATCH', `wishlists/row/${added.body.id}/`, { token: token.agent, body: { notes: 'confermata' } })).status).toBe(200);
    expect((await shop.send('DELETE', `wishlists/row/${added.body.id}/`, { token: token.agent })).status).toBe(204);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agentId, agentId), eq(auditLog.customerId, customer.C0001!), inArray(auditLog.action, ['wishlist.row.add', 'wishlist.row.update', 'wishlist.row.remove'])));
    expect(audit.map((a) => a.action)).toEqual(['wishlist.row.add', 'wishlist.row.update', 'wishlist.row.remove']);
  });
});
