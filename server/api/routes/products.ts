// Products and variants (spec section 7, products/): lists, details, prices for a customer and
// season, related products, assets, and the live values static pages must not bake in.
import type { Context } from 'hono';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { VARIANT_ORDER_FIELDS } from '../../../src/lib/contract/product-detail';
import { PRODUCT_ORDER_FIELDS, RELATION_KINDS, type RelatedGroup } from '../../../src/lib/contract/products';
import { findOpenCart } from '../../cart/cart-store';
import { readStockEffect } from '../../cart/stock';
import { assertSeason, withProductPrices, withVariantPrices } from '../../catalogue/customer-pricing';
import { liveValues, withHeldStock, type LiveHolds } from '../../catalogue/live-values';
import { publishedProductAssets } from '../../catalogue/product-assets';
import { getProductBySlugOrCode } from '../../catalogue/product-detail';
import { applyPageValues, pageValues, withPageValues } from '../../catalogue/page-values';
import { DEFAULT_PRODUCT_ORDER, listProducts, SEARCH_PRODUCT_ORDER, type ProductListFilter } from '../../catalogue/product-list';
import { findPublishedProduct } from '../../catalogue/product-lookup';
import { DEFAULT_VARIANT_ORDER, getVariant, listVariants } from '../../catalogue/product-variants';
import { priceProducts, priceVariants } from '../../catalogue/prices';
import { relatedProducts } from '../../catalogue/related-products';
import { cachedForAnonymous } from '../anonymous-answers';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { defineHandlers } from '../operation-routes';
import { viewingCustomerOf } from '../viewing-customer';

function orderingOf<F extends string>(raw: string | undefined, fields: readonly F[], fallback: { field: F; direction: 'asc' | 'desc' }) {
  if (!raw) return fallback;
  const parsed = parseOrderBy(raw, fields);
  if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
  return parsed.value;
}

/** Whose holds limit the viewer: every fresh hold but those of the viewer's own open cart. */
async function holdsFor(c: Context<ApiEnv>, customerId: number | undefined, season: number | undefined): Promise<LiveHolds> {
  const { db, now } = c.get('deps');
  const [viewerCart, effect] = await Promise.all([
    customerId === undefined ? undefined : findOpenCart(db, { customerId, shopContext: c.get('shopContext'), seasonId: season ?? null }),
    readStockEffect(db),
  ]);
  return { effect, now: now(), viewerCartId: viewerCart?.id };
}

