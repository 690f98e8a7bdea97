// The products/p/ query of a list state. Kept apart from the URL: the page shows its own
// category (a category page) without writing it into the address.
import type { Query } from '../api/client';
import { formatOrderBy } from '../contract/ordering';
import { formatAmount, formatCustomField, normalizeFilters, PAGE_SIZE, type ListingState } from './query-state';

export interface ListingScope {
  /** The category page's own category: always applied with its descendants. */
  baseCategory?: string | null;
}

export function productListQuery(state: ListingState, scope: ListingScope = {}): Query {
  const f = normalizeFilters(state.filters);
  const query: Query = { page: state.page, page_size: PAGE_SIZE, order_by: formatOrderBy(f.orderBy) };
  if (f.categories.length > 0) {
    query.categories = f.categories;
    query.include_cat_descendants = f.includeDescendants;
  } else if (scope.baseCategory) {
    query.categories = [scope.baseCategory];
    query.include_cat_descendants = true;
  }
  if (f.customFields.length > 0) query.custom_field = f.customFields.map(formatCustomField);
  if (f.price.min !== null || f.price.max !== null) {
    query.price_type = f.price.type;
    if (f.price.min !== null) query.price_min = formatAmount(f.price.min);
    if (f.price.max !== null) query.price_max = formatAmount(f.price.max);
  }
  if (f.search) query.search = f.search;
  return query;
}
