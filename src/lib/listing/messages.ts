// The translated strings the listing island needs, resolved on the server for one locale and
// handed over as a prop, so the island ships neither i18next nor the message catalogues.
import { euroFormat } from '../i18n/format';
import { INTL_LOCALE, type Locale } from '../i18n/locales';

/** What the shared product card (components/listing/ProductCard.tsx) reads. */
export const CARD_MESSAGE_KEYS = [
  'product.code',
  'product.price',
  'product.listPrice',
  'product.specialPrice',
  'product.priceVatExcluded',
  'product.priceVatIncluded',
  'product.stock.available',
  'product.stock.low',
  'product.stock.backorder',
  'product.stock.unavailable',
  'product.badges.bestseller',
  'product.badges.new',
  'product.badges.offer',
] as const;

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
] as const;

export type ListingMessageKey = (typeof LISTING_MESSAGE_KEYS)[number];
export type ListingMessages = Record<ListingMessageKey, string>;

type Vars = Record<string, string | number>;

/** Fills `{{name}}` placeholders (the i18next syntax of the catalogues). */
export const fillPlaceholders = (template: string, vars: Vars = {}) =>
  template.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

export interface ListingText {
  locale: Locale;
  t(key: ListingMessageKey, vars?: Vars): string;
  /** "1 prodotto", "12 prodotti": plural by the locale's rules (`_one` / `_other`). */
  count(count: number): string;
  price(value: number): string;
}

export function listingText(locale: Locale, messages: ListingMessages): ListingText {
  const rules = new Intl.PluralRules(INTL_LOCALE[locale]);
  const money = euroFormat(locale);
  const t = (key: ListingMessageKey, vars?: Vars) => fillPlaceholders(messages[key] ?? key, vars);
  return {
    locale,
    t,
    count: (count) => t(rules.select(count) === 'one' ? 'listing.count_one' : 'listing.count_other', { count }),
    price: (value) => money.format(value),
  };
}

/** The card's strings for server-rendered cards (strips, blocks), from a page's translator. */
export function cardText(locale: Locale, translate: (key: string) => string): ListingText {
  return listingText(locale, Object.fromEntries(CARD_MESSAGE_KEYS.map((key) => [key, translate(key)])) as ListingMessages);
}
