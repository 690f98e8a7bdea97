// Stock sync through the management API (ADR 0028): 10,000 rows in one call, nothing noted for
// the pages, all or nothing with every bad line named, and a clear 4xx for bodies it cannot take.
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, variants } from '../../server/db/schema';
import { queryRows } from '../../server/db/raw';
import { syncStock } from '../../server/sync/stock-sync';
import { makeKey, MANAGE, putRows } from '../support/manage-calls';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let key: string;
const db = () => shop.database.db;
beforeAll(async () => {
  shop = await openTestShop();
  key = await makeKey(shop, ['stock']);
});
afterAll(() => shop?.close());

type Summary = { updated: number; unchanged: number; unknown: number; unknown_rows: { line: number; code: string }[] };
type ErrorAnswer = { code: string; detail: string; error_list: { field: string | null; code: string; message: string; line?: number; value?: string }[] };

const quantityOf = async (code: string) => (await db().select({ q: products.quantity }).from(products).where(eq(products.code, code)))[0]?.q;
const clearPageChanges = () => db().execute(sql`delete from page_changes`);
const pageChangeCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from page_changes`))[0]!.n;

describe('stock sync of 10,000 rows', () => {
  const N = 10_000;
  const codeOf = (i: number) => `SYNC-${String(i).padStart(5, '0')}`;

  beforeAll(async () => {
    await db().execute(sql`
      insert into products (code, slug, standard_price, quantity)
      select 'SYNC-' || lpad(i::text, 5, '0'), 'sync-' || i, 10, 1 from generate_series(1, ${N}) as i`);
  });

  it('updates every row in one call, notes no page change and keeps the change times', async () => {
    const before = await queryRows<{ w: string }>(db(), sql`select max(write_date)::text as w from products where code like 'SYNC-%'`);
    await clearPageChanges();
    const csv = `code;quantity\n${Array.from({ length: N }, (_, i) => `${codeOf(i + 1)};${100 + i}`).join('\n')}\n`;
    const { status, body } = await putRows<Summary>(shop, '/stock', { key, text: csv });
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body).toEqual({ updated: N, unchanged: 0, unknown: 0, unknown_rows: [] });
    const [wrong] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from products where code like 'SYNC-%' and quantity <> 100 + substring(code from 6)::int - 1`);
    expect(wrong!.n).toBe(0);
    expect(await pageChangeCount()).toBe(0);
    const after = await queryRows<{ w: string }>(db(), sql`select max(write_date)::text as w from products where code like 'SYNC-%'`);
    expect(after[0]!.w).toBe(before[0]!.w);

    // The same file again changes nothing.
    const again = await putRows<Summary>(shop, '/stock', { key, text: csv });
    expect(await pageChangeCount()).toBe(0);
    expect(again.body).toMatchObject({ updated: 0, unchanged: N });
  });

  it('a content change in the same table still notes its page (the trigger is alive)', async () => {
    await clearPageChanges();
    await db().update(products).set({ brand: 'Changed' }).where(eq(products.code, codeOf(1)));
    expect(await pageChangeCount()).toBe(1);
  });
});

describe('stock sync rows', () => {
  it('sets variants by their code, without noting a page', async () => {
    const [variant] = await db().select().from(variants).limit(1);
    expect(variant).toBeDefined();
    await clearPageChanges();
    const { status, body } = await putRows<Summary>(shop, '/stock', { key, json: [{ code: variant!.code, quantity: variant!.quantity + 5 }] });
    expect(status).toBe(200);
    expect(body.updated).toBe(1);
    const [now] = await db().select().from(variants).where(eq(variants.id, variant!.id));
    expect(now!.quantity).toBe(variant!.quantity + 5);
    expect(now!.writeDate.getTime()).toBe(variant!.writeDate.getTime());
    expect(await pageChangeCount()).toBe(0);
  });

  it('a file with bad rows changes nothing and names every bad line, column and value', async () => {
    const before = await quantityOf('ENO-0001');
    const { status, body } = await putRows<ErrorAnswer>(shop, '/stock', { key, text: `code;quantity\nENO-0001;${(before ?? 0) + 3}\nENO-0002;12,5\nNOPE-1;4\n` });
    expect(status).toBe(400);
    expect(body.code).toBe('ValidationFailed');
    expect(body.detail).toBe('2 rows have problems; nothing was changed.');
    expect(body.error_list).toEqual([
      { field: 'quantity', code: 'invalid', line: 3, value: '12,5', message: "line 3, column quantity: '12,5' is not a quantity (a whole number, such as 25)" },
      { field: 'code', code: 'not_found', line: 4, value: 'NOPE-1', message: "line 4, column code: 'NOPE-1' is not the code of a product or variant" },
    ]);
    expect(await quantityOf('ENO-0001')).toBe(before);

    const json = await putRows<ErrorAnswer>(shop, '/stock', { key, json: [{ code: 'ENO-0001', quantity: 1 }, { code: 'NOPE-2', quantity: 5 }] });
    expect(json.status).toBe(400);
    expect(json.body.error_list.map((e) => e.message)).toEqual(["item 2, field code: 'NOPE-2' is not the code of a product or variant"]);
    expect(await quantityOf('ENO-0001')).toBe(before);
  });

  it('?unknown=skip updates the known rows and lists the others', async () => {
    const { status, body } = await putRows<Summary>(shop, '/stock?unknown=skip', { key, text: 'ENO-0003;77\nNOPE-9;1\n' });
    expect(status).toBe(200);
    expect(body).toEqual({ updated: 1, unchanged: 0, unknown: 1, unknown_rows: [{ line: 2, code: 'NOPE-9' }] });
    expect(await quantityOf('ENO-0003')).toBe(77);
  });

  it('a dry run answers the summary and writes nothing', async () => {
    const summary = await syncStock(db(), [{ line: 1, code: 'ENO-0003', quantity: 78 }], { dryRun: true });
    expect(summary.updated).toBe(1);
    expect(await quantityOf('ENO-0003')).toBe(77);
  });
});

