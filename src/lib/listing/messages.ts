// The translated strings the listing island and the product cards need: only these paths of the
// catalogue, resolved on the server for one locale (over Italian) and handed over as a small prop,
// read with the shop's one translate function (createT), so the island ships no catalogue.
import { AVAILABILITY_KEYS } from '../rules/stock';
import { createT, pickPaths, type MessagePath, type MessageTree, type T } from '../i18n/client-messages';
import { formatEuro } from '../i18n/format';
import type { Locale } from '../i18n/locales';

/** What the shared product card (components/listing/ProductCard.tsx) reads. */
export const CARD_MESSAGE_KEYS = [
  'product.code',
  'product.price',
  'product.listPrice',
  'product.specialPrice',
  'product.priceVatExcluded',
  'product.priceVatIncluded',
  ...AVAILABILITY_KEYS,
  'product.badges.bestseller',
  'product.badges.new',
  'product.badges.offer',
] as const satisfies readonly MessagePath[];

export const LISTING_MESSAGE_KEYS = [
  'listing.searchTitle',
  'listing.filters',
  'listing.showFilters',
  'listing.searchLabel',
  'listing.searchSubmit',
  'listing.categories',
  'listing.subcategories',
  'listing.includeDescendants',
  'listing.any',
  'listing.price',
  'listing.priceStandard',
  'listing.priceSpecial',
  'listing.priceMin',
  'listing.priceMax',
  'listing.priceApply',
  'listing.priceInvalid',
  'listing.priceFrom',
  'listing.priceTo',
  'listing.priceBetween',
  'listing.sortLabel',
  'listing.sort.relevance-desc',
  'listing.sort.name-asc',
  'listing.sort.name-desc',
  'listing.sort.title-asc',
  'listing.sort.title-desc',
  'listing.sort.standard_price-asc',
  'listing.sort.standard_price-desc',
  'listing.sort.special_price-asc',
  'listing.sort.special_price-desc',
  'listing.sort.create_date-asc',
  'listing.sort.create_date-desc',
  'listing.sort.write_date-asc',
  'listing.sort.write_date-desc',
  'listing.results',
  'listing.count_one',
  'listing.count_other',
  'listing.pageOf',
  'listing.loading',
  'listing.empty',
  'listing.emptyUnfiltered',
  'listing.activeFilters',
  'listing.removeFilter',
  'listing.clearFilters',
  'listing.searchChip',
  'listing.retry',
  'listing.pagination',
  'listing.previous',
  'listing.next',
  'listing.pageLabel',
  'errors.productsLoadFailed',
  'meta.siteName',
  ...CARD_MESSAGE_KEYS,
] as const satisfies readonly MessagePath[];

/** The listing's or the card's strings as a tree (a subset of the catalogue). */
export type ListingMessages = MessageTree;

export interface ListingText {
  locale: Locale;
  t: T;
  /** "1 prodotto", "12 prodotti": the catalogue's plural forms, by the locale's rule. */
  count(count: number): string;
  price(value: number): string;
}

export function listingText(locale: Locale, messages: ListingMessages): ListingText {
  const t = createT(messages, locale);
  return {
    locale,
    t,
    count: (count) => t('listing.count', { count }),
    price: (value) => formatEuro(value, locale),
  };
}

/** The card's strings out of a locale's whole (fallback-merged) catalogue: server-rendered cards and blocks. */
export const cardMessages = (catalogue: MessageTree): ListingMessages => pickPaths(catalogue, CARD_MESSAGE_KEYS);
