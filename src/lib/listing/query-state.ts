// The state of a product list (filters, order, page) and its query string, so a filtered list
// can be shared, reloaded and walked back with the browser's history (spec sections 3 and 5).
// The parameter names are the API's (products/p/), so links such as
// `/p?custom_field=shop:bestseller` read the same on both sides.
import { formatOrderBy, parseOrderBy, type Ordering } from '../contract/ordering';
import type { ProductOrderField, ProductListQuery } from '../contract/products';

// The contract's lists, repeated so the island does not carry the API's valibot schemas into
// the browser (query-state.test.ts checks they stay equal).
export const ORDER_FIELDS = ['relevance', 'name', 'title', 'standard_price', 'special_price', 'create_date', 'write_date'] as const satisfies readonly ProductOrderField[];
export const PRICE_TYPES = ['standard', 'special'] as const satisfies readonly ProductListQuery['price_type'][];
/** Spec section 9: product list page size. */
export const PAGE_SIZE = 12;

export type PriceType = (typeof PRICE_TYPES)[number];

/** `key:value`, or a bare key for "has any value of this field". */
export interface CustomFieldFilter {
  key: string;
  value?: string;
}

export interface PriceFilter {
  type: PriceType;
  min: number | null;
  max: number | null;
}

export interface ListingFilters {
  categories: string[];
  includeDescendants: boolean;
  customFields: CustomFieldFilter[];
  price: PriceFilter;
  orderBy: Ordering<ProductOrderField>;
  search: string;
}

export interface ListingState {
  filters: ListingFilters;
  /** From 1. */
  page: number;
}

export const DEFAULT_ORDER: Ordering<ProductOrderField> = { field: 'name', direction: 'asc' };
/** A search is listed most relevant first unless another order is chosen (the API's default too). */
export const SEARCH_ORDER: Ordering<ProductOrderField> = { field: 'relevance', direction: 'desc' };
export const defaultOrderFor = (search: string): Ordering<ProductOrderField> => ({ ...(search.trim() ? SEARCH_ORDER : DEFAULT_ORDER) });
export const MAX_PAGE = 10_000;
export const MAX_SEARCH_LENGTH = 200;
const MAX_CATEGORIES = 20;
const MAX_CUSTOM_FIELDS = 10;
const SLUG = /^[a-z0-9-]{1,120}$/;
const FIELD_PART = /^[\w-]{1,60}$/;
const AMOUNT = /^\d{1,9}([.,]\d{1,2})?$/;

export const defaultFilters = (): ListingFilters => ({
  categories: [],
  // Products sit in the leaves of the tree: a category means "with everything below it".
  includeDescendants: true,
  customFields: [],
  price: { type: 'standard', min: null, max: null },
  orderBy: { ...DEFAULT_ORDER },
  search: '',
});

export const defaultListingState = (): ListingState => ({ filters: defaultFilters(), page: 1 });

/** "12,5" or "12.50" → 12.5; anything else (negative, three decimals, text) → null. */
export function parseAmount(raw: string): number | null {
  const s = raw.trim();
  if (!AMOUNT.test(s)) return null;
  return Number(s.replace(',', '.'));
}

/** Whole page number within [1, MAX_PAGE]; null when not a number at all. */
export function parsePage(raw: string): number | null {
  if (!/^\s*\d{1,12}\s*$/.test(raw)) return null;
  return Math.min(Math.max(Number(raw), 1), MAX_PAGE);
}

export function parseCustomField(raw: string): CustomFieldFilter | null {
  const cut = raw.indexOf(':');
  const key = (cut === -1 ? raw : raw.slice(0, cut)).trim();
  const value = cut === -1 ? undefined : raw.slice(cut + 1).trim();
  // The spec: a custom field filter requires a key.
  if (!FIELD_PART.test(key)) return null;
  if (value === undefined || value === '') return { key };
  return FIELD_PART.test(value) ? { key, value } : null;
}

export const formatCustomField = (f: CustomFieldFilter) => (f.value === undefined ? f.key : `${f.key}:${f.value}`);

/**
 * One spelling for equal filters: sorted, de-duplicated lists, trimmed search, min below max,
 * and a price type only where a bound gives it a meaning.
 */
export function normalizeFilters(f: ListingFilters): ListingFilters {
  const categories = [...new Set(f.categories.filter((s) => SLUG.test(s)))].sort().slice(0, MAX_CATEGORIES);
  const fields = new Map<string, CustomFieldFilter>();
  for (const cf of f.customFields) {
    const clean = parseCustomField(formatCustomField(cf));
    if (clean) fields.set(formatCustomField(clean), clean);
  }
  const customFields = [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, cf]) => cf)
    .slice(0, MAX_CUSTOM_FIELDS);
  const bound = (n: number | null) => (n !== null && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null);
  let min = bound(f.price.min);
  let max = bound(f.price.max);
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const type: PriceType = min === null && max === null ? 'standard' : f.price.type;
  const search = f.search.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH);
  // Relevance means something only for a search, and only one way round.
  const orderBy = f.orderBy.field === 'relevance' ? defaultOrderFor(search) : { ...f.orderBy };
  return { categories, includeDescendants: f.includeDescendants, customFields, price: { type, min, max }, orderBy, search };
}