export const productHandlers = defineHandlers({
  getLiveValues: async (c, { query: q }) => {
    const { db } = c.get('deps');
    const customerId = await viewingCustomerOf(c, q.customer);
    await assertSeason(db, q.season);
    const holds = await holdsFor(c, customerId, q.season);
    const results = await liveValues(db, q.ids, { customerId, seasonId: q.season }, holds);
    // A customer's prices are private; the public answer may be shared briefly by caches.
    c.header('Cache-Control', customerId === undefined ? 'public, max-age=5, stale-while-revalidate=10' : 'private, no-store');
    if (customerId === undefined) c.header('Vary', 'Authorization');
    return { results, count: results.length };
  },

  listProducts: cachedForAnonymous(
    'listProducts',
    async (c, { query: q }) => {
      const ordering = orderingOf(q.order_by, PRODUCT_ORDER_FIELDS, q.search ? SEARCH_PRODUCT_ORDER : DEFAULT_PRODUCT_ORDER);
      const customFields = (q.custom_field ?? []).map((pair, i) => {
        const cut = pair.indexOf(':');
        const key = (cut === -1 ? pair : pair.slice(0, cut)).trim();
        if (!key) throw apiError('ValidationFailed', [{ field: `custom_field.${i}`, code: 'required', message: 'A custom field filter requires a key.' }]);
        return cut === -1 ? { key } : { key, value: pair.slice(cut + 1).trim() };
      });
      if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
        throw apiError('ValidationFailed', [{ field: 'price_min', code: 'invalid', message: 'The minimum price is above the maximum.' }]);
      }
      const { db, now } = c.get('deps');
      // Ordered quantities are private: they need a user who may act for the customer.
      const customerId = await viewingCustomerOf(c, q.customer, q.annotate_ordered_qty);
      await assertSeason(db, q.season);
      const filter: ProductListFilter = {
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
      };
      const page = { page: q.page, pageSize: q.page_size };
      if (q.season === undefined) {
        // The page, then its live stock and the viewer's prices in one statement, with the page's
        // pictures, custom fields and variants (ADR 0040).
        const viewer = { customerId, shopContext: c.get('shopContext'), now: now() };
        const list = await listProducts(db, filter, page, ordering, { alongside: (ids) => pageValues(db, ids, viewer) });
        const results = applyPageValues(list.results, list.alongside!);
        // A product unpublished between the two reads: the page is read again the longer way.
        if (results) return { results, count: list.count };
      }
      // The page and whose holds limit the viewer are independent: asked at once on the pool.
      const [list, holds] = await Promise.all([listProducts(db, filter, page, ordering), holdsFor(c, customerId, q.season)]);
      // Stock from the same live figure as products/live/ (the listing's badges read it), and the
      // viewer's prices: both from the page, asked at once; both keep the page's order.
      const [stocked, priced] = await Promise.all([
        withHeldStock(db, list.results, holds),
        withProductPrices(db, list.results, { customerId, seasonId: q.season }),
      ]);
      const results = stocked.map((p, i) => (priced[i] === list.results[i] ? p : { ...p, price: priced[i]!.price }));
      return { results, count: list.count };
    },
    {
      // A customer's own listing without a season or a price range (which would pick other
      // products for them) is the anonymous page with the customer's values (ADR 0040).
      customerOf: (c, { query: q }) => {
        const user = c.get('user');
        const plain = q.customer === undefined && q.season === undefined && !q.annotate_ordered_qty && q.price_min === undefined && q.price_max === undefined;
        return plain && user && !user.isAgent && user.customerId !== null ? user.customerId : undefined;
      },
      answer: async (c, anonymous, customerId) => {
        const { db, now } = c.get('deps');
        const results = await withPageValues(db, anonymous.results, { customerId, shopContext: c.get('shopContext'), now: now() });
        return results && { results, count: anonymous.count };
      },
    },
  ),

  getProductPrice: async (c, { params: { code }, query: q }) => {
    const { db } = c.get('deps');
    const customerId = await viewingCustomerOf(c, q.customer);
    await assertSeason(db, q.season);
    const product = await findPublishedProduct(db, { codeOrSlug: code });
    if (!product) throw apiError('ProductNotFound');
    const price = (await priceProducts(db, [product.id], { customerId, seasonId: q.season })).get(product.id)!;
    return { product: product.id, code: product.code, ...price, currency: 'EUR' as const };
  },

  listRelatedProducts: cachedForAnonymous('listRelatedProducts', async (c, { query: q }) => {
    const { db } = c.get('deps');
    const customerId = await viewingCustomerOf(c, q.customer);
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
    return q.kind ? groups[0]! : { results: groups, count: groups.length };
  }),

  listProductAssets: async (c, { params: { id } }) => {
    const results = await publishedProductAssets(c.get('deps').db, id, c.get('locale'));
    return { results, count: results.length };
  },

  getProduct: cachedForAnonymous('getProduct', async (c, { params: { slug } }) => {
    const product = await getProductBySlugOrCode(c.get('deps').db, slug, c.get('locale'));
    if (!product) throw apiError('ProductNotFound');
    return product;
  }),

  listVariants: async (c, { query: q }) => {
    const ordering = orderingOf(q.order_by, VARIANT_ORDER_FIELDS, DEFAULT_VARIANT_ORDER);
    const { db } = c.get('deps');
    const customerId = await viewingCustomerOf(c, q.customer);
    await assertSeason(db, q.season);
    if (!(await findPublishedProduct(db, { id: q.parent }))) throw apiError('ProductNotFound');
    const list = await listVariants(db, q.parent, c.get('locale'), { page: q.page, pageSize: q.page_size }, ordering);
    const results = await withVariantPrices(db, list.results, { customerId, seasonId: q.season });
    return { results, count: list.count };
  },

  getVariantPrice: async (c, { params: { id }, query: q }) => {
    const { db } = c.get('deps');
    const customerId = await viewingCustomerOf(c, q.customer);
    await assertSeason(db, q.season);
    const variant = await getVariant(db, id, c.get('locale'));
    if (!variant) throw apiError('NotFound', [], 'Variant not found');
    const price = (await priceVariants(db, [id], { customerId, seasonId: q.season })).get(id)!;
    return { variant: id, product: variant.product.id, code: variant.code, ...price, currency: 'EUR' as const };
  },

  getVariant: async (c, { params: { id }, query: q }) => {
    const { db } = c.get('deps');
    const customerId = await viewingCustomerOf(c, q.customer);
    await assertSeason(db, q.season);
    const variant = await getVariant(db, id, c.get('locale'));
    if (!variant) throw apiError('NotFound', [], 'Variant not found');
    const [priced] = await withVariantPrices(db, [variant], { customerId, seasonId: q.season });
    return priced!;
  },
});