describe('bodies the sync cannot take', () => {
  it('NUL bytes: 400 naming the line, in CSV and in JSON', async () => {
    const csv = await putRows<ErrorAnswer>(shop, '/stock', { key, text: 'ENO-0001;1\nENO\u00000002;2\n' });
    expect(csv.status).toBe(400);
    expect(csv.body.error_list[0]).toMatchObject({ line: 2, field: 'code', code: 'invalid_characters' });
    const json = await putRows<ErrorAnswer>(shop, '/stock', { key, text: '[{"code":"ENO-0001","quantity":1},{"code":"A\\u0000","quantity":1}]', type: 'application/json' });
    expect(json.status).toBe(400);
    expect(json.body.error_list[0]).toMatchObject({ line: 2, code: 'invalid_characters', message: expect.stringMatching(/^item 2, field code:/) });
  });

  it('a body above the limit: 413', async () => {
    const huge = 'ENO-0001;1\n'.repeat(420_000);
    const { status, body } = await putRows<ErrorAnswer>(shop, '/stock', { key, text: huge });
    expect(status).toBe(413);
    expect(body.code).toBe('PayloadTooLarge');
  });

  it('a wrong or missing content type: 415 saying what to send', async () => {
    for (const type of ['application/xml', 'multipart/form-data; boundary=x', '']) {
      const { status, body } = await putRows<ErrorAnswer>(shop, '/stock', { key, text: 'ENO-0001;1', type });
      expect(status, type).toBe(415);
      expect(body.detail).toContain('text/csv');
    }
  });

  it('not UTF-8, not JSON, empty, not a list: 400', async () => {
    const latin1 = await shop.call(`${MANAGE}/stock`, { method: 'PUT', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' }, body: new Uint8Array([0x41, 0xe8, 0x3b, 0x31]) });
    expect(latin1.status).toBe(400);
    expect(((await latin1.json()) as ErrorAnswer).detail).toBe('The body is not UTF-8 text.');
    expect((await putRows<ErrorAnswer>(shop, '/stock', { key, text: '[{', type: 'application/json' })).body.code).toBe('MalformedJson');
    expect((await putRows<ErrorAnswer>(shop, '/stock', { key, text: '  \n' })).status).toBe(400);
    expect((await putRows<ErrorAnswer>(shop, '/stock', { key, text: 'code;quantity\n' })).body.detail).toBe('The body holds no rows.');
    expect((await putRows<ErrorAnswer>(shop, '/stock', { key, json: { code: 'A', quantity: 1 } })).status).toBe(400);
  });

  it('bad query parameters and other methods', async () => {
    expect((await putRows<ErrorAnswer>(shop, '/stock?unknown=maybe', { key, text: 'ENO-0001;1' })).body.error_list[0]!.field).toBe('unknown');
    expect((await putRows<ErrorAnswer>(shop, '/stock?page=2', { key, text: 'ENO-0001;1' })).status).toBe(400);
    const get = await shop.call(`${MANAGE}/stock`, { headers: { Authorization: `Bearer ${key}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('PUT');
  });

  it('a body refused for its rows changed nothing in products', async () => {
    const rows = await db().select({ code: products.code, q: products.quantity }).from(products).where(inArray(products.code, ['ENO-0001', 'ENO-0002']));
    expect(rows).toHaveLength(2);
    expect((await db().select().from(products).where(like(products.code, 'NOPE%'))).length).toBe(0);
  });
});
