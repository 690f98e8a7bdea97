// Bulk reads for the page build and regeneration (src/lib/contract/site-pages.ts).
import { mostImportantProductIds, productPages } from '../../catalogue/product-pages';
import { defineHandlers } from '../operation-routes';

export const siteHandlers = defineHandlers({
  listProductPages: async (c, { query: q }) => {
    const { results, next } = await productPages(c.get('deps').db, { locale: c.get('locale'), after: q.after, limit: q.ids?.length || q.limit, ids: q.ids });
    return { results, count: results.length, next: q.ids ? null : next };
  },

  listImportantProducts: async (c, { query: q }) => {
    const results = await mostImportantProductIds(c.get('deps').db, q.limit);
    return { results, count: results.length };
  },
});
