// Categories (spec section 7, categories/): the two-level menu, the tree, ancestors and detail.
// The same for every anonymous visitor: answered from the anonymous cache (ADR 0033).
import { categoryMenu } from '../../catalogue/category-menu';
import { categoryAncestors, categoryDetail, categoryTree } from '../../catalogue/category-tree';
import { cachedForAnonymous } from '../anonymous-answers';
import { apiError } from '../errors';
import { defineHandlers } from '../operation-routes';

export const categoryHandlers = defineHandlers({
  getCategoryMenu: cachedForAnonymous('getCategoryMenu', async (c, { query: q }) => {
    const results = await categoryMenu(c.get('deps').db, c.get('locale'), q.taxonomy, q.parent);
    return { results, count: results.length };
  }),

  getCategoryTree: cachedForAnonymous('getCategoryTree', async (c, { query: q }) => {
    const tree = await categoryTree(c.get('deps').db, c.get('locale'), q.taxonomy, q.root);
    if (!tree) throw apiError('NotFound');
    return { results: tree, count: tree.length };
  }),

  listCategoryAncestors: cachedForAnonymous('listCategoryAncestors', async (c, { query: q }) => {
    const ancestors = await categoryAncestors(c.get('deps').db, c.get('locale'), q.category);
    if (!ancestors) throw apiError('NotFound');
    return { results: ancestors, count: ancestors.length };
  }),

  getCategory: cachedForAnonymous('getCategory', async (c, { params: { id } }) => {
    const detail = await categoryDetail(c.get('deps').db, c.get('locale'), id);
    if (!detail) throw apiError('NotFound');
    return detail;
  }),
});
