// Page data of the product list (/p) and the list part of category pages: the first page of
// the unfiltered list (in the HTML), the filter choices, and the island's translated strings.
import type { CategoryTreeNode, CustomFieldDefinition } from '../contract/catalogue-extras';
import type { Locale, Paged } from '../contract/common';
import type { ProductSummary } from '../contract/products';
import { pickPaths } from '../i18n/client-messages';
import { messagesOf } from '../i18n/i18n';
import { productListQuery } from '../listing/api-query';
import { toCardProduct, type CardProduct } from '../listing/card-product';
import { toCategoryOptions, toFilterFields, type CategoryOption, type FilterField } from '../listing/filter-options';
import { LISTING_MESSAGE_KEYS, type ListingMessages } from '../listing/messages';
import { defaultListingState } from '../listing/query-state';
import { fetchPageData } from './server-client';

export interface ListingData {
  initial: { products: CardProduct[]; count: number };
  categories: CategoryOption[];
  customFields: FilterField[];
}

/** The first page of the unfiltered list, restricted to a category (with descendants) when given. */
export async function loadFirstPage(locale: Locale, baseCategory?: string): Promise<ListingData['initial']> {
  const query = productListQuery(defaultListingState(), { baseCategory });
  const page = await fetchPageData<Paged<ProductSummary>>(locale, 'products/p/', query);
  return { products: page.results.map(toCardProduct), count: page.count };
}

// Every page of a build shares one fetch per locale; on-demand pages refresh it now and then.
const FIELDS_TTL_MS = 10 * 60 * 1000;
const fieldsCache = new Map<Locale, { at: number; fields: Promise<FilterField[]> }>();

export function loadFilterFields(locale: Locale): Promise<FilterField[]> {
  const cached = fieldsCache.get(locale);
  if (cached && Date.now() - cached.at < FIELDS_TTL_MS) return cached.fields;
  const fields = fetchPageData<Paged<CustomFieldDefinition>>(locale, 'custom-fields/product/', { type: 'p' }).then((r) => toFilterFields(r.results));
  fields.catch(() => fieldsCache.delete(locale));
  fieldsCache.set(locale, { at: Date.now(), fields });
  return fields;
}

export async function loadCategoryOptions(locale: Locale, root?: string): Promise<CategoryOption[]> {
  const tree = await fetchPageData<Paged<CategoryTreeNode>>(locale, 'categories/tree/', root ? { root } : {});
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
