// The listing's common shapes go out as named statements and count only when the page does not
// tell the count (ADR 0035): the same answers as the general path, which builds every query anew,
// for orders, categories, pages and locales; the count equals a plain count of the filter; and the
// images and variant flags read with the page equal those of summarize's own look-ups.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { ProductOrderField, ProductSummary } from '../../src/lib/contract/products';
import { listProducts, summarize, type ProductListFilter } from '../../server/catalogue/product-list';
import { products, productTranslations } from '../../server/db/schema';
import { queryRows } from '../../server/db/raw';
import { makeProduct } from '../support/checkout-fixtures';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let parent: string;
let leaf: string;
beforeAll(async () => {
  shop = await openTestShop();
  // A category with children (for include_cat_descendants) and one of its children.
  const [row] = await queryRows<{ parent: string; leaf: string }>(
    shop.database.db,
    sql`select p.slug as parent, c.slug as leaf from categories c join categories p on p.id = c.parent_id
        where exists (select 1 from product_categories pc where pc.category_id = c.id) order by c.id limit 1`,
  );
  parent = row!.parent;
  leaf = row!.leaf;
});
afterAll(() => shop?.close());

const ORDERS: Ordering<ProductOrderField>[] = [
  { field: 'name', direction: 'asc' },
  { field: 'name', direction: 'desc' },
  { field: 'standard_price', direction: 'desc' },
  { field: 'special_price', direction: 'asc' },
  { field: 'create_date', direction: 'desc' },
  { field: 'relevance', direction: 'desc' },
];

describe('the listing as named statements', () => {
  it('answers as the general path for orders, categories, pages and locales', async () => {
    const db = shop.database.db;
    const filters: ProductListFilter[] = [
      { locale: 'it' },
      { locale: 'en' },
      { locale: 'es', categories: [parent] },
      { locale: 'it', categories: [parent], includeDescendants: true },
      { locale: 'it', categories: [leaf, parent] },
      { locale: 'en', categories: ['no-such-category'] },
    ];
    let compared = 0;
    for (const filter of filters) {
      for (const ordering of ORDERS) {
        for (const page of [
          { page: 1, pageSize: 12 },
          { page: 2, pageSize: 5 },
          { page: 3, pageSize: 100 },
        ]) {
          const named = await listProducts(db, filter, page, ordering);
          const general = await listProducts(db, filter, page, ordering, { general: true });
          expect(named, JSON.stringify({ filter, ordering, page })).toEqual(general);
          compared++;
        }
      }
    }
    expect(compared).toBe(filters.length * ORDERS.length * 3);
  });

  it('counts what the filter holds, whether the page tells it or a count is asked', async () => {
    const db = shop.database.db;
    const total = async (locale: Locale, category?: string) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from products p join product_translations t on t.product_id = p.id and t.locale = ${locale}
              where p.is_published ${category ? sql`and exists (select 1 from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id and c.slug = ${category})` : sql``}`,
        )
      )[0]!.n;
    const cases: [ProductListFilter, number][] = [
      [{ locale: 'it' }, await total('it')],
      [{ locale: 'en', categories: [leaf] }, await total('en', leaf)],
    ];
    for (const [filter, expected] of cases) {
      expect(expected).toBeGreaterThan(0);
      // A full page (the count is asked), the last page (told by the page), one page holding
      // everything (told), an empty page past the end (asked).
      const last = Math.ceil(expected / 5);
      for (const page of [
        { page: 1, pageSize: 1 },
        { page: last, pageSize: 5 },
        { page: 1, pageSize: 100 },
        { page: last + 1, pageSize: 5 },
      ]) {
        const { count, results } = await listProducts(db, filter, page);
        expect(count, JSON.stringify({ filter, page })).toBe(expected);
        expect(results.length).toBe(Math.max(0, Math.min(page.pageSize, expected - (page.page - 1) * page.pageSize)));
      }
    }
  });

  it('reads each first image and variant flag with the page, as the separate look-ups of summarize find them', async () => {
    const db = shop.database.db;
    // Every demo product has an image: one without, on the one page that holds them all.
    await makeProduct(db);
    const { results, count } = await listProducts(db, { locale: 'en' }, { page: 1, pageSize: 1000 });
    expect(results).toHaveLength(count);
    const rows = await db
      .select({ products, product_translations: { name: productTranslations.name, title: productTranslations.title, summary: productTranslations.summary } })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, 'en')))
      .where(inArray(products.id, results.map((r) => r.id)));
    const separate = await summarize(db, rows, 'en');
    const byId = (list: ProductSummary[]) => [...list].sort((a, b) => a.id - b.id);
    expect(byId(results)).toEqual(byId(separate));
    // Not vacuous: the demo's page has products with and without images and variants.
    expect(new Set(results.map((r) => r.image === null))).toEqual(new Set([true, false]));
    expect(new Set(results.map((r) => r.has_variants))).toEqual(new Set([true, false]));
  });
});
