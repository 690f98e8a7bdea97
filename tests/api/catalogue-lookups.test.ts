// Issue 13 item 7: search among variants (search_pp), the price range in the customer's own
// prices, the product detail by code with its product_id.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPrices, products } from '../../server/db/schema';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import type { ProductSummary } from '../../src/lib/contract/products';
import { customerId, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b: string;
let c1: number;
type List = { results: ProductSummary[]; count: number };
const db = () => shop.database.db;
const list = (query: string, token?: string) => shop.send<List & ErrorBody>('GET', `products/p/?${query}`, token ? { token } : {});

beforeAll(async () => {
  shop = await openTestShop();
  b2b = await shop.login(...LOGINS.b2b);
  c1 = await customerId(db(), 'C0001');
});
afterAll(() => shop?.close());

describe('search_pp: products by their variants', () => {
  it('finds the product of a variant code, and nothing else', async () => {
    const { status, body } = await list('search_pp=ENO-0041-5UM');
    expect(status).toBe(200);
    expect(body.results.map((p) => p.code)).toEqual(['ENO-0041']);
    expect(body.count).toBe(1);
  });

  it('matches the start of variant codes, case aside, and variant names in the locale', async () => {
    expect((await list('search_pp=eno-0041')).body.results.map((p) => p.code)).toEqual(['ENO-0041']);
    expect((await list('search_pp=membrane&locale=en')).body.results.map((p) => p.code)).toContain('ENO-0041');
    expect((await list('search_pp=membrana&locale=it')).body.results.map((p) => p.code)).toContain('ENO-0041');
  });

  it('answers no product for a text no variant has, and treats LIKE wildcards as text', async () => {
    expect((await list('search_pp=NO-SUCH-VARIANT')).body).toEqual({ results: [], count: 0 });
    expect((await list('search_pp=%25')).body.count).toBe(0);
  });
});

describe('price range in what the customer pays', () => {
  it('filters by the customer own price when a customer is known, by the list price otherwise', async () => {
    // Listed at 100, agreed at 5 with C0001; listed at 5, agreed at 100.
    const cheapForHim = await makeProduct(db(), { price: 100 });
    const dearForHim = await makeProduct(db(), { price: 5 });
    await db().insert(customerPrices).values([
      { customerId: c1, productId: cheapForHim.id, price: 5 },
      { customerId: c1, productId: dearForHim.id, price: 100 },
    ]);
    const codes = async (token?: string) =>
      (await list(`price_min=4&price_max=6&page_size=100&search=T-`, token)).body.results.map((p) => p.code).filter((c) => [cheapForHim.code, dearForHim.code].includes(c));
    expect(await codes()).toEqual([dearForHim.code]);
    expect(await codes(b2b)).toEqual([cheapForHim.code]);
    // The answer shows the price the filter used.
    const mine = (await list(`search=${cheapForHim.code}&price_max=6`, b2b)).body.results;
    expect(mine).toHaveLength(1);
    expect(mine[0]!.price).toMatchObject({ standard_price: 100, price: 5, source: 'customer' });
  });

  it('ignores agreed prices outside their validity', async () => {
    const p = await makeProduct(db(), { price: 50 });
    await db().insert(customerPrices).values({ customerId: c1, productId: p.id, price: 5, validTo: '2001-01-01' });
    expect((await list(`search=${p.code}&price_max=6`, b2b)).body.count).toBe(0);
    expect((await list(`search=${p.code}&price_min=49&price_max=51`, b2b)).body.count).toBe(1);
  });
});

describe('products/p/{slug or code}/', () => {
  it('answers the detail by code, with product_id', async () => {
    const { status, body } = await shop.send<ProductDetail>('GET', 'products/p/ENO-0004/');
    expect(status).toBe(200);
    expect(body.code).toBe('ENO-0004');
    const [row] = await db().select().from(products).where(eq(products.code, 'ENO-0004'));
    expect(body.product_id).toBe(row!.id);
    expect(body.id).toBe(row!.id);
    const bySlug = await shop.send<ProductDetail>('GET', `products/p/${row!.slug}/`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.product_id).toBe(row!.id);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect((await shop.send('GET', 'products/p/ENO-9999/')).status).toBe(404);
    expect((await shop.send('GET', 'products/p/%3Cscript%3E/')).status).toBe(400);
  });
});
