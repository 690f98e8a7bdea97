// The benchmark catalogue generator (npm run db:seed -- --products N): clones of the demo
// products with everything a product page and the lists read, and nothing twice.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../src/lib/contract/common';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import type { ProductSummary } from '../../src/lib/contract/products';
import { queryRows } from '../../server/db/raw';
import { scaleCatalogue, type ScaleResult } from '../../server/seed/catalogue-scale';
import { openTestShop, type TestShop } from '../support/test-shop';

const TOTAL = 400;
const GENERATED = `'-g[0-9]{6}$'`;

let shop: TestShop;
let demoProducts: number;
let first: ScaleResult;
beforeAll(async () => {
  shop = await openTestShop();
  demoProducts = await count(`select count(*) from products`);
  first = await scaleCatalogue(shop.database.db, TOTAL);
});
afterAll(() => shop?.close());

async function count(query: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(shop.database.db, sql.raw(`select (${query})::int as n`));
  return Number(rows[0]!.n);
}

/** Each generated product beside the demo product it copies. */
const PAIRS = `select g.id as gen_id, s.id as src_id from products g
  join products s on g.slug = s.slug || substring(g.slug from ${GENERATED}) where g.slug ~ ${GENERATED}`;

describe('catalogue generator', () => {
  it('fills the catalogue up to the number asked for', async () => {
    expect(demoProducts).toBeGreaterThanOrEqual(150);
    expect(first).toMatchObject({ before: demoProducts, after: TOTAL });
    expect(first.added.products).toBe(TOTAL - demoProducts);
    expect(await count(`select count(*) from products`)).toBe(TOTAL);
    expect(await count(`select count(*) from (${PAIRS}) p`)).toBe(TOTAL - demoProducts);
    expect(await count(`select count(distinct code) from products`)).toBe(TOTAL);
  });

  it('copies every table of a product, row for row', async () => {
    const perProduct = [
      'product_translations', 'product_categories', 'product_custom_values', 'variants', 'assets', 'product_relations',
      'customer_prices', 'season_prices', 'promotion_products',
    ];
    for (const table of perProduct) {
      const generated = await count(`select count(*) from ${table} t join (${PAIRS}) p on p.gen_id = t.product_id`);
      const expected = await count(`select count(*) from ${table} t join (${PAIRS}) p on p.src_id = t.product_id`);
      expect({ table, rows: generated }).toEqual({ table, rows: expected });
      expect(first.added[table]).toBe(generated);
    }
    expect(await count(`select count(*) from variant_custom_values vc join variants v on v.id = vc.variant_id where v.code ~ '-G[0-9]{6}$'`)).toBe(first.added.variant_custom_values);
    expect(first.added.variants).toBeGreaterThan(0);
    expect(first.added.customer_prices).toBeGreaterThan(0);
    expect(first.added.season_prices).toBeGreaterThan(0);
  });

  it('gives every generated product three translations with a name of its own', async () => {
    expect(await count(`select count(*) from (select g.id from products g left join product_translations t on t.product_id = g.id
      where g.slug ~ ${GENERATED} group by g.id having count(t.locale) <> 3 or count(distinct t.locale) <> 3) x`)).toBe(0);
    expect(await count(`select count(*) from product_translations t join products g on g.id = t.product_id
      where g.slug ~ ${GENERATED} and t.name !~ ' #[0-9]+$'`)).toBe(0);
    expect(await count(`select count(*) - count(distinct name) from product_translations where locale = 'it'`)).toBe(0);
  });

  it('shares the source pictures and keeps relations within the generated set', async () => {
    expect(await count(`select count(*) from assets a join products g on g.id = a.product_id where g.slug ~ ${GENERATED}
      and a.url not in (select url from assets s join products p on p.id = s.product_id where p.slug !~ ${GENERATED})`)).toBe(0);
    expect(await count(`select count(*) from product_relations r join products g on g.id = r.product_id join products t on t.id = r.related_product_id
      where g.slug ~ ${GENERATED} and (t.slug !~ ${GENERATED} or t.id = g.id)`)).toBe(0);
    expect(await count(`select count(distinct r.kind) from product_relations r join products g on g.id = r.product_id where g.slug ~ ${GENERATED}`)).toBe(5);
    expect(await count(`select count(*) from variants v join products g on g.id = v.product_id where g.slug ~ ${GENERATED} and v.code !~ '-G[0-9]{6}$'`)).toBe(0);
  });

  it('shows the generated products in the product list and on their own', async () => {
    const published = await count(`select count(*) from products where is_published`);
    expect(published).toBeGreaterThan(TOTAL - 20);
    const { status, body } = await shop.json<Paged<ProductSummary>>('products/p/?page=1&page_size=12');
    expect(status).toBe(200);
    expect(body.count).toBe(published);
    const [row] = await queryRows<{ slug: string; name: string }>(
      shop.database.db,
      sql.raw(`select g.slug, t.name from products g join product_translations t on t.product_id = g.id and t.locale = 'it'
        where g.slug ~ ${GENERATED} and g.is_published order by g.id desc limit 1`),
    );
    const detail = await shop.json<ProductDetail>(`products/p/${row!.slug}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe(row!.name);
  });

  it('adds nothing when run again with the same number, and the difference with a bigger one', async () => {
    const again = await scaleCatalogue(shop.database.db, TOTAL);
    expect(again.after).toBe(TOTAL);
    expect(again.added).toEqual({});
    expect(await count(`select count(*) from products`)).toBe(TOTAL);
    const more = await scaleCatalogue(shop.database.db, TOTAL + 25);
    expect(more).toMatchObject({ before: TOTAL, after: TOTAL + 25 });
    expect(await count(`select count(*) from products`)).toBe(TOTAL + 25);
    expect(await count(`select count(*) from (select product_id from product_translations group by 1 having count(*) <> 3) x`)).toBe(0);
  });
});
