// Search answers by relevance (issue 14, item 21): the exact article code first, then the
// products whose name holds the words, then the rest; pages stay stable and complete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../src/lib/contract/common';
import type { ProductSummary } from '../../src/lib/contract/products';
import { products, productTranslations } from '../../server/db/schema';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

type List = Paged<ProductSummary>;
const search = (q: string, locale: string, extra = '') =>
  shop.json<List>(`products/p/?search=${encodeURIComponent(q)}&locale=${locale}&page_size=50${extra}`);

describe('search relevance', () => {
  it('puts the products named with the word before those that only mention it (it, en)', async () => {
    for (const [q, locale, named] of [
      ['lievito', 'it', /\blievit/i],
      ['yeast', 'en', /\byeast/i],
      ['tappi', 'it', /\btapp/i],
    ] as const) {
      const { status, body } = await search(q, locale);
      expect(status).toBe(200);
      const flags = body.results.map((p) => named.test(p.name));
      expect(flags.filter((f) => !f).length, `${q}: some results only mention the word`).toBeGreaterThan(0);
      // Every name match comes before every other match.
      expect(flags, q).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      // A to Z within the name matches.
      const names = body.results.filter((p) => named.test(p.name)).map((p) => p.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('puts the exact article code first, even before names that sort earlier', async () => {
    // A product whose name carries another product's code, and sorts before it A to Z.
    const [row] = await shop.database.db
      .insert(products)
      .values({ code: 'ENO-9901', slug: 'adattatore-per-eno-0001', standardPrice: 5, quantity: 3, unit: 'pz' })
      .returning({ id: products.id });
    await shop.database.db.insert(productTranslations).values(
      (['it', 'en', 'es'] as const).map((locale) => ({ productId: row!.id, locale, name: 'Adattatore compatibile ENO-0001', title: 'Adattatore', summary: '', description: '' })),
    );
    const { body } = await search('ENO-0001', 'it');
    expect(body.results.map((p) => p.code)).toEqual(['ENO-0001', 'ENO-9901']);
    const lower = await search('eno-0001', 'it');
    expect(lower.body.results[0]?.code).toBe('ENO-0001');
  });

  it('keeps pages in the same order without overlap or gaps', async () => {
    const whole = (await search('lievito', 'it')).body;
    const pages: ProductSummary[] = [];
    for (let page = 1; page <= Math.ceil(whole.count / 4); page++) {
      const { body } = await shop.json<List>(`products/p/?search=lievito&locale=it&page_size=4&page=${page}`);
      expect(body.count).toBe(whole.count);
      pages.push(...body.results);
    }
    expect(pages.map((p) => p.id)).toEqual(whole.results.map((p) => p.id));
  });

  it('still orders A to Z when asked, and by name without a search', async () => {
    const { body } = await search('lievito', 'it', '&order_by=name-asc');
    const names = body.results.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const plain = await shop.json<List>('products/p/?locale=it&page_size=20&order_by=relevance-desc');
    expect(plain.status).toBe(200);
    const az = await shop.json<List>('products/p/?locale=it&page_size=20&order_by=name-asc');
    expect(plain.body.results.map((p) => p.id)).toEqual(az.body.results.map((p) => p.id));
  });
});
