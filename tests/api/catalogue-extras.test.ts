// Catalogue calls beyond the list and detail: ordered quantities, promotions and customer prices
// in the list, prices, related products, variants, assets, categories, custom fields, documents.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryDetail, CategoryTreeNode, CustomFieldDefinition, ShopDocument } from '../../src/lib/contract/catalogue-extras';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import type { CategoryMenuItem } from '../../src/lib/contract/content';
import type { CategoryRef, ProductAsset, VariantDetail, VariantPriceAnswer } from '../../src/lib/contract/product-detail';
import type { ProductPriceAnswer, ProductSummary, RelatedByKind, RelatedGroup } from '../../src/lib/contract/products';
import { queryRows } from '../../server/db/raw';
import { categories, customerPrices, customers, products, promotions, seasons, variants } from '../../server/db/schema';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const token: Record<'agent' | 'agent2' | 'b2b' | 'b2b2' | 'consumer', string> = { agent: '', agent2: '', b2b: '', b2b2: '', consumer: '' };
const customerId: Record<string, number> = {};

beforeAll(async () => {
  shop = await openTestShop();
  for (const who of Object.keys(token) as (keyof typeof token)[]) token[who] = await shop.login(LOGINS[who][0], LOGINS[who][1]);
  for (const c of await shop.database.db.select().from(customers)) customerId[c.code] = c.id;
});
afterAll(() => shop?.close());

const get = <T>(path: string, who?: keyof typeof token) => shop.send<T>('GET', path, { token: who ? token[who] : undefined });
type List = Paged<ProductSummary>;

/** A product with a price agreed with C0001 for any season, and its agreed price. */
async function agreedProduct() {
  const [row] = await shop.database.db
    .select({ id: products.id, code: products.code, slug: products.slug, price: customerPrices.price, standard: products.standardPrice })
    .from(customerPrices)
    .innerJoin(products, eq(products.id, customerPrices.productId))
    .where(and(eq(customerPrices.customerId, customerId.C0001!), isNull(customerPrices.seasonId), isNull(customerPrices.variantId)))
    .orderBy(products.id)
    .limit(1);
  return row!;
}