export interface ParsedListing {
  state: ListingState;
  /** Parameters that were present but invalid (left out of the state). */
  dropped: string[];
}

export interface ParseOptions {
  /** On a category page only the categories below it can be chosen. */
  allowedCategories?: ReadonlySet<string>;
}

/** Reads a query string; invalid parts are dropped (and named), never thrown. */
export function parseListingQuery(query: string | URLSearchParams, options: ParseOptions = {}): ParsedListing {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const dropped = new Set<string>();
  const filters = defaultFilters();

  const categories = params.getAll('categories').flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const slug of categories) {
    if (SLUG.test(slug) && (!options.allowedCategories || options.allowedCategories.has(slug))) filters.categories.push(slug);
    else dropped.add('categories');
  }
  const descendants = params.get('include_cat_descendants');
  if (descendants !== null) {
    if (['true', '1'].includes(descendants)) filters.includeDescendants = true;
    else if (['false', '0'].includes(descendants)) filters.includeDescendants = false;
    else dropped.add('include_cat_descendants');
  }
  for (const raw of params.getAll('custom_field')) {
    const cf = parseCustomField(raw);
    if (cf) filters.customFields.push(cf);
    else dropped.add('custom_field');
  }
  const priceType = params.get('price_type');
  if (priceType !== null) {
    if ((PRICE_TYPES as readonly string[]).includes(priceType)) filters.price.type = priceType as PriceType;
    else dropped.add('price_type');
  }
  for (const bound of ['min', 'max'] as const) {
    const raw = params.get(`price_${bound}`);
    if (raw === null || raw.trim() === '') continue;
    const amount = parseAmount(raw);
    if (amount === null) dropped.add(`price_${bound}`);
    else filters.price[bound] = amount;
  }
  const orderBy = params.get('order_by');
  if (orderBy) {
    const parsed = parseOrderBy(orderBy, ORDER_FIELDS);
    if (parsed.ok) filters.orderBy = parsed.value;
    else dropped.add('order_by');
  }
  filters.search = params.get('search') ?? '';
  if (!orderBy || dropped.has('order_by')) filters.orderBy = defaultOrderFor(filters.search);

  let page = 1;
  const rawPage = params.get('page');
  if (rawPage !== null) {
    const parsed = parsePage(rawPage);
    if (parsed === null || String(parsed) !== rawPage.trim()) dropped.add('page');
    page = parsed ?? 1;
  }
  return { state: { filters: normalizeFilters(filters), page }, dropped: [...dropped] };
}

const isDefaultOrder = (o: Ordering<ProductOrderField>, search: string) => formatOrderBy(o) === formatOrderBy(defaultOrderFor(search));

/** The canonical query of a state: defaults left out, always in the same order. */
export function listingSearchParams(state: ListingState): URLSearchParams {
  const f = normalizeFilters(state.filters);
  const params = new URLSearchParams();
  if (f.search) params.set('search', f.search);
  f.categories.forEach((slug) => params.append('categories', slug));
  if (!f.includeDescendants) params.set('include_cat_descendants', 'false');
  f.customFields.forEach((cf) => params.append('custom_field', formatCustomField(cf)));
  if (f.price.min !== null || f.price.max !== null) {
    if (f.price.type !== 'standard') params.set('price_type', f.price.type);
    if (f.price.min !== null) params.set('price_min', formatAmount(f.price.min));
    if (f.price.max !== null) params.set('price_max', formatAmount(f.price.max));
  }
  if (!isDefaultOrder(f.orderBy, f.search)) params.set('order_by', formatOrderBy(f.orderBy));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** "/p?search=lievito&page=2"; "/p" for the plain first page. The `:` of `key:value` stays readable. */
export function listingHref(basePath: string, state: ListingState): string {
  const query = listingSearchParams(state).toString().replace(/%3A/gi, ':');
  return query ? `${basePath}?${query}` : basePath;
}

export const sameListingState = (a: ListingState, b: ListingState) =>
  a.page === b.page && listingSearchParams(a).toString() === listingSearchParams(b).toString();

/** Amounts as the API takes them ("12.50"). */
export const formatAmount = (n: number) => n.toFixed(2);

/** Changing any filter starts again from the first page (spec section 4). */
export function withFilters(state: ListingState, patch: Partial<ListingFilters>): ListingState {
  const next = { ...state.filters, ...patch };
  // A new search keeps a chosen order, and otherwise takes the default one for it.
  if (patch.search !== undefined && !patch.orderBy && isDefaultOrder(state.filters.orderBy, state.filters.search)) next.orderBy = defaultOrderFor(patch.search);
  return { filters: normalizeFilters(next), page: 1 };
}

/** Whether anything narrows the list (the order does not). */
export function hasActiveFilters(f: ListingFilters): boolean {
  return f.categories.length > 0 || f.customFields.length > 0 || f.price.min !== null || f.price.max !== null || f.search !== '';
}

/** Every filter off; the chosen order stays. */
export const clearedFilters = (f: ListingFilters): ListingFilters => normalizeFilters({ ...defaultFilters(), orderBy: { ...f.orderBy } });
