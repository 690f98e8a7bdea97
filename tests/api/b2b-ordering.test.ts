// Quick order, bulk adds with the stock rules, saved lists, previously bought and the agent's
// customer picker (issue 16), as a business customer's user and as its agent.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartBulkAddAnswer, PurchasedItem, QuickOrderSearchAnswer, QuickOrderValidation, SavedList, SavedListBulkAnswer, SavedListRow } from '../../src/lib/contract/b2b-ordering';
import type { CartHeader, CartRow } from '../../src/lib/contract/cart';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import type { CustomerSummary } from '../../src/lib/contract/users';
import { priceProducts } from '../../server/catalogue/prices';
import { queryRows } from '../../server/db/raw';
import { systemSettings } from '../../server/db/schema';
import { insertB2bFixture, orderableDemoCodes, type B2bFixture } from '../support/b2b-fixtures';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let fx: B2bFixture;
const token = { agent: '', b2b: '', b2b2: '', consumer: '' };
const customer: Record<string, number> = {};
type Err = ErrorBody;

beforeAll(async () => {
  shop = await openTestShop();
  Object.assign(token, await shop.loginAs('agent', 'b2b', 'b2b2', 'consumer'));
  Object.assign(customer, await shop.customerIds());
  fx = await insertB2bFixture(shop.database.db);
});
afterAll(() => shop?.close());

const db = () => shop.database.db;
const setSetting = (key: string, value: string) =>
  db().insert(systemSettings).values({ key, value }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });

const validate = (who: string, lines: unknown[], extra: Record<string, unknown> = {}, query = '') =>
  shop.send<QuickOrderValidation & Err>('POST', `quick-order/validate/${query}`, { token: who, body: { lines, ...extra } });
const openCart = async (who: string, body: Record<string, unknown> = {}) => (await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: who, body })).body;
const bulk = (who: string, cart: number, lines: unknown[]) => shop.send<CartBulkAddAnswer & Err>('POST', 'carts/rows/bulk/', { token: who, body: { cart, lines } });
const cartRowsOf = async (who: string, cart: number) => (await shop.send<Paged<CartRow>>('GET', `carts/rows/?cart=${cart}&page_size=100`, { token: who })).body.results;
const emptyCart = (cart: number) => db().execute(sql`delete from cart_rows where cart_id = ${cart}`);