describe('products/p/ with a customer', () => {
  it('annotates how many units the customer ordered before', async () => {
    const [ordered] = await queryRows<{ product_id: number; code: string; qty: number }>(
      shop.database.db,
      sql`select r.product_id, p.code, sum(r.qty)::int as qty from order_rows r join orders o on o.id = r.order_id join products p on p.id = r.product_id
          where o.customer_id = ${customerId.C0001} group by r.product_id, p.code order by r.product_id limit 1`,
    );
    const { status, body } = await get<List>(`products/p/?search=${ordered!.code}&annotate_ordered_qty=true&customer=${customerId.C0001}`, 'agent');
    expect(status).toBe(200);
    expect(body.results.find((p) => p.id === ordered!.product_id)?.ordered_qty).toBe(ordered!.qty);
    const own = await get<List>(`products/p/?search=${ordered!.code}&annotate_ordered_qty=true`, 'b2b');
    expect(own.body.results.find((p) => p.id === ordered!.product_id)?.ordered_qty).toBe(ordered!.qty);
    // Another customer never ordered it (or ordered other amounts): its own numbers only.
    const other = await get<List>(`products/p/?page_size=100&annotate_ordered_qty=true`, 'b2b2');
    expect(other.body.results.every((p) => typeof p.ordered_qty === 'number')).toBe(true);
  });

  it('does not annotate unless asked', async () => {
    const { body } = await get<List>('products/p/?page_size=5', 'b2b');
    expect(body.results.every((p) => p.ordered_qty === undefined)).toBe(true);
  });

  it.each([
    ['anonymous', undefined, 401],
    ['an agent naming no customer', 'agent', 400],
    ['an agent naming a customer of another agent', 'agent2', 403],
    ['a customer naming another customer', 'b2b2', 403],
  ] as const)('refuses ordered quantities for %s', async (_, who, status) => {
    const customer = who === 'agent' ? '' : `&customer=${customerId.C0001}`;
    const response = await get<ErrorBody>(`products/p/?annotate_ordered_qty=true${customer}`, who);
    expect(response.status).toBe(status);
    expect(response.body.detail).toEqual(expect.any(String));
  });

  it('filters by promotion', async () => {
    const [promo] = await shop.database.db.select().from(promotions).where(eq(promotions.code, 'VENDEMMIA2026'));
    const { status, body } = await get<List>(`products/p/?promotions=${promo!.id}&page_size=100`);
    expect(status).toBe(200);
    expect(body.count).toBe(30);
    expect(body.results.every((p) => p.code.startsWith('ENO-'))).toBe(true);
    expect((await get<List>('products/p/?promotions=999999')).body.count).toBe(0);
    expect((await get<ErrorBody>('products/p/?promotions=abc')).status).toBe(400);
  });

  it('adds what a signed-in customer pays, and nothing for anonymous callers', async () => {
    const agreed = await agreedProduct();
    const anonymous = await get<List>(`products/p/?search=${agreed.code}`);
    const found = anonymous.body.results.find((p) => p.id === agreed.id)!;
    expect(found.price.price).toBeUndefined();
    const mine = await get<List>(`products/p/?search=${agreed.code}`, 'b2b');
    expect(mine.body.results.find((p) => p.id === agreed.id)!.price).toMatchObject({ price: agreed.price, source: 'customer', standard_price: agreed.standard });
    const forCustomer = await get<List>(`products/p/?search=${agreed.code}&customer=${customerId.C0001}`, 'agent');
    expect(forCustomer.body.results.find((p) => p.id === agreed.id)!.price.price).toBe(agreed.price);
    const agentAlone = await get<List>(`products/p/?search=${agreed.code}`, 'agent');
    expect(agentAlone.body.results.find((p) => p.id === agreed.id)!.price.price).toBeUndefined();
  });

  it('keeps the list shape under /api/v2/client', async () => {
    const { status, body } = await shop.send<List>('GET', '/api/v2/client/products/p/?page_size=2', { token: token.consumer });
    expect(status).toBe(200);
    expect(body.results[0]!.price.source).toEqual(expect.any(String));
  });
});

