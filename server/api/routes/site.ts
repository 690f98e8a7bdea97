// Bulk reads for the page build and regeneration (src/lib/contract/site-pages.ts).
import { Hono } from 'hono';
import { ImportantProductsQuerySchema, ProductPagesQuerySchema, type ProductPagesAnswer } from '../../../src/lib/contract/site-pages';
import { mostImportantProductIds, productPages } from '../../catalogue/product-pages';
import type { ApiEnv } from '../context';
import { parseQuery } from '../validation';

export const siteRoutes = new Hono<ApiEnv>({ strict: false });

siteRoutes.get('/product-pages', async (c) => {
  const q = parseQuery(c, ProductPagesQuerySchema, ['ids']);
  const { results, next } = await productPages(c.get('deps').db, { locale: c.get('locale'), after: q.after, limit: q.ids?.length || q.limit, ids: q.ids });
  const body: ProductPagesAnswer = { results, count: results.length, next: q.ids ? null : next };
  return c.json(body);
});

siteRoutes.get('/important-products', async (c) => {
  const q = parseQuery(c, ImportantProductsQuerySchema);
  const results = await mostImportantProductIds(c.get('deps').db, q.limit);
  return c.json({ results, count: results.length });
});
