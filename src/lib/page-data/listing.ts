// Page data of the product list (/p) and the list part of category pages: the first page of
// the unfiltered list (in the HTML), the filter choices, and the island's translated strings.
import type { Locale } from '../contract/common';
import { pickPaths } from '../i18n/client-messages';
import { messagesOf } from '../i18n/i18n';
import { productListQuery } from '../listing/api-query';
import { toCardProduct, type CardProduct } from '../listing/card-product';
import { toCategoryOptions, toFilterFields, type CategoryOption, type FilterField } from '../listing/filter-options';
import { LISTING_MESSAGE_KEYS, type ListingMessages } from '../listing/messages';
import { defaultListingState } from '../listing/query-state';
import { ttlMemo } from '../cache/ttl-memo';
import { callPageData } from './server-client';

export interface ListingData {
  initial: { products: CardProduct[]; count: number };
  categories: CategoryOption[];
  customFields: FilterField[];
}

/** The first page of the unfiltered list, restricted to a category (with descendants) when given. */
export async function loadFirstPage(locale: Locale, baseCategory?: string): Promise<ListingData['initial']> {
  const query = productListQuery(defaultListingState(), { baseCategory });
  const page = await callPageData(locale, 'listProducts', { query });
  return { products: page.results.map(toCardProduct), count: page.count };
}

// Every page of a build shares one fetch per locale; on-demand pages refresh it now and then.
const FIELDS_TTL_MS = 10 * 60 * 1000;
const filterFields = ttlMemo(
  (locale: Locale) => callPageData(locale, 'listProductCustomFields', { query: { type: 'p' } }).then((r) => toFilterFields(r.results)),
  { ttlMs: FIELDS_TTL_MS },
);

export const loadFilterFields = (locale: Locale): Promise<FilterField[]> => filterFields.get(locale);

export async function loadCategoryOptions(locale: Locale, root?: string): Promise<CategoryOption[]> {
  const tree = await callPageData(locale, 'getCategoryTree', { query: root ? { root } : {} });
  return toCategoryOptions(tree.results);
}

export async function loadListing(locale: Locale): Promise<ListingData> {
  const [initial, categories, customFields] = await Promise.all([loadFirstPage(locale), loadCategoryOptions(locale), loadFilterFields(locale)]);
  return { initial, categories, customFields };
}

/** The strings the listing island shows, in one locale. */
export function listingMessages(locale: Locale): ListingMessages {
  return pickPaths(messagesOf(locale), LISTING_MESSAGE_KEYS);
}