describe('quick-order/validate/', () => {
  it('checks 20 pasted lines at once: 17 good, 3 with their reasons', async () => {
    const codes = await orderableDemoCodes(db(), 17);
    expect(codes).toHaveLength(17);
    const lines = [
      ...codes.map((code, i) => ({ line: i + 1, code: i === 0 ? code.toLowerCase() : code, qty: 1 })),
      { line: 18, code: 'NOPE-0000', qty: 2 },
      { line: 19, code: codes[1]!.replace(/\d$/, (d) => d) + '', qty: null },
      { line: 20, code: 'B2B-FIVE', qty: 6 },
    ];
    const answer = await validate(token.b2b, lines);
    expect(answer.status).toBe(200);
    expect(answer.body.valid_count).toBe(17);
    expect(answer.body.lines.map((l) => l.line)).toEqual(lines.map((l) => l.line));
    expect(answer.body.lines.slice(0, 17).every((l) => l.status === 'ok' && l.item !== null)).toBe(true);
    // Codes are matched ignoring case and answered as the catalogue spells them.
    expect(answer.body.lines[0]!.item!.code).toBe(codes[0]);
    expect(answer.body.lines[17]).toMatchObject({ status: 'unknown_code', item: null });
    expect(answer.body.lines[18]).toMatchObject({ status: 'invalid_qty', qty: null });
    expect(answer.body.lines[18]!.item?.code).toBe(codes[1]);
    expect(answer.body.lines[19]).toMatchObject({ status: 'over_stock', max_qty: 5, qty: 6 });
  });

  it('tells not orderable, choose a version, variant codes, backorders and merged duplicates apart', async () => {
    const answer = await validate(token.b2b, [
      { line: 1, code: 'B2B-OUT', qty: 1 },
      { line: 2, code: 'B2B-HIDDEN', qty: 1 },
      { line: 3, code: 'B2B-VAR', qty: 1 },
      { line: 4, code: 'b2b-var-10', qty: 4 },
      { line: 5, code: 'B2B-VAR-NONE', qty: 1 },
      { line: 6, code: 'B2B-BACK', qty: 500 },
      { line: 7, code: 'B2B-PLENTY', qty: 2 },
      { line: 8, code: 'B2B-PLENTY', qty: 3 },
      { line: 9, code: 'B2B-FIVE', qty: 1.5 },
      { line: 10, code: 'B2B-FIVE', qty: 0 },
    ]);
    const byLine = (n: number) => answer.body.lines.find((l) => l.line === n)!;
    expect(byLine(1).status).toBe('not_orderable');
    expect(byLine(2).status).toBe('not_orderable');
    expect(byLine(3).status).toBe('choose_variant');
    expect(byLine(4)).toMatchObject({ status: 'ok', item: { variant: fx.variant['B2B-VAR-10'], product: fx.product['B2B-VAR'], code: 'B2B-VAR-10', variant_name: 'Dieci' } });
    expect(byLine(5).status).toBe('not_orderable');
    expect(byLine(6)).toMatchObject({ status: 'ok', max_qty: null, item: { is_backorderable: true, stock_state: 'backorder' } });
    expect(byLine(7)).toMatchObject({ status: 'ok', qty: 5 });
    expect(byLine(8)).toMatchObject({ status: 'merged', merged_into: 7, qty: 3 });
    expect(byLine(9).status).toBe('invalid_qty');
    expect(byLine(10).status).toBe('invalid_qty');
    expect(answer.body.valid_count).toBe(3);
  });

  it("answers the customer's price and the name in the request's language", async () => {
    const [code] = await orderableDemoCodes(db(), 1);
    const en = await validate(token.b2b, [{ line: 1, code: code!, qty: 1 }, { line: 2, code: 'B2B-FIVE', qty: 1 }], {}, '?locale=en');
    const item = en.body.lines[0]!.item!;
    const prices = await priceProducts(db(), [item.product], { customerId: customer.C0001 });
    expect(item.price).toBe(prices.get(item.product)!.price);
    expect(en.body.lines[1]!.item!.name).toBe('Zephyr test product B2B-FIVE');
    const es = await validate(token.b2b, [{ line: 1, code: 'B2B-FIVE', qty: 1 }], {}, '?locale=es');
    expect(es.body.lines[0]!.item!.name).toBe('Producto céfiro B2B-FIVE');
  });

  it('an agent names the customer; without one it is told to', async () => {
    expect((await validate(token.agent, [{ line: 1, code: 'B2B-FIVE', qty: 1 }])).status).toBe(400);
    const answer = await validate(token.agent, [{ line: 1, code: 'B2B-FIVE', qty: 1 }], { customer: customer.C0002 });
    expect(answer.body.lines[0]!.status).toBe('ok');
  });

  it('refuses more than 500 lines and malformed lines with 400', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ line: i + 1, code: 'B2B-FIVE', qty: 1 }));
    expect((await validate(token.b2b, many)).status).toBe(400);
    expect((await validate(token.b2b, [])).status).toBe(400);
    expect((await validate(token.b2b, [{ line: 1, code: '', qty: 1 }])).status).toBe(400);
    expect((await validate(token.b2b, [{ line: 1, code: 'X', qty: '3' }])).status).toBe(400);
  });
});

describe('quick-order/search/', () => {
  const search = (who: string, q: string, extra = '') => shop.send<QuickOrderSearchAnswer & Err>('GET', `quick-order/search/?q=${encodeURIComponent(q)}${extra}`, { token: who });

  it('finds variants by code and leaves out the product sold by them', async () => {
    const answer = await search(token.b2b, 'b2b-var');
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => r.code)).toEqual(['B2B-VAR-10', 'B2B-VAR-NONE']);
  });

  it('finds by name in the locale, exact codes first, at most 10, nothing unpublished', async () => {
    // Words of the name in the locale, whole or as the start of a word being typed.
    const byName = (await search(token.b2b, 'zephy', '&locale=en')).body.results.map((r) => r.code);
    expect(byName).toEqual(expect.arrayContaining(['B2B-FIVE', 'B2B-PLENTY', 'B2B-VAR-10']));
    expect(byName).not.toContain('B2B-HIDDEN');
    expect(byName).not.toContain('B2B-VAR');
    expect((await search(token.b2b, 'céfiro', '&locale=es')).body.results.map((r) => r.code)).toContain('B2B-FIVE');
    expect((await search(token.b2b, 'zephyr', '&locale=it')).body.results).toEqual([]);
    const exact = await search(token.b2b, 'B2B-FIVE');
    expect(exact.body.results[0]!.code).toBe('B2B-FIVE');
    const wide = await search(token.b2b, 'b2b-');
    expect(wide.body.results.length).toBeLessThanOrEqual(10);
    expect(wide.body.results.map((r) => r.code)).not.toContain('B2B-HIDDEN');
    expect((await search(token.b2b, 'b')).body.results).toEqual([]);
  });
});

