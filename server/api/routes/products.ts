import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdSchema } from '../../../src/lib/contract/common';
import { LiveValuesQuerySchema, type LiveValuesAnswer } from '../../../src/lib/contract/live-values';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { VARIANT_ORDER_FIELDS, VariantListQuerySchema, VariantQuerySchema, type VariantPriceAnswer } from '../../../src/lib/contract/product-detail';
import {
  PRODUCT_ORDER_FIELDS, PriceQuerySchema, ProductCodeSchema, ProductListQuerySchema, RELATION_KINDS, RelatedQuerySchema,
  type ProductPriceAnswer, type RelatedByKind, type RelatedGroup,
} from '../../../src/lib/contract/products';
import { assertSeason, withProductPrices, withVariantPrices } from '../../catalogue/customer-pricing';
import { viewingCustomer } from '../viewing-customer';
import { liveValues } from '../../catalogue/live-values';
import { findOpenCart } from '../../cart/cart-store';
import { readStockEffect } from '../../cart/stock';
import { productAssets } from '../../catalogue/product-assets';
import { findPublishedProduct } from '../../catalogue/product-lookup';
import { DEFAULT_PRODUCT_ORDER, listProducts } from '../../catalogue/product-list';
import { getProductBySlugOrCode } from '../../catalogue/product-detail';
import { DEFAULT_VARIANT_ORDER, getVariant, listVariants } from '../../catalogue/product-variants';
import { priceProducts, priceVariants } from '../../catalogue/prices';
import { relatedProducts } from '../../catalogue/related-products';
import { productTranslations } from '../../db/schema';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { parseOrThrow, parseQuery } from '../validation';

export const productRoutes = new Hono<ApiEnv>({ strict: false });

function orderingOf<F extends string>(raw: string | undefined, fields: readonly F[], fallback: { field: F; direction: 'asc' | 'desc' }) {
  if (!raw) return fallback;
  const parsed = parseOrderBy(raw, fields);
  if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
  return parsed.value;
}

/**
 * Stock, availability and prices of up to 100 products (and their variants) in one call: what
 * static pages must not bake in. Registered first, so no `/p/:slug`-like pattern shadows it.
 */
productRoutes.get('/live', async (c) => {
  const q = parseQuery(c, LiveValuesQuerySchema, ['ids']);
  const { db } = c.get('deps');
  const customerId = await viewingCustomer(c, q.customer);
  await assertSeason(db, q.season);
  const viewerCart = customerId === undefined ? undefined : await findOpenCart(db, { customerId, shopContext: c.get('shopContext'), seasonId: q.season ?? null });
  const holds = { effect: await readStockEffect(db), now: c.get('deps').now(), viewerCartId: viewerCart?.id };
  const results = await liveValues(db, q.ids, { customerId, seasonId: q.season }, holds);
  const body: LiveValuesAnswer = { results, count: results.length };
  // A customer's prices are private; the public answer may be shared briefly by caches.
  c.header('Cache-Control', customerId === undefined ? 'public, max-age=5, stale-while-revalidate=10' : 'private, no-store');
  if (customerId === undefined) c.header('Vary', 'Authorization');
  return c.json(body);
});

productRoutes.get('/p', async (c) => {
  const q = parseQuery(c, ProductListQuerySchema, ['categories', 'custom_field', 'promotions']);
  const ordering = orderingOf(q.order_by, PRODUCT_ORDER_FIELDS, DEFAULT_PRODUCT_ORDER);
  const customFields = (q.custom_field ?? []).map((pair, i) => {
    const cut = pair.indexOf(':');
    const key = (cut === -1 ? pair : pair.slice(0, cut)).trim();
    if (!key) throw apiError('ValidationFailed', [{ field: `custom_field.${i}`, code: 'required', message: 'A custom field filter requires a key.' }]);
    return cut === -1 ? { key } : { key, value: pair.slice(cut + 1).trim() };
  });
  if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
    throw apiError('ValidationFailed', [{ field: 'price_min', code: 'invalid', message: 'The minimum price is above the maximum.' }]);
  }
  const { db } = c.get('deps');
  // Ordered quantities are private: they need a user who may act for the customer.
  const customerId = await viewingCustomer(c, q.customer, q.annotate_ordered_qty);
  await assertSeason(db, q.season);
  const list = await listProducts(
    db,
    {
      locale: c.get('locale'),
      categories: q.categories,
      includeDescendants: q.include_cat_descendants,
      customFields,
      priceType: q.price_type,
      priceMin: q.price_min,
      priceMax: q.price_max,
      search: q.search || undefined,
      searchVariants: q.search_pp || undefined,
      pricedFor: { customerId, seasonId: q.season },
      promotionIds: q.promotions,
      onOffer: q.on_offer,
      orderedByCustomer: q.annotate_ordered_qty ? customerId : undefined,
    },
    { page: q.page, pageSize: q.page_size },
    ordering,
  );
  const results = await withProductPrices(db, list.results, { customerId, seasonId: q.season });
  return c.json({ results, count: list.count });
});

