// Price sync through the management API (ADR 0028): each customer's agreed net price of a product
// or variant, read by the pricing rules as the customer's price; all or nothing with every bad line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { ROOT_DIR } from '../../server/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPrices, products, variants } from '../../server/db/schema';
import { priceProducts, priceVariants } from '../../server/catalogue/prices';
import { syncPrices } from '../../server/sync/price-sync';
import { makeKey, putRows } from '../support/manage-calls';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let key: string;
let customer: Record<string, number>;
const db = () => shop.database.db;
beforeAll(async () => {
  shop = await openTestShop();
  key = await makeKey(shop, ['prices']);
  customer = await shop.customerIds();
});
afterAll(() => shop?.close());

type Summary = { created: number; updated: number; unchanged: number; unknown: number; unknown_rows: { line: number; code: string }[] };
type ErrorAnswer = { code: string; detail: string; error_list: { field: string | null; code: string; message: string; line?: number }[] };

const productId = async (code: string) => (await db().select({ id: products.id }).from(products).where(eq(products.code, code)))[0]!.id;
const agreed = (customerId: number, id: number) =>
  db()
    .select()
    .from(customerPrices)
    .where(and(eq(customerPrices.customerId, customerId), eq(customerPrices.productId, id), isNull(customerPrices.variantId), isNull(customerPrices.seasonId)));

describe('price sync', () => {
  it('creates, updates and leaves alone, and the pricing rules read the price as the customer’s', async () => {
    const id = await productId('ENO-0005');
    await db().delete(customerPrices).where(and(eq(customerPrices.customerId, customer.C0002!), eq(customerPrices.productId, id)));
    const created = await putRows<Summary>(shop, '/prices', { key, text: 'customer;code;price\nC0002;ENO-0005;12,34\n' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const priced = (await priceProducts(db(), [id], { customerId: customer.C0002! })).get(id)!;
    expect(priced).toMatchObject({ price: 12.34, source: 'customer' });

    const updated = await putRows<Summary>(shop, '/prices', { key, json: [{ customer: 'C0002', code: 'ENO-0005', price: '11,5' }] });
    expect(updated.body).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await agreed(customer.C0002!, id)).map((r) => r.price)).toEqual([11.5]);

    const same = await putRows<Summary>(shop, '/prices', { key, json: [{ customer: 'C0002', code: 'ENO-0005', price: 11.5 }] });
    expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await agreed(customer.C0002!, id)).toHaveLength(1);
  });

  it('a variant code sets the variant’s agreed price', async () => {
    const [variant] = await db().select().from(variants).limit(1);
    const { status } = await putRows<Summary>(shop, '/prices', { key, text: `C0001;${variant!.code};3,21\n` });
    expect(status).toBe(200);
    const priced = (await priceVariants(db(), [variant!.id], { customerId: customer.C0001! })).get(variant!.id)!;
    expect(priced).toMatchObject({ price: 3.21, source: 'customer' });
  });

  it('a file with bad rows changes nothing and names each line: unknown customer, unknown code, bad price', async () => {
    const id = await productId('ENO-0006');
    const before = await agreed(customer.C0001!, id);
    const { status, body } = await putRows<ErrorAnswer>(shop, '/prices', { key, text: 'C0001;ENO-0006;1,00\nC9999;ENO-0006;2\nC0001;NOPE;3\nC0001;ENO-0007;12,3,4\n' });
    expect(status).toBe(400);
    expect(body.error_list.map((e) => e.message)).toEqual([
      "line 2, column customer: 'C9999' is not the code of a customer",
      "line 3, column code: 'NOPE' is not the code of a product or variant",
      "line 4, column price: '12,3,4' is not a price (a net amount such as 12,50 or 12.50, at most two decimals)",
    ]);
    expect(await agreed(customer.C0001!, id)).toEqual(before);
  });

  it('?unknown=skip sets the others and lists what it skipped', async () => {
    const { status, body } = await putRows<Summary>(shop, '/prices?unknown=skip', { key, text: 'C0001;ENO-0008;4,40\nC9999;ENO-0008;1\n' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 1, unknown: 1, unknown_rows: [{ line: 2, code: 'C9999' }] });
  });

  it('a key with only the stock scope is refused', async () => {
    const stockKey = await makeKey(shop, ['stock']);
    expect((await putRows(shop, '/prices', { key: stockKey, text: 'C0001;ENO-0008;4,40\n' })).status).toBe(403);
  });

  it('every product for two customers in one call; a dry run writes nothing', async () => {
    const all = await db().select({ code: products.code }).from(products).limit(1000);
    const rows = all.flatMap((p, i) => ['C0001', 'C0002'].map((c, j) => ({ line: 2 * i + j + 1, customer: c, code: p.code, cents: 100 + i })));
    const dry = await syncPrices(db(), rows, { dryRun: true });
    expect(dry.updated + (dry.created ?? 0) + dry.unchanged).toBe(rows.length);
    const text = rows.map((r) => `${r.customer};${r.code};${(r.cents / 100).toFixed(2).replace('.', ',')}`).join('\n');
    const { status, body } = await putRows<Summary>(shop, '/prices', { key, text });
    expect(status).toBe(200);
    expect(body.created + body.updated + body.unchanged).toBe(rows.length);
    const again = await putRows<Summary>(shop, '/prices', { key, text });
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: rows.length });
  });

  it('the sample files of the repository sync into the demo shop', async () => {
    const both = await makeKey(shop, ['stock', 'prices']);
    const sample = (name: string) => readFileSync(path.join(ROOT_DIR, 'server/sync/samples', name), 'utf8');
    const stock = await putRows<Summary>(shop, '/stock', { key: both, text: sample('stock.csv') });
    expect(stock.status, JSON.stringify(stock.body)).toBe(200);
    expect(stock.body.updated + stock.body.unchanged).toBe(4);
    const prices = await putRows<Summary>(shop, '/prices', { key: both, text: sample('prices.csv') });
    expect(prices.status, JSON.stringify(prices.body)).toBe(200);
    expect(prices.body.created + prices.body.updated + prices.body.unchanged).toBe(3);
  });
});