describe('carts/rows/bulk/ and the stock rules', () => {
  it('adds every line in one call: added, partly added, refused with reasons', async () => {
    const cart = await openCart(token.b2b);
    await emptyCart(cart.id!);
    const answer = await bulk(token.b2b, cart.id!, [
      { product: fx.product['B2B-FIVE'], qty: 3 },
      { product: fx.product['B2B-FIVE'], qty: 4 },
      { product: fx.product['B2B-OUT'], qty: 1 },
      { product: fx.product['B2B-HIDDEN'], qty: 1 },
      { product: fx.product['B2B-VAR'], qty: 1 },
      { product: fx.product['B2B-VAR'], variant: fx.variant['B2B-VAR-10'], qty: 4 },
      { product: fx.product['B2B-BACK'], qty: 500 },
      { product: 2_000_000_000, qty: 1 },
      { product: fx.product['B2B-FIVE'], variant: fx.variant['B2B-VAR-10'], qty: 1 },
    ]);
    expect(answer.status).toBe(200);
    const l = answer.body.lines;
    expect(l[0]).toMatchObject({ line: 1, status: 'added', added: 3, row_qty: 3, reason: null });
    expect(l[1]).toMatchObject({ line: 2, status: 'partly_added', added: 2, row_qty: 5, reason: 'quantity_not_available', max_qty: 5 });
    expect(l[2]).toMatchObject({ status: 'refused', added: 0, reason: 'quantity_not_available', max_qty: 0 });
    expect(l[3]).toMatchObject({ status: 'refused', reason: 'not_orderable' });
    expect(l[4]).toMatchObject({ status: 'refused', reason: 'choose_variant' });
    expect(l[5]).toMatchObject({ status: 'added', added: 4, variant: fx.variant['B2B-VAR-10'] });
    expect(l[6]).toMatchObject({ status: 'added', added: 500, max_qty: null });
    expect(l[7]).toMatchObject({ status: 'refused', reason: 'not_found' });
    expect(l[8]).toMatchObject({ status: 'refused', reason: 'not_found' });
    expect(answer.body).toMatchObject({ added_count: 4, refused_count: 5 });
    expect(answer.body.cart).toMatchObject({ id: cart.id, rows_count: 3, total_quantity: 509 });
    const rows = await cartRowsOf(token.b2b, cart.id!);
    expect(rows.map((r) => [r.product_detail.code, r.qty]).sort()).toEqual([['B2B-BACK', 500], ['B2B-FIVE', 5], ['B2B-VAR-10', 4]]);
  });

  it("adds to what the cart holds, and refuses what other carts' holds take", async () => {
    const mine = await openCart(token.b2b);
    const theirs = await openCart(token.b2b2);
    await emptyCart(mine.id!);
    await emptyCart(theirs.id!);
    expect((await bulk(token.b2b2, theirs.id!, [{ product: fx.product['B2B-PLENTY'], qty: 996 }])).body.lines[0]!.status).toBe('added');
    const first = await bulk(token.b2b, mine.id!, [{ product: fx.product['B2B-PLENTY'], qty: 3 }]);
    expect(first.body.lines[0]).toMatchObject({ status: 'added', row_qty: 3 });
    const second = await bulk(token.b2b, mine.id!, [{ product: fx.product['B2B-PLENTY'], qty: 3 }]);
    expect(second.body.lines[0]).toMatchObject({ status: 'partly_added', added: 1, row_qty: 4, max_qty: 4 });
    // Without the stock effect other carts hold nothing: only the stock itself limits.
    await setSetting('CART_ROWS_AFFECT_STOCK', 'false');
    try {
      const third = await bulk(token.b2b, mine.id!, [{ product: fx.product['B2B-PLENTY'], qty: 10 }]);
      expect(third.body.lines[0]).toMatchObject({ status: 'added', row_qty: 14 });
    } finally {
      await setSetting('CART_ROWS_AFFECT_STOCK', 'true');
    }
    await emptyCart(theirs.id!);
  });

  it('refuses a consumer with TradeCustomersOnly, and a cart it may not see with 404', async () => {
    const consumerCart = await shop.send<CartHeader>('POST', 'carts/get-or-create/?shop_context=b2c', { token: token.consumer, body: {} });
    const refused = await bulk(token.consumer, consumerCart.body.id!, [{ product: fx.product['B2B-PLENTY'], qty: 1 }]);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TradeCustomersOnly');
    const other = await openCart(token.b2b2);
    expect((await bulk(token.b2b, other.id!, [{ product: fx.product['B2B-PLENTY'], qty: 1 }])).status).toBe(404);
  });
});

