import { Hono } from 'hono';
import * as v from 'valibot';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { PRODUCT_ORDER_FIELDS, ProductListQuerySchema } from '../../../src/lib/contract/products';
import { DEFAULT_PRODUCT_ORDER, listProducts } from '../../catalogue/product-list';
import { getProductBySlug } from '../../catalogue/product-detail';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { parseOrThrow, parseQuery } from '../validation';

export const productRoutes = new Hono<ApiEnv>({ strict: false });

productRoutes.get('/p', async (c) => {
  const q = parseQuery(c, ProductListQuerySchema, ['categories', 'custom_field', 'promotions']);
  let ordering = DEFAULT_PRODUCT_ORDER;
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, PRODUCT_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
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
      promotionIds: q.promotions,
    },
    { page: q.page, pageSize: q.page_size },
    ordering,
  );
  return c.json(list);
});

const SlugSchema = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,160}$/, 'Invalid product slug.'));

productRoutes.get('/p/:slug', async (c) => {
  const slug = parseOrThrow(SlugSchema, c.req.param('slug'));
  const product = await getProductBySlug(c.get('deps').db, slug, c.get('locale'));
  if (!product) throw apiError('ProductNotFound');
  return c.json(product);
});
