// Anonymous catalogue answers kept by content version (issue 17 item 4, ADR 0033): an ETag from
// the change marker, 304 to a matching If-None-Match, a fresh answer after a content change, stock
// never older than its freshness bound, and nothing shared with signed-in customers.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../src/lib/contract/common';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import type { ProductSummary } from '../../src/lib/contract/products';
import { createAnonymousCache, FRESH_READ_ENV, ifNoneMatchHits } from '../../server/api/anonymous-answers';
import type { LiveValuesAnswer } from '../../src/lib/contract/live-values';
import { customerPrices, customers, products, systemSettings } from '../../server/db/schema';
import { API, LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let now = 1_000_000;
const STOCK_FRESH_MS = 5_000;
const token = { b2b: '', b2b2: '' };

beforeAll(async () => {
  // The marker is read at every request here (the server reads it every PAGE_REGEN_INTERVAL_MS);
  // the clock is the test's, to step over the stock freshness bound.
  shop = await openTestShop({ deps: { anonymousCache: createAnonymousCache({ versionIntervalMs: 0, stockFreshMs: STOCK_FRESH_MS, clock: () => now }) } });
  token.b2b = await shop.login(...LOGINS.b2b);
  token.b2b2 = await shop.login(...LOGINS.b2b2);
});
afterAll(() => shop?.close());

const get = (path: string, headers: Record<string, string> = {}) => shop.call(path, { headers });
const asToken = (who: keyof typeof token, headers: Record<string, string> = {}) => ({ Authorization: `Token ${token[who]}`, ...headers });

async function firstProduct(): Promise<{ id: number; slug: string; code: string }> {
  const [p] = await shop.database.db.select({ id: products.id, slug: products.slug, code: products.code }).from(products).where(eq(products.isPublished, true)).orderBy(products.id).limit(1);
  return p!;
}

describe('anonymous listing', () => {
  it('carries an ETag and answers 304 while the catalogue is unchanged', async () => {
    const first = await get('products/p/?page_size=12');
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"c[0-9a-z]+\.[\w-]{16}"$/);
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache');
    expect(first.headers.get('Vary')).toContain('Authorization');
    const again = await get('products/p/?page_size=12', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(await again.text()).toBe('');
    // fetch() adds `Cache-Control: no-cache` to every conditional request: still a 304.
    expect((await get('products/p/?page_size=12', { 'If-None-Match': etag, 'Cache-Control': 'no-cache' })).status).toBe(304);
    // A list of tags that holds ours, weak or strong, is a match too.
    expect((await get('products/p/?page_size=12', { 'If-None-Match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    // The same answer, byte for byte, from the cache.
    expect(await (await get('products/p/?page_size=12')).text()).toBe(await first.text());
  });

  it('keeps the answer compressed for the encodings asked, the same bytes once decoded', async () => {
    const plain = await get('products/p/?page_size=20');
    const json = await plain.text();
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    for (const [accept, encoding, decode] of [
      ['br;q=1, gzip;q=0.5', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const response = await get('products/p/?page_size=20', { 'Accept-Encoding': accept });
        expect(response.headers.get('Content-Encoding')).toBe(encoding);
        expect(response.headers.get('Vary')).toContain('Accept-Encoding');
        expect(response.headers.get('ETag')).toBe(plain.headers.get('ETag'));
        expect(decode(Buffer.from(await response.arrayBuffer())).toString()).toBe(json);
      }
    }
    // Signed-in answers are not the cache's to compress (the server compresses them per request).
    expect((await get('products/p/?page_size=20', asToken('b2b', { 'Accept-Encoding': 'br' }))).headers.get('Content-Encoding')).toBeNull();
  });

  it('answers anew, with a new ETag, after a product change', async () => {
    const product = await firstProduct();
    const path = `products/p/?page_size=100&search=${product.code}`;
    const before = await get(path);
    expect(before.status).toBe(200);
    const etag = before.headers.get('ETag')!;
    const old = ((await before.json()) as Paged<ProductSummary>).results.find((p) => p.id === product.id)!;
    // A plain SQL change: the triggers note it, as for the API or an import.
    await shop.database.db.update(products).set({ standardPrice: sql`${products.standardPrice} + 1` }).where(eq(products.id, product.id));
    const after = await get(path, { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(etag);
    const changed = ((await after.json()) as Paged<ProductSummary>).results.find((p) => p.id === product.id)!;
    expect(changed.price.standard_price).toBeCloseTo(old.price.standard_price + 1, 2);
  });

  it('keeps stock no older than its freshness bound (a sale moves no marker)', async () => {
    const product = await firstProduct();
    const path = `products/p/${product.slug}/`;
    const before = (await (await get(path)).json()) as ProductDetail;
    await shop.database.db.update(products).set({ quantity: before.quantity + 7 }).where(eq(products.id, product.id));
    expect(((await (await get(path)).json()) as ProductDetail).quantity).toBe(before.quantity);
    // Page renders in the server's process read the database, never the cache.
    const rendered = await shop.api.fetch(new Request(`http://shop${API}/${path}`), FRESH_READ_ENV);
    expect(((await rendered.json()) as ProductDetail).quantity).toBe(before.quantity + 7);
    now += STOCK_FRESH_MS + 1;
    expect(((await (await get(path)).json()) as ProductDetail).quantity).toBe(before.quantity + 7);
  });

  it('keys on the query parameters and the locale, not on their order', async () => {
    const tagOf = async (path: string) => (await get(path)).headers.get('ETag');
    const en = await get('products/p/?page_size=3&locale=en');
    const es = await get('products/p/?page_size=3&locale=es');
    expect(en.headers.get('ETag')).not.toBe(es.headers.get('ETag'));
    const names = (r: unknown) => (r as Paged<ProductSummary>).results.map((p) => p.name);
    expect(names(await en.json())).not.toEqual(names(await es.json()));
    expect(await tagOf('products/p/?page_size=4&locale=en')).not.toBe(await tagOf('products/p/?page_size=3&locale=en'));
    expect(await tagOf('products/p/?locale=en&page_size=3')).toBe(await tagOf('products/p/?page_size=3&locale=en'));
    // The ETag of one language is no match for the other.
    expect((await get('products/p/?page_size=3&locale=es', { 'If-None-Match': en.headers.get('ETag')! })).status).toBe(200);
  });

  it('caches detail, related and category answers too, but not the live values', async () => {
    const product = await firstProduct();
    for (const path of [`products/p/${product.slug}/`, `products/p/related/?product=${product.id}`, 'categories/menu/', 'categories/tree/']) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('ETag');
      expect(etag, path).toBeTruthy();
      expect((await get(path, { 'If-None-Match': etag! })).status, path).toBe(304);
    }
    const live = await get(`products/live/?ids=${product.id}`);
    expect(live.status).toBe(200);
    expect(live.headers.get('ETag')).toBeNull();
  });

  it('does not cache what the marker does not follow (a season, promotions)', async () => {
    expect((await get('products/p/?page_size=3&on_offer=true')).headers.get('ETag')).toBeNull();
  });
});

describe('signed-in customers', () => {
  async function agreedProduct(condition?: SQL) {
    const [c1] = await shop.database.db.select({ id: customers.id }).from(customers).where(eq(customers.code, 'C0001'));
    const [row] = await shop.database.db
      .select({ id: products.id, code: products.code, price: customerPrices.price, priceId: customerPrices.id })
      .from(customerPrices)
      .innerJoin(products, eq(products.id, customerPrices.productId))
      .where(and(eq(customerPrices.customerId, c1!.id), isNull(customerPrices.seasonId), isNull(customerPrices.variantId), eq(products.isPublished, true), condition))
      .orderBy(products.id)
      .limit(1);
    return row!;
  }

  it('never share a 304 or an ETag, and never get the anonymous answer', async () => {
    const agreed = await agreedProduct();
    const path = `products/p/?page_size=100&search=${agreed.code}`;
    const anonymous = await get(path);
    const anonymousTag = anonymous.headers.get('ETag')!;
    expect(anonymousTag).toBeTruthy();
    const priceOf = async (r: Response) => ((await r.json()) as Paged<ProductSummary>).results.find((p) => p.id === agreed.id)!.price;

    const first = await get(path, asToken('b2b', { 'If-None-Match': anonymousTag }));
    expect(first.status).toBe(200);
    expect(first.headers.get('ETag')).toBeNull();
    expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(first.headers.get('Vary')).toContain('Authorization');
    const b2bPrice = await priceOf(first);
    expect(b2bPrice.source).toBe('customer');
    expect(b2bPrice.price).toBeCloseTo(Number(agreed.price), 2);

    // The other customer, asking right after with every tag seen so far, gets its own prices.
    const second = await get(path, asToken('b2b2', { 'If-None-Match': `${anonymousTag}, *` }));
    expect(second.status).toBe(200);
    expect(second.headers.get('ETag')).toBeNull();
    const b2b2Price = await priceOf(second);
    expect(b2b2Price.price).not.toBe(b2bPrice.price);
    // And the anonymous answer still has no customer's price in it.
    expect((await priceOf(await get(path))).source).toBeUndefined();
  });

  it("a customer's listing from the kept content has its own prices and live stock, as products/live/ says (ADR 0040)", async () => {
    for (const [key, value] of [['CART_ROWS_AFFECT_STOCK', 'true'], ['CART_ROWS_AFFECT_STOCK_TYPE', 'all']] as const) {
      await shop.database.db.insert(systemSettings).values({ key, value }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });
    }
    // A product with a price agreed with the b2b user's customer, and no variants (whose rows hold stock of their own).
    const agreed = await agreedProduct(sql`not exists (select 1 from variants v where v.product_id = ${products.id})`);
    await shop.database.db.update(products).set({ quantity: 20, isBackorderable: false }).where(eq(products.id, agreed.id));
    // Units held by the customer's own cart do not limit it; the other customer's do.
    for (const [who, qty] of [['b2b', 2], ['b2b2', 3]] as const) {
      const cart = await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { token: token[who], body: {} });
      expect(cart.status).toBeLessThan(300);
      expect((await shop.send('POST', 'carts/rows/', { token: token[who], body: { cart: cart.body.id, product: agreed.id, qty } })).status).toBeLessThan(300);
    }
    // A query no one asked yet: the customer's request builds the anonymous content itself.
    const path = `products/p/?page_size=7&search=${agreed.code}`;
    type Page = Paged<ProductSummary>;
    const asCustomer = async (who: keyof typeof token) => (await (await get(path, asToken(who))).json()) as Page;
    const compareWithLive = async (page: Page, who: keyof typeof token) => {
      const ids = page.results.map((p) => p.id);
      expect(ids).toContain(agreed.id);
      const live = (await (await get(`products/live/?ids=${ids.join(',')}`, asToken(who))).json()) as LiveValuesAnswer;
      for (const p of page.results) {
        const l = live.results.find((r) => r.id === p.id)!;
        expect({ id: p.id, quantity: p.quantity, stock_state: p.stock_state, price: p.price.price }).toEqual({ id: l.id, quantity: l.quantity, stock_state: l.stock_state, price: l.price.price });
      }
    };
    const b2b = await asCustomer('b2b');
    await compareWithLive(b2b, 'b2b');
    expect(b2b.results.find((p) => p.id === agreed.id)!.quantity).toBe(17);
    expect(b2b.results.find((p) => p.id === agreed.id)!.price).toMatchObject({ source: 'customer', price: expect.closeTo(Number(agreed.price), 2) });
    await compareWithLive(await asCustomer('b2b2'), 'b2b2');
    expect((await asCustomer('b2b2')).results.find((p) => p.id === agreed.id)!.quantity).toBe(18);
    // The same answer as the longer way round (the handler, the cache bypassed).
    const direct = await shop.api.fetch(new Request(`http://shop${API}/${path}`, { headers: asToken('b2b') }), FRESH_READ_ENV);
    expect(await direct.json()).toEqual(b2b);
    // The content kept meanwhile is the anonymous one: every hold counts, nobody's prices.
    const anonymous = (await (await get(path)).json()) as Page;
    expect(anonymous.results.find((p) => p.id === agreed.id)!.quantity).toBe(15);
    expect(anonymous.results.every((p) => p.price.source === undefined && p.price.price === undefined)).toBe(true);

    // An agreed price changed: the customer sees it at once, with no content marker to wait for.
    await shop.database.db.update(customerPrices).set({ price: sql`${customerPrices.price} + 1` }).where(eq(customerPrices.id, agreed.priceId));
    const changed = (await asCustomer('b2b')).results.find((p) => p.id === agreed.id)!;
    expect(changed.price.price).toBeCloseTo(Number(agreed.price) + 1, 2);
    // Stock too: a sale moves no marker, the customer's figure is live.
    await shop.database.db.update(products).set({ quantity: 30 }).where(eq(products.id, agreed.id));
    expect((await asCustomer('b2b')).results.find((p) => p.id === agreed.id)!.quantity).toBe(27);
  });

  it('an invalid token is not served from the cache either', async () => {
    const response = await get('products/p/?page_size=12', { Authorization: 'Token not-a-token' });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBeNull();
  });
});

describe('hostile If-None-Match', () => {
  it.each([
    ['huge', `"${'x'.repeat(100_000)}"`],
    ['control characters', '"\u0001\u0002", W/"\u007f"'],
    ['a long list', Array.from({ length: 5_000 }, (_, i) => `"t${i}"`).join(',')],
    ['commas only', ',,,, ,'],
    ['unquoted junk', 'W/ W/W/ ""'],
  ])('%s: a normal answer', async (_, value) => {
    const response = await get('products/p/?page_size=12', { 'If-None-Match': value });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Paged<ProductSummary>).results).toHaveLength(12);
  });

  it('`*` matches the current answer (RFC 9110): a 304, never an error', async () => {
    expect((await get('products/p/?page_size=12', { 'If-None-Match': '*' })).status).toBe(304);
  });

  it('NUL, which no HTTP parser lets through, is no match', () => {
    expect(ifNoneMatchHits('"a\u0000b"', 'W/"ab"')).toBe(false);
    expect(ifNoneMatchHits('\u0000', 'W/"ab"')).toBe(false);
    expect(ifNoneMatchHits('W/"ab"\u0000', 'W/"ab"')).toBe(false);
  });
});