describe('products/p/price/{code}/', () => {
  it('answers the public price to anonymous callers, by code or slug', async () => {
    const agreed = await agreedProduct();
    const byCode = await get<ProductPriceAnswer>(`products/p/price/${agreed.code}/`);
    expect(byCode.status).toBe(200);
    expect(byCode.body).toMatchObject({ product: agreed.id, code: agreed.code, standard_price: agreed.standard, currency: 'EUR' });
    expect(['special', 'standard']).toContain(byCode.body.source);
    const bySlug = await get<ProductPriceAnswer>(`products/p/price/${agreed.slug}/`);
    expect(bySlug.body).toEqual(byCode.body);
  });

  it('answers the agreed price for the customer, its user and its agent', async () => {
    const agreed = await agreedProduct();
    for (const [who, query] of [['b2b', ''], ['b2b', `?customer=${customerId.C0001}`], ['agent', `?customer=${customerId.C0001}`]] as const) {
      const { status, body } = await get<ProductPriceAnswer>(`products/p/price/${agreed.code}/${query}`, who);
      expect(status).toBe(200);
      expect(body).toMatchObject({ price: agreed.price, source: 'customer' });
    }
  });

  it('uses the special price, else the standard one, when nothing is agreed', async () => {
    const [special] = await shop.database.db.select().from(products).where(sql`${products.specialPrice} is not null and not exists (select 1 from customer_prices cp where cp.product_id = ${products.id})`).limit(1);
    const [standard] = await shop.database.db.select().from(products).where(sql`${products.specialPrice} is null and not exists (select 1 from customer_prices cp where cp.product_id = ${products.id})`).limit(1);
    expect((await get<ProductPriceAnswer>(`products/p/price/${special!.code}/`, 'b2b')).body).toMatchObject({ price: special!.specialPrice, source: 'special' });
    expect((await get<ProductPriceAnswer>(`products/p/price/${standard!.code}/`, 'b2b')).body).toMatchObject({ price: standard!.standardPrice, source: 'standard' });
  });

  it('uses the season price when a season is named', async () => {
    const [season] = await shop.database.db.select().from(seasons).where(eq(seasons.code, 'vendemmia-2026'));
    const [row] = await queryRows<{ code: string; price: string }>(
      shop.database.db,
      sql`select p.code, sp.price from season_prices sp join products p on p.id = sp.product_id
          where sp.season_id = ${season!.id} and not exists (select 1 from customer_prices cp where cp.product_id = p.id) limit 1`,
    );
    const { body } = await get<ProductPriceAnswer>(`products/p/price/${row!.code}/?season=${season!.id}`);
    expect(body).toMatchObject({ price: Number(row!.price), source: 'season' });
  });

  it.each([
    ['anonymous naming a customer', undefined, 401],
    ['another customer', 'b2b2', 403],
    ['another agent', 'agent2', 403],
  ] as const)('refuses the customer price to %s', async (_, who, status) => {
    const agreed = await agreedProduct();
    expect((await get(`products/p/price/${agreed.code}/?customer=${customerId.C0001}`, who)).status).toBe(status);
  });

  it.each([
    ['products/p/price/NO-SUCH-CODE/', 404],
    ['products/p/price/%3Cscript%3E/', 400],
    ['products/p/price/ENO-0001/?customer=abc', 400],
    ['products/p/price/ENO-0001/?season=0', 400],
    ['products/p/price/ENO-0001/?season=999999', 400],
  ])('answers %s with %i', async (path, status) => {
    const { status: got, body } = await get<ErrorBody>(path);
    expect(got).toBe(status);
    expect(body.detail).toEqual(expect.any(String));
  });
});

describe('products/p/related/', () => {
  it('groups every kind, in the order of the kinds, when no kind is given', async () => {
    const [p] = await shop.database.db.select().from(products).where(eq(products.code, 'ENO-0001'));
    const grouped = await get<RelatedByKind>(`products/p/related/?product=${p!.id}`);
    expect(grouped.status).toBe(200);
    expect(grouped.body.results.map((g) => g.kind)).toEqual(['Related', 'Upselling', 'Crosselling', 'Spare parts', 'Showcase']);
    expect(grouped.body.results[0]!.results.length).toBeGreaterThan(0);
    expect(grouped.body.results.every((g) => g.count === g.results.length)).toBe(true);
  });

  it('answers one kind in position order, by product id or slug', async () => {
    const [p] = await shop.database.db.select().from(products).where(eq(products.code, 'ENO-0001'));
    const expected = await queryRows<{ related_product_id: number }>(
      shop.database.db,
      sql`select related_product_id from product_relations where product_id = ${p!.id} and kind = 'Related' order by position`,
    );
    const byId = await get<RelatedGroup>(`products/p/related/?product=${p!.id}&kind=Related`);
    expect(byId.status).toBe(200);
    expect(byId.body.kind).toBe('Related');
    expect(byId.body.results.map((r) => r.id)).toEqual(expected.map((r) => r.related_product_id));
    expect(byId.body.results[0]).toMatchObject({ slug: expect.any(String), price: { standard_price: expect.any(Number) } });
    const bySlug = await get<RelatedGroup>(`products/p/related/?product=${p!.slug}&kind=related`);
    expect(bySlug.body.results.map((r) => r.id)).toEqual(byId.body.results.map((r) => r.id));
  });

  it('finds spare parts by the kind name with a space or a dash', async () => {
    const [row] = await queryRows<{ slug: string; n: number }>(
      shop.database.db,
      sql`select p.slug, count(*)::int as n from product_relations r join products p on p.id = r.product_id where r.kind = 'Spare parts' group by p.slug order by p.slug limit 1`,
    );
    const spaced = await get<RelatedGroup>(`products/p/related/?product=${row!.slug}&kind=Spare%20parts`);
    expect(spaced.body).toMatchObject({ kind: 'Spare parts', count: row!.n });
    expect((await get<RelatedGroup>(`products/p/related/?product=${row!.slug}&kind=spare-parts`)).body.count).toBe(row!.n);
  });

  it('adds the customer price for a signed-in customer', async () => {
    const { body } = await get<RelatedByKind>('products/p/related/?product=1', 'b2b');
    expect(body.results.flatMap((g) => g.results).every((r) => typeof r.price.price === 'number')).toBe(true);
  });

  it.each([
    ['products/p/related/', 400],
    ['products/p/related/?product=1&kind=Cheaper', 400],
    ['products/p/related/?product=999999', 404],
    ['products/p/related/?product=99999999999999999999', 404],
    ['products/p/related/?product=no-such-product', 404],
    ['products/p/related/?product=%27%20or%201%3D1', 400],
    ['products/p/related/?product=1&customer=1', 401],
  ])('answers %s with %i', async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });
});