describe('saved lists', () => {
  const create = (who: string, body: Record<string, unknown>) => shop.send<SavedList & Err>('POST', 'saved-lists/', { token: who, body });
  const rowsOf = async (who: string, list: number) => (await shop.send<Paged<SavedListRow>>('GET', `saved-lists/${list}/rows/?page_size=100`, { token: who })).body;

  it('creates, renames, lists and deletes; names are unique per customer ignoring case', async () => {
    const list = await create(token.b2b, { name: 'Ordine settimanale' });
    expect(list.status).toBe(201);
    expect(list.body).toMatchObject({ customer: customer.C0001, name: 'Ordine settimanale', rows_count: 0, total_quantity: 0 });
    const twice = await create(token.b2b, { name: 'ORDINE SETTIMANALE' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('SavedListNameTaken');
    // Another customer may use the same name.
    expect((await create(token.b2b2, { name: 'Ordine settimanale' })).status).toBe(201);
    const other = await create(token.b2b, { name: 'Vendemmia' });
    expect((await shop.send<Err>('PATCH', `saved-lists/${other.body.id}/`, { token: token.b2b, body: { name: 'ordine settimanale' } })).status).toBe(409);
    const renamed = await shop.send<SavedList>('PATCH', `saved-lists/${other.body.id}/`, { token: token.b2b, body: { name: 'Vendemmia 2026' } });
    expect(renamed.body.name).toBe('Vendemmia 2026');
    const all = await shop.send<Paged<SavedList>>('GET', 'saved-lists/', { token: token.b2b });
    expect(all.body.results.map((l) => l.name).sort()).toEqual(['Ordine settimanale', 'Vendemmia 2026']);
    const found = await shop.send<Paged<SavedList>>('GET', 'saved-lists/?search=vendem', { token: token.b2b });
    expect(found.body.results.map((l) => l.name)).toEqual(['Vendemmia 2026']);
    // The agent sees the customer's lists (shared by its users and agents).
    const byAgent = await shop.send<Paged<SavedList>>('GET', `saved-lists/?customer=${customer.C0001}`, { token: token.agent });
    expect(byAgent.body.count).toBe(2);
    expect((await shop.send('DELETE', `saved-lists/${other.body.id}/`, { token: token.b2b })).status).toBe(204);
    expect((await shop.send('GET', `saved-lists/${other.body.id}/`, { token: token.b2b })).status).toBe(404);
  });

  it('adds rows (adding a listed product adds its quantity), changes and removes them', async () => {
    const list = (await create(token.agent, { customer: customer.C0001, name: 'Da agente' })).body;
    const add = (body: Record<string, unknown>) => shop.send<SavedListRow & Err>('POST', `saved-lists/${list.id}/rows/`, { token: token.b2b, body });
    const first = await add({ product: fx.product['B2B-FIVE'], qty: 2 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ qty: 2, item: { code: 'B2B-FIVE' } });
    const again = await add({ product: fx.product['B2B-FIVE'], qty: 3 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, qty: 5 });
    expect((await add({ product: fx.product['B2B-VAR'], qty: 1 })).status).toBe(400);
    expect((await add({ product: 2_000_000_000, qty: 1 })).status).toBe(404);
    const bulkAnswer = await shop.send<SavedListBulkAnswer>('POST', `saved-lists/${list.id}/rows/bulk/`, {
      token: token.b2b,
      body: { lines: [{ product: fx.product['B2B-PLENTY'], qty: 4 }, { product: fx.product['B2B-FIVE'], qty: 1 }, { product: fx.product['B2B-VAR'], qty: 1 }, { product: fx.product['B2B-HIDDEN'], qty: 1 }] },
    });
    expect(bulkAnswer.body.lines.map((l) => [l.status, l.reason, l.row_qty])).toEqual([['added', null, 4], ['updated', null, 6], ['refused', 'choose_variant', 0], ['added', null, 1]]);
    expect(bulkAnswer.body.list).toMatchObject({ rows_count: 3, total_quantity: 11 });
    const rows = await rowsOf(token.b2b, list.id);
    expect(rows.count).toBe(3);
    const hidden = rows.results.find((r) => r.item.code === 'B2B-HIDDEN')!;
    expect(hidden.item).toMatchObject({ is_published: false, orderable: false });
    const patched = await shop.send<SavedListRow>('PATCH', `saved-lists/row/${hidden.id}/`, { token: token.agent, body: { qty: 9 } });
    expect(patched.body.qty).toBe(9);
    expect((await shop.send('DELETE', `saved-lists/row/${hidden.id}/`, { token: token.b2b })).status).toBe(204);
    expect((await rowsOf(token.b2b, list.id)).count).toBe(2);
    const audit = await queryRows<{ action: string }>(db(), sql`select action from audit_log where entity = 'saved_list_row' or entity = 'saved_list'`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['saved_list.create', 'saved_list.row.update']));
  });

  it('saves a cart as a list, and adds the list back to the emptied cart with per-line results', async () => {
    const cart = await openCart(token.b2b);
    await emptyCart(cart.id!);
    await bulk(token.b2b, cart.id!, [
      { product: fx.product['B2B-PLENTY'], qty: 7 },
      { product: fx.product['B2B-VAR'], variant: fx.variant['B2B-VAR-10'], qty: 2 },
      { product: fx.product['B2B-FIVE'], qty: 2 },
    ]);
    const saved = await shop.send<SavedList & Err>('POST', 'saved-lists/from-cart/', { token: token.b2b, body: { cart: cart.id, name: 'Dal carrello' } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ rows_count: 3, total_quantity: 11 });
    expect((await shop.send<Err>('POST', 'saved-lists/from-cart/', { token: token.b2b, body: { cart: cart.id, name: 'dal carrello' } })).status).toBe(409);
    const rows = await rowsOf(token.b2b, saved.body.id);
    expect(rows.results.map((r) => [r.item.code, r.qty])).toEqual([['B2B-PLENTY', 7], ['B2B-VAR-10', 2], ['B2B-FIVE', 2]]);
    await emptyCart(cart.id!);
    // Meanwhile somebody else's cart takes 4 of the 5 B2B-FIVE.
    const theirs = await openCart(token.b2b2);
    await emptyCart(theirs.id!);
    await bulk(token.b2b2, theirs.id!, [{ product: fx.product['B2B-FIVE'], qty: 4 }]);
    const back = await shop.send<CartBulkAddAnswer & Err>('POST', `saved-lists/${saved.body.id}/to-cart/`, { token: token.b2b, body: { cart: cart.id } });
    expect(back.status).toBe(200);
    expect(back.body.lines.map((l) => [l.status, l.added])).toEqual([['added', 7], ['added', 2], ['partly_added', 1]]);
    expect(back.body.cart.total_quantity).toBe(10);
    await emptyCart(theirs.id!);
    // A cart of another customer is refused: 404 when the caller cannot see it at all.
    expect((await shop.send('POST', `saved-lists/${saved.body.id}/to-cart/`, { token: token.b2b, body: { cart: theirs.id } })).status).toBe(404);
    const agentCart = await openCart(token.agent, { customer: customer.C0002 });
    const mixed = await shop.send<Err>('POST', `saved-lists/${saved.body.id}/to-cart/`, { token: token.agent, body: { cart: agentCart.id } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error_list[0]).toMatchObject({ field: 'cart', code: 'other_customer' });
  });
});

describe('purchased/', () => {
  const purchased = (who: string, query = '') => shop.send<Paged<PurchasedItem> & Err>('GET', `purchased/${query}`, { token: who });

  it("lists the demo customer's past products with last date, last quantity and current price", async () => {
    const answer = await purchased(token.b2b, '?page_size=100');
    expect(answer.status).toBe(200);
    const expected = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from (select distinct r.product_id, r.variant_id from order_rows r join orders o on o.id = r.order_id
          where o.customer_id = ${customer.C0001} and r.product_id is not null and o.status not in ('Failed', 'Cancelled')) x`,
    );
    expect(expected[0]!.n).toBeGreaterThan(0);
    expect(answer.body.count).toBe(expected[0]!.n);
    const dates = answer.body.results.map((r) => r.last_ordered_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = answer.body.results[0]!;
    const [last] = await queryRows<{ created_at: string; qty: number }>(
      db(),
      sql`select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, r.qty from order_rows r join orders o on o.id = r.order_id
          where o.customer_id = ${customer.C0001} and r.product_id = ${first.product} and r.variant_id is not distinct from ${first.variant}
          order by o.created_at desc, o.id desc, r.id desc limit 1`,
    );
    expect(first).toMatchObject({ last_ordered_at: last!.created_at, last_qty: last!.qty });
    if (first.variant === null) {
      const prices = await priceProducts(db(), [first.product], { customerId: customer.C0001 });
      expect(first.price).toBe(prices.get(first.product)!.price);
    }
  });

  it('searches, sorts and pages in SQL; an agent sees the same for its customer', async () => {
    const all = (await purchased(token.b2b, '?page_size=100')).body.results;
    const code = all[0]!.code;
    const found = await purchased(token.b2b, `?search=${encodeURIComponent(code)}`);
    expect(found.body.results.map((r) => r.code)).toContain(code);
    const byCode = (await purchased(token.b2b, '?order_by=code-asc&page_size=100')).body.results.map((r) => r.code.toLowerCase());
    expect(byCode).toEqual([...byCode].sort());
    const page2 = await purchased(token.b2b, '?order_by=code-asc&page_size=2&page=2');
    expect(page2.body.results.map((r) => r.code.toLowerCase())).toEqual(byCode.slice(2, 4));
    expect((await purchased(token.b2b, '?order_by=price-asc')).status).toBe(400);
    const agent = await purchased(token.agent, `?customer=${customer.C0001}&page_size=100`);
    expect(agent.body.count).toBe(all.length);
    expect((await purchased(token.agent)).status).toBe(400);
  });
});

describe("users/customers/: the agent's day", () => {
  const customers = (query = '') => shop.send<Paged<CustomerSummary> & Err>('GET', `users/customers/${query}`, { token: token.agent });

  it('searches by city and code, and answers the city', async () => {
    const torino = await customers('?search=torino');
    expect(torino.body.results.map((c) => c.code)).toEqual(['C0003']);
    expect(torino.body.results[0]!.city).toBe('Torino');
    expect((await customers('?search=C0002')).body.results.map((c) => c.code)).toEqual(['C0002']);
  });

  it("puts the customers the agent served last first, with each open cart's total", async () => {
    const cart = await openCart(token.agent, { customer: customer.C0002 });
    await emptyCart(cart.id!);
    const added = await bulk(token.agent, cart.id!, [{ product: fx.product['B2B-PLENTY'], qty: 2 }]);
    const recent = await customers();
    expect(recent.body.results[0]!.code).toBe('C0002');
    expect(recent.body.results[0]!.last_served_at).not.toBeNull();
    expect(recent.body.results[0]).toMatchObject({ open_cart_rows: 1, open_cart_total: added.body.cart.subtotal });
    const byName = await customers('?order_by=name');
    expect(byName.body.results.map((c) => c.code)).toEqual(['C0002', 'C0001', 'C0003']);
    expect((await customers('?order_by=city')).status).toBe(400);
    await db().execute(sql`update carts set agent_id = null where id = ${cart.id}`);
    await emptyCart(cart.id!);
  });
});

describe('consumers', () => {
  it('get 403 TradeCustomersOnly on quick order, lists and purchase history', async () => {
    for (const [method, path, body] of [
      ['POST', 'quick-order/validate/', { lines: [{ line: 1, code: 'B2B-FIVE', qty: 1 }] }],
      ['GET', 'quick-order/search/?q=b2b'],
      ['GET', 'saved-lists/'],
      ['POST', 'saved-lists/', { name: 'Spesa' }],
      ['GET', 'purchased/'],
    ] as const) {
      const answer = await shop.send<Err>(method, path, { token: token.consumer, body });
      expect(answer.status, path).toBe(403);
      expect(answer.body.code, path).toBe('TradeCustomersOnly');
    }
    const [row] = await db().select().from(systemSettings).where(eq(systemSettings.key, 'CART_ROWS_AFFECT_STOCK'));
    expect(row!.value).toBe('true');
  });
});