productRoutes.get('/p/price/:code', async (c) => {
  const code = parseOrThrow(ProductCodeSchema, c.req.param('code'));
  const q = parseQuery(c, PriceQuerySchema);
  const { db } = c.get('deps');
  const customerId = await viewingCustomer(c, q.customer);
  await assertSeason(db, q.season);
  const product = await findPublishedProduct(db, { codeOrSlug: code });
  if (!product) throw apiError('ProductNotFound');
  const price = (await priceProducts(db, [product.id], { customerId, seasonId: q.season })).get(product.id)!;
  const body: ProductPriceAnswer = { product: product.id, code: product.code, ...price, currency: 'EUR' };
  return c.json(body);
});

productRoutes.get('/p/related', async (c) => {
  const q = parseQuery(c, RelatedQuerySchema);
  const { db } = c.get('deps');
  const customerId = await viewingCustomer(c, q.customer);
  await assertSeason(db, q.season);
  const product = await findPublishedProduct(db, q.product);
  if (!product) throw apiError('ProductNotFound');
  const kinds = q.kind ? [q.kind] : RELATION_KINDS;
  const byKind = await relatedProducts(db, product.id, kinds, c.get('locale'));
  // Priced once for every kind together.
  const unique = [...new Map([...byKind.values()].flat().map((p) => [p.id, p])).values()];
  const priced = new Map((await withProductPrices(db, unique, { customerId, seasonId: q.season })).map((p) => [p.id, p]));
  const groups: RelatedGroup[] = kinds.map((kind) => {
    const results = (byKind.get(kind) ?? []).map((p) => priced.get(p.id) ?? p);
    return { kind, results, count: results.length };
  });
  if (q.kind) return c.json(groups[0]);
  const body: RelatedByKind = { results: groups, count: groups.length };
  return c.json(body);
});

productRoutes.get('/p/assets/:id', async (c) => {
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const { db } = c.get('deps');
  const locale = c.get('locale');
  const product = await findPublishedProduct(db, { id });
  if (!product) throw apiError('ProductNotFound');
  const [name] = await db
    .select({ name: productTranslations.name })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, id), eq(productTranslations.locale, locale)));
  const results = await productAssets(db, id, locale, name?.name ?? product.code);
  return c.json({ results, count: results.length });
});

productRoutes.get('/p/:slug', async (c) => {
  const slugOrCode = parseOrThrow(ProductCodeSchema, c.req.param('slug'));
  const product = await getProductBySlugOrCode(c.get('deps').db, slugOrCode, c.get('locale'));
  if (!product) throw apiError('ProductNotFound');
  return c.json(product);
});

productRoutes.get('/pp', async (c) => {
  const q = parseQuery(c, VariantListQuerySchema);
  const ordering = orderingOf(q.order_by, VARIANT_ORDER_FIELDS, DEFAULT_VARIANT_ORDER);
  const { db } = c.get('deps');
  const customerId = await viewingCustomer(c, q.customer);
  await assertSeason(db, q.season);
  if (!(await findPublishedProduct(db, { id: q.parent }))) throw apiError('ProductNotFound');
  const list = await listVariants(db, q.parent, c.get('locale'), { page: q.page, pageSize: q.page_size }, ordering);
  const results = await withVariantPrices(db, list.results, { customerId, seasonId: q.season });
  return c.json({ results, count: list.count });
});

productRoutes.get('/pp/price/:id', async (c) => {
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const q = parseQuery(c, PriceQuerySchema);
  const { db } = c.get('deps');
  const customerId = await viewingCustomer(c, q.customer);
  await assertSeason(db, q.season);
  const variant = await getVariant(db, id, c.get('locale'));
  if (!variant) throw apiError('NotFound', [], 'Variant not found');
  const price = (await priceVariants(db, [id], { customerId, seasonId: q.season })).get(id)!;
  const body: VariantPriceAnswer = { variant: id, product: variant.product.id, code: variant.code, ...price, currency: 'EUR' };
  return c.json(body);
});

productRoutes.get('/pp/:id', async (c) => {
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const q = parseQuery(c, VariantQuerySchema);
  const { db } = c.get('deps');
  const customerId = await viewingCustomer(c, q.customer);
  await assertSeason(db, q.season);
  const variant = await getVariant(db, id, c.get('locale'));
  if (!variant) throw apiError('NotFound', [], 'Variant not found');
  const [priced] = await withVariantPrices(db, [variant], { customerId, seasonId: q.season });
  return c.json(priced);
});