describe('products/pp/ variants', () => {
  async function productWithVariants() {
    const [row] = await queryRows<{ product_id: number; n: number }>(
      shop.database.db,
      sql`select product_id, count(*)::int as n from variants group by product_id having count(*) > 1 order by product_id limit 1`,
    );
    return row!;
  }

  it('lists the variants of a product, paged, in position order', async () => {
    const parent = await productWithVariants();
    const { status, body } = await get<Paged<VariantDetail>>(`products/pp/?parent=${parent.product_id}`);
    expect(status).toBe(200);
    expect(body.count).toBe(parent.n);
    expect(body.results[0]).toMatchObject({ product: { id: parent.product_id }, price: { standard_price: expect.any(Number) }, stock_state: expect.any(String) });
    expect(body.results[0]!.custom_fields).toContainEqual(expect.objectContaining({ key: 'format', value: body.results[0]!.code }));
    const page2 = await get<Paged<VariantDetail>>(`products/pp/?parent=${parent.product_id}&page=2&page_size=1`);
    expect(page2.body.results.map((r) => r.id)).toEqual([body.results[1]!.id]);
    const byPrice = await get<Paged<VariantDetail>>(`products/pp/?parent=${parent.product_id}&order_by=standard_price-desc`);
    const prices = byPrice.body.results.map((r) => r.price.standard_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('answers one variant, localized, with the customer price when signed in', async () => {
    const [variant] = await shop.database.db.select().from(variants).limit(1);
    const en = await get<VariantDetail>(`products/pp/${variant!.id}/?locale=en`);
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ id: variant!.id, code: variant!.code, name: variant!.name.en });
    expect(en.body.price.price).toBeUndefined();
    const mine = await get<VariantDetail>(`products/pp/${variant!.id}/`, 'b2b');
    expect(mine.body.price.price).toEqual(expect.any(Number));
  });

  it('answers the price of a variant', async () => {
    const [variant] = await shop.database.db.select().from(variants).limit(1);
    const { status, body } = await get<VariantPriceAnswer>(`products/pp/price/${variant!.id}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ variant: variant!.id, product: variant!.productId, code: variant!.code, standard_price: variant!.standardPrice, currency: 'EUR' });
    expect(body.price).toBe(variant!.specialPrice ?? variant!.standardPrice);
    expect((await get(`products/pp/price/${variant!.id}/?customer=${customerId.C0001}`, 'agent2')).status).toBe(403);
    expect((await get(`products/pp/price/${variant!.id}/?customer=${customerId.C0001}`, 'agent')).status).toBe(200);
  });

  it.each([
    ['products/pp/', 400],
    ['products/pp/?parent=abc', 400],
    ['products/pp/?parent=999999', 404],
    ['products/pp/?parent=1&page_size=100000', 400],
    ['products/pp/?parent=1&order_by=name-asc', 400],
    ['products/pp/999999/', 404],
    ['products/pp/abc/', 400],
    ['products/pp/-1/', 400],
    ['products/pp/price/999999/', 404],
    ['products/pp/price/1.5/', 400],
  ])('answers %s with %i', async (path, status) => {
    const { status: got, body } = await get<ErrorBody>(path);
    expect(got).toBe(status);
    expect(body.error_list).toEqual(expect.any(Array));
  });
});

describe('products/p/assets/{id}/', () => {
  it('answers the files of a product by image number', async () => {
    const [p] = await shop.database.db.select().from(products).where(eq(products.code, 'ENO-0001'));
    const { status, body } = await get<Paged<ProductAsset>>(`products/p/assets/${p!.id}/?locale=es`);
    expect(status).toBe(200);
    expect(body.results.map((a) => a.number)).toEqual([1, 2, 3]);
    expect(body.results.every((a) => a.file_name.startsWith(`${p!.slug}_`) && a.kind === 'image')).toBe(true);
    expect(body.results[0]!.alt).toMatch(/\(1\)$/);
  });

  it('orders by the number in the file name, not the stored position', async () => {
    const [p] = await shop.database.db.select().from(products).where(eq(products.code, 'ENO-0002'));
    await shop.database.db.execute(sql`update assets set position = 10 - position where product_id = ${p!.id}`);
    await shop.database.db.execute(
      sql`insert into assets (product_id, kind, file_name, url, position) values (${p!.id}, 'image', ${`${p!.slug}_10.webp`}, ${`/media/products/${p!.slug}_10.webp`}, 0)`,
    );
    const { body } = await get<Paged<ProductAsset>>(`products/p/assets/${p!.id}/`);
    expect(body.results.map((a) => a.number)).toEqual([1, 2, 3, 10]);
  });

  it.each([['products/p/assets/999999/', 404], ['products/p/assets/abc/', 400], ['products/p/assets/0/', 400]])('answers %s with %i', async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });
});

describe('categories', () => {
  it('answers the whole tree of the default taxonomy', async () => {
    const { status, body } = await get<Paged<CategoryTreeNode>>('categories/tree/');
    expect(status).toBe(200);
    expect(body.results.map((c) => c.slug)).toEqual(['enologia', 'birrificazione', 'giardinaggio']);
    const [total] = await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from categories where is_active`);
    const count = (nodes: CategoryTreeNode[]): number => nodes.reduce((s, n) => s + 1 + count(n.children), 0);
    expect(count(body.results)).toBe(total!.n);
    const child = body.results[0]!.children[0]!;
    expect(child).toMatchObject({ parent_id: body.results[0]!.id, depth: 1, color: expect.stringMatching(/^#/) });
  });

  it('answers the subtree under a root given by slug or id, localized', async () => {
    const bySlug = await get<Paged<CategoryTreeNode>>('categories/tree/?root=enologia&locale=en');
    expect(bySlug.body.results).toHaveLength(1);
    expect(bySlug.body.results[0]).toMatchObject({ slug: 'enologia', name: 'Winemaking' });
    expect(bySlug.body.results[0]!.children.length).toBeGreaterThan(2);
    const byId = await get<Paged<CategoryTreeNode>>(`categories/tree/?root=${bySlug.body.results[0]!.id}&locale=en`);
    expect(byId.body).toEqual(bySlug.body);
  });

  it('leaves out inactive categories and what is below them', async () => {
    const [child] = await shop.database.db.select().from(categories).where(eq(categories.slug, 'tappi-e-tappatrici'));
    await shop.database.db.update(categories).set({ isActive: false }).where(eq(categories.id, child!.id));
    try {
      const { body } = await get<Paged<CategoryTreeNode>>('categories/tree/?root=enologia');
      expect(body.results[0]!.children.map((c) => c.slug)).not.toContain('tappi-e-tappatrici');
      expect((await get('categories/tappi-e-tappatrici/')).status).toBe(404);
    } finally {
      await shop.database.db.update(categories).set({ isActive: true }).where(eq(categories.id, child!.id));
    }
  });

  it.each([
    ['categories/tree/?taxonomy=Nope', 404],
    ['categories/tree/?root=no-such-category', 404],
    ['categories/tree/?root=999999', 404],
    ['categories/tree/?root=%3Cb%3E', 400],
    ['categories/tree/?taxonomy=' + 'x'.repeat(100), 400],
  ])('answers %s with %i', async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });

  it('answers a category by slug or id with parent, children, ancestors and products below it', async () => {
    const { status, body } = await get<CategoryDetail>('categories/enologia/?locale=es');
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug: 'enologia', name: 'Enología', parent: null, ancestors: [], taxonomy: 'Default', color: expect.stringMatching(/^#/) });
    expect(body.description.length).toBeGreaterThan(20);
    expect(body.children.length).toBeGreaterThan(2);
    const withDescendants = await get<List>('products/p/?categories=enologia&include_cat_descendants=true&page_size=1');
    expect(body.product_count).toBe(withDescendants.body.count);
    const child = await get<CategoryDetail>(`categories/${body.children[0]!.id}/?locale=es`);
    expect(child.body.parent).toEqual({ id: body.id, slug: 'enologia', name: 'Enología' });
    expect(child.body.ancestors.map((a) => a.slug)).toEqual(['enologia']);
    expect(child.body.product_count).toBeGreaterThan(0);
  });

  it('answers the ancestors of a category, root first', async () => {
    const [deep] = await shop.database.db.select().from(categories).where(sql`${categories.depth} = (select max(depth) from categories)`).limit(1);
    const { status, body } = await get<Paged<CategoryRef>>(`categories/ancestors/?category=${deep!.slug}`);
    expect(status).toBe(200);
    const expected = deep!.path.split('/').filter(Boolean).map(Number).slice(0, -1);
    expect(body.results.map((a) => a.id)).toEqual(expected);
    expect((await get<Paged<CategoryRef>>('categories/ancestors/?category=enologia')).body).toEqual({ results: [], count: 0 });
  });

  it.each([
    ['categories/no-such-category/', 404],
    ['categories/999999/', 404],
    ['categories/99999999999999999999/', 404],
    ['categories/%3Cscript%3E/', 400],
    ['categories/ancestors/', 400],
    ['categories/ancestors/?category=no-such', 404],
    ['categories/ancestors/?category=%00', 400],
  ])('answers %s with %i', async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });

  it('keeps the menu as before, with children fetched together', async () => {
    const { body } = await get<Paged<CategoryMenuItem>>('categories/menu/');
    const top = body.results[0]!;
    const sub = await get<Paged<CategoryMenuItem>>(`categories/menu/?parent=${top.id}`);
    expect(top.children?.map((c) => c.id)).toEqual(sub.body.results.map((c) => c.id));
  });
});

describe('custom-fields', () => {
  it('answers product fields with localized values', async () => {
    const { status, body } = await get<Paged<CustomFieldDefinition>>('custom-fields/product/?locale=en');
    expect(status).toBe(200);
    const shopField = body.results.find((f) => f.key === 'shop')!;
    expect(shopField).toMatchObject({ applies_to: 'product', name: 'Showcase' });
    expect(shopField.values.map((v) => [v.value, v.localized_value])).toEqual([['bestseller', 'Bestsellers'], ['new', 'New arrivals']]);
    expect(body.results.every((f) => f.applies_to === 'product')).toBe(true);
  });

  it('answers variant fields with type=pp, user and category fields', async () => {
    const variantFields = await get<Paged<CustomFieldDefinition>>('custom-fields/product/?type=pp');
    expect(variantFields.body.results.map((f) => f.key)).toEqual(['format']);
    expect(variantFields.body.results[0]!.values.length).toBeGreaterThan(5);
    const userFields = await get<Paged<CustomFieldDefinition>>('custom-fields/user/?locale=es');
    expect(userFields.body.results[0]).toMatchObject({ key: 'sector', name: 'Sector' });
    expect(userFields.body.results[0]!.values.map((v) => v.localized_value)).toContain('Bodega');
    const categoryFields = await get<Paged<CustomFieldDefinition>>('custom-fields/category/');
    expect(categoryFields.body.results[0]).toMatchObject({ key: 'color', kind: 'color' });
  });

  it('answers one field by id', async () => {
    const { body: list } = await get<Paged<CustomFieldDefinition>>('custom-fields/product/');
    const field = list.results[0]!;
    const { status, body } = await get<CustomFieldDefinition>(`custom-fields/${field.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(field);
  });

  it.each([
    ['custom-fields/999999/', 404],
    ['custom-fields/abc/', 400],
    ['custom-fields/product/?type=x', 400],
    ['custom-fields/user/?locale=fr', 400],
  ])('answers %s with %i', async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });
});

describe('documents/', () => {
  type Docs = Paged<ShopDocument>;

  it('answers public documents to anonymous callers, with download urls', async () => {
    const { status, body } = await get<Docs>('documents/?locale=en');
    expect(status).toBe(200);
    expect(body.count).toBe(4);
    expect(body.results.every((d) => d.customer === null)).toBe(true);
    expect(body.results.map((d) => d.url)).toContain('/media/documents/catalogo-enologia-2026.pdf');
    expect(body.results.map((d) => d.title)).toContain('Sulphiting guide');
  });

  it("adds the customer's own documents for its user and its agent, never another customer's", async () => {
    const mine = await get<Docs>('documents/', 'b2b');
    expect(mine.body.count).toBe(5);
    expect(mine.body.results.filter((d) => d.customer !== null).map((d) => [d.customer, d.file_name])).toEqual([[customerId.C0001, 'listino-riservato-C0001.pdf']]);
    const agentFor = await get<Docs>(`documents/?customer=${customerId.C0002}`, 'agent');
    expect(agentFor.body.results.filter((d) => d.customer !== null).map((d) => d.file_name)).toEqual(['listino-riservato-C0002.pdf']);
    expect((await get<Docs>('documents/', 'agent')).body.count).toBe(4);
    expect((await get<Docs>('documents/', 'consumer')).body.count).toBe(4);
  });

  it('filters by category, orders and pages', async () => {
    const lists = await get<Docs>('documents/?category=price_list', 'b2b');
    expect(lists.body.results.map((d) => d.category)).toEqual(['price_list']);
    const byTitle = await get<Docs>('documents/?order_by=title-asc&locale=it');
    const titles = byTitle.body.results.map((d) => d.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    const page = await get<Docs>('documents/?page=2&page_size=3');
    expect(page.body).toMatchObject({ count: 4 });
    expect(page.body.results).toHaveLength(1);
  });

  it.each([
    ['documents/?customer=C0001', undefined, 400],
    ['documents/?category=secret', undefined, 400],
    ['documents/?order_by=file_name-asc', undefined, 400],
    ['documents/?page_size=5000', undefined, 400],
    ['documents/?customer=1', undefined, 401],
  ] as const)('answers %s with %i', async (path, who, status) => {
    expect((await get(path, who)).status).toBe(status);
  });

  it('refuses another customer\'s documents with 403', async () => {
    expect((await get(`documents/?customer=${customerId.C0001}`, 'b2b2')).status).toBe(403);
    expect((await get(`documents/?customer=${customerId.C0001}`, 'agent2')).status).toBe(403);
  });
});
