import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../src/lib/contract/common';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import type { ProductSummary } from '../../src/lib/contract/products';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

type List = Paged<ProductSummary>;

describe('products/p/ list', () => {
  it('answers a page of 12 with the total count', async () => {
    const { status, body } = await shop.json<List>('products/p/?page=1&page_size=12');
    expect(status).toBe(200);
    expect(body.results).toHaveLength(12);
    expect(body.count).toBeGreaterThanOrEqual(150);
    const first = body.results[0]!;
    expect(first).toMatchObject({ slug: expect.any(String), name: expect.any(String), price: { standard_price: expect.any(Number) } });
    expect(first.image?.url).toMatch(/_1\.webp$/);
  });

  it('is served under /api/v2/client too', async () => {
    const { status, body } = await shop.json<List>('/api/v2/client/products/p/?page_size=3');
    expect(status).toBe(200);
    expect(body.results).toHaveLength(3);
  });

  it('pages without overlap and keeps the count', async () => {
    const a = await shop.json<List>('products/p/?page=1&page_size=10&order_by=standard_price-asc');
    const b = await shop.json<List>('products/p/?page=2&page_size=10&order_by=standard_price-asc');
    const ids = new Set(a.body.results.map((p) => p.id));
    expect(b.body.results.some((p) => ids.has(p.id))).toBe(false);
    expect(a.body.count).toBe(b.body.count);
    const prices = [...a.body.results, ...b.body.results].map((p) => p.price.standard_price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
  });

  it('localizes names and falls back to nothing missing', async () => {
    const it_ = await shop.json<List>('products/p/?page_size=5&order_by=create_date-asc&locale=it');
    const es = await shop.json<List>('products/p/?page_size=5&order_by=create_date-asc&locale=es');
    expect(es.body.results.map((p) => p.id)).toEqual(it_.body.results.map((p) => p.id));
    expect(es.body.results.map((p) => p.name)).not.toEqual(it_.body.results.map((p) => p.name));
  });

  it('filters by custom field key and value', async () => {
    const { body } = await shop.json<List>('products/p/?custom_field=shop:bestseller&page_size=100');
    expect(body.count).toBeGreaterThan(0);
    for (const p of body.results) expect(p.custom_fields).toContainEqual(expect.objectContaining({ key: 'shop', value: 'bestseller' }));
  });

  it('filters by category, with descendants only when asked', async () => {
    const direct = await shop.json<List>('products/p/?categories=enologia');
    const withDescendants = await shop.json<List>('products/p/?categories=enologia&include_cat_descendants=true');
    expect(direct.body.count).toBe(0);
    expect(withDescendants.body.count).toBeGreaterThan(30);
    const two = await shop.json<List>('products/p/?categories=luppoli,tappatrici&page_size=100');
    expect(two.body.count).toBeGreaterThan(5);
  });

  it('filters by a price range on the standard or special price', async () => {
    const std = await shop.json<List>('products/p/?price_type=standard&price_min=10&price_max=20&page_size=100');
    expect(std.body.count).toBeGreaterThan(0);
    for (const p of std.body.results) expect(p.price.standard_price).toBeGreaterThanOrEqual(10);
    for (const p of std.body.results) expect(p.price.standard_price).toBeLessThanOrEqual(20);
    const special = await shop.json<List>('products/p/?price_type=special&price_min=0&page_size=100');
    expect(special.body.count).toBeGreaterThan(10);
    for (const p of special.body.results) expect(p.price.special_price).not.toBeNull();
  });

  it('searches in the language of the request', async () => {
    const es = await shop.json<List>(`products/p/?search=${encodeURIComponent('lúpulo')}&locale=es`);
    expect(es.body.count).toBeGreaterThan(0);
    const it_ = await shop.json<List>('products/p/?search=damigiana&locale=it');
    expect(it_.body.count).toBeGreaterThan(0);
    expect(it_.body.results[0]!.name.toLowerCase()).toContain('damigian');
  });

  it.each([
    ['order_by=price-asc', 'order_by'],
    ['order_by=name-up', 'order_by'],
    ['price_type=gross', 'price_type'],
    ['page=0', 'page'],
    ['page_size=1000', 'page_size'],
    ['page=abc', 'page'],
    ['locale=fr', 'locale'],
    ['shop_context=b2x', 'shop_context'],
    ['custom_field=:bestseller', 'custom_field.0'],
    ['price_min=abc', 'price_min'],
    ['categories=%3Cscript%3E', 'categories.0'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const { status, body } = await shop.json<{ detail: string; error_list: { field: string }[]; code: string }>(`products/p/?${query}`);
    expect(status).toBe(400);
    expect(body.detail).toEqual(expect.any(String));
    expect(body.code).toBe(field === 'order_by' ? 'InvalidOrderBy' : 'ValidationFailed');
    expect(body.error_list.map((e) => e.field)).toContain(field);
  });
});

describe('products/p/{slug}/', () => {
  it('answers the detail with assets in image-number order and variants', async () => {
    const { body: list } = await shop.json<List>('products/p/?page_size=100');
    const withVariants = list.results.find((p) => p.has_variants)!;
    const { status, body } = await shop.json<ProductDetail>(`products/p/${withVariants.slug}/`);
    expect(status).toBe(200);
    expect(body.assets.map((a) => a.url.match(/_(\d+)\.webp$/)![1])).toEqual(['1', '2', '3']);
    expect(body.variants.length).toBeGreaterThan(1);
    expect(body.categories.length).toBeGreaterThan(0);
  });

  it('answers 404 "Product not found" for an unknown slug', async () => {
    const { status, body } = await shop.json('products/p/no-such-product/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Product not found', error_list: [], code: 'ProductNotFound' });
  });
});

describe('content and settings', () => {
  it('has a slider for each home variant', async () => {
    for (const code of ['home', 'home-en', 'home-es']) {
      const { body } = await shop.json<Paged<{ code: string; slides: unknown[] }>>(`sliders/?code=${code}`);
      expect(body.results[0]?.slides.length).toBeGreaterThan(0);
    }
  });

  it('lists news newest first and finds a post by slug', async () => {
    const { body } = await shop.json<Paged<{ slug: string; published_at: string }>>('blog/?page_size=20');
    expect(body.count).toBeGreaterThanOrEqual(6);
    const dates = body.results.map((p) => p.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const post = await shop.json<{ slug: string; body: string }>(`blog/${body.results[0]!.slug}/?locale=en`);
    expect(post.status).toBe(200);
    expect(post.body.body.length).toBeGreaterThan(100);
  });

  it('answers the category menu with colours and children', async () => {
    const { body } = await shop.json<Paged<{ slug: string; color: string | null; children: { slug: string }[] }>>('categories/menu/');
    expect(body.results.map((c) => c.slug)).toEqual(['enologia', 'birrificazione', 'giardinaggio']);
    expect(body.results.every((c) => /^#[0-9A-Fa-f]{6}$/.test(c.color ?? ''))).toBe(true);
    expect(body.results.flatMap((c) => c.children).length).toBeGreaterThanOrEqual(12);
  });

  it('reads a system setting by key; an unknown or private one is the spec\'s fatal 500 "Unexpexted error"', async () => {
    expect((await shop.json('config/system/FREE_SHIPPING_CODE/')).body).toEqual({ key: 'FREE_SHIPPING_CODE', value: 'SPEDIZIONEGRATIS' });
    for (const key of ['NO_SUCH_KEY', 'GOOGLE_RECAPTCHA_SECRET_KEY']) {
      const { status, body } = await shop.json(`config/system/${key}/`);
      expect(status).toBe(500);
      expect(body).toEqual({ detail: 'Unexpexted error', error_list: [], code: 'SettingNotFound' });
    }
  });

  it('answers unknown calls with a JSON 404', async () => {
    const { status, body } = await shop.json('no-such-call/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.', error_list: [], code: 'NotFound' });
  });
});

describe('search', () => {
  it('finds words being typed, by prefix', async () => {
    const partial = await shop.json<List>('products/p/?search=tappat&locale=it');
    expect(partial.body.count).toBeGreaterThan(0);
    expect(partial.body.results.some((p) => p.name.toLowerCase().includes('tappatric'))).toBe(true);
  });
  it('finds a product by its code and survives odd input', async () => {
    const byCode = await shop.json<List>('products/p/?search=ENO-0001');
    expect(byCode.body.results.map((p) => p.code)).toContain('ENO-0001');
    for (const q of ['"', "'", '&|!():*', '\\', '%_', 'a'.repeat(200)]) {
      expect((await shop.call(`products/p/?search=${encodeURIComponent(q)}`)).status).toBe(200);
    }
  });
});
