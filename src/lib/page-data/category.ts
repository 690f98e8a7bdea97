// Page data of a category page: the category (breadcrumb, description, colour, children), the
// first page of its products with descendants, and the subcategories to filter by.
import type { CategoryDetail } from '../contract/catalogue-extras';
import type { Locale } from '../contract/common';
import { flattenCategories, toCategoryOptions } from '../listing/filter-options';
import { loadCategoryOptions, loadFilterFields, loadFirstPage, type ListingData } from './listing';
import { pagesPerLocale } from './build-memo';
import { callOptional, callPageData } from './server-client';

export interface CategoryPageData {
  category: CategoryDetail;
  listing: ListingData;
}

export async function loadCategory(locale: Locale, slug: string): Promise<CategoryPageData | null> {
  const category = await callOptional(locale, 'getCategory', { params: { id: slug } });
  // The API also answers to ids: a category has one address, its slug.
  if (!category || category.slug !== slug) return null;
  const [initial, subtree, customFields] = await Promise.all([
    loadFirstPage(locale, category.slug),
    loadCategoryOptions(locale, category.slug),
    loadFilterFields(locale),
  ]);
  return { category, listing: { initial, categories: subtree[0]?.children ?? [], customFields } };
}

/** Every category slug, at every level (for the build's static paths). */
export async function allCategorySlugs(locale: Locale): Promise<string[]> {
  const tree = await callPageData(locale, 'getCategoryTree');
  return flattenCategories(toCategoryOptions(tree.results)).map((c) => c.slug);
}

/** Every category page of every locale with its data, read once per build (page and payload share it). */
export const categoryPagePaths = () => pagesPerLocale('category-pages', () => allCategorySlugs('it'), loadCategory);
