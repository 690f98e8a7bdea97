// The product list of /p and /c/:slug (spec section 3): the shown page of products, its count
// and page count, the filters, and the loading and error flags. The state mirrors the query
// string: every change is written back to the address (pushed, so the back button returns to
// the previous list) and an address read on start or on popstate is shown.
import { map } from 'nanostores';
import { call } from '../api/call';
import type { Query } from '../api/client';
import type { ApiResult } from '../api/result';
import type { Locale } from '../contract/common';
import type { OperationResponse } from '../contract/operation-io';
import { productListQuery } from '../listing/api-query';
import { sessionClient } from './session';
import { toCardProduct, type CardProduct } from '../listing/card-product';
import { clampPage, pageCountOf } from '../listing/pagination';
import {
  clearedFilters, defaultListingState, listingHref, PAGE_SIZE, parseListingQuery, sameListingState, withFilters,
  type ListingFilters, type ListingState,
} from '../listing/query-state';

export interface ProductListState {
  products: CardProduct[];
  /** From 1. */
  page: number;
  pageSize: number;
  count: number;
  pageCount: number;
  loading: boolean;
  /** The last load failed (the island shows "Unable to load products"). */
  error: boolean;
  filters: ListingFilters;
}

export type FetchProductPage = (query: Query) => Promise<ApiResult<OperationResponse<'listProducts'>>>;
export type HistoryMode = 'push' | 'replace';
export type WriteUrl = (href: string, mode: HistoryMode) => void;

export interface ProductListSetup {
  locale: Locale;
  /** "/p" or "/c/<slug>": the address the query string is written to. */
  basePath: string;
  /** A category page's own category. */
  baseCategory?: string | null;
  /** On a category page, the slugs below it (others in the address are ignored). */
  allowedCategories?: readonly string[];
  /** The prerendered first page of the unfiltered list. */
  initial: { products: CardProduct[]; count: number };
  fetchPage?: FetchProductPage;
  writeUrl?: WriteUrl;
}

/** The store's value for a list state and a page of results (also what the server renders). */
export function productListStateFrom(results: { products: CardProduct[]; count: number }, state: ListingState = defaultListingState()): ProductListState {
  return {
    products: results.products,
    page: state.page,
    pageSize: PAGE_SIZE,
    count: results.count,
    pageCount: pageCountOf(results.count, PAGE_SIZE),
    loading: false,
    error: false,
    filters: state.filters,
  };
}

export const $productList = map<ProductListState>(productListStateFrom({ products: [], count: 0 }));

interface Setup {
  basePath: string;
  baseCategory: string | null;
  allowed: ReadonlySet<string> | undefined;
  fetchPage: FetchProductPage;
  writeUrl: WriteUrl;
}
let setup: Setup | null = null;
// Only the answer to the latest request is shown: a slow earlier one must not overwrite it.
let latestRequest = 0;

/** The session's client for each call: the signed-in customer's context and token (ADR 0015). */
function apiFetch(locale: Locale): FetchProductPage {
  return (query) => call(sessionClient(locale), 'listProducts', { query });
}

/** Fills the store with the prerendered page; the island calls it once, in the browser. */
export function initProductList(options: ProductListSetup): void {
  setup = {
    basePath: options.basePath,
    baseCategory: options.baseCategory ?? null,
    allowed: options.allowedCategories ? new Set(options.allowedCategories) : undefined,
    fetchPage: options.fetchPage ?? apiFetch(options.locale),
    writeUrl: options.writeUrl ?? (() => {}),
  };
  latestRequest++;
  $productList.set(productListStateFrom(options.initial));
}

const currentState = (): ListingState => ({ filters: $productList.get().filters, page: $productList.get().page });

function requireSetup(): Setup {
  if (!setup) throw new Error('initProductList() must run before the product list changes');
  return setup;
}

/** The address of a list state, e.g. for pagination links. */
export const productListHref = (state: ListingState) => listingHref(requireSetup().basePath, state);

async function load(): Promise<void> {
  const s = requireSetup();
  const request = ++latestRequest;
  const state = currentState();
  const result = await s.fetchPage(productListQuery(state, { baseCategory: s.baseCategory }));
  if (request !== latestRequest) return;
  if (!result.ok) {
    $productList.set({ ...$productList.get(), products: [], count: 0, pageCount: 0, loading: false, error: true });
    return;
  }
  const pageCount = pageCountOf(result.data.count, PAGE_SIZE);
  if (state.page > Math.max(1, pageCount)) {
    // A page past the end (an old link, fewer products now): show the last one instead.
    const last = { ...state, page: clampPage(state.page, pageCount) };
    $productList.setKey('page', last.page);
    s.writeUrl(listingHref(s.basePath, last), 'replace');
    // An empty list has nothing more to fetch: its page 1 is empty too.
    if (pageCount > 0) return load();
  }
  $productList.set({
    ...$productList.get(),
    products: result.data.results.map(toCardProduct),
    count: result.data.count,
    pageCount,
    loading: false,
    error: false,
  });
}

async function show(next: ListingState, history: HistoryMode | null, revalidate = false): Promise<void> {
  const s = requireSetup();
  const current = $productList.get();
  if (sameListingState(next, currentState()) && !current.error) {
    // The prerendered list may be older than the catalogue: check it once, quietly.
    if (revalidate) await load();
    return;
  }
  $productList.set({ ...current, filters: next.filters, page: next.page, loading: true, error: false });
  if (history) s.writeUrl(listingHref(s.basePath, next), history);
  await load();
}

/**
 * Shows the list an address asks for (on start, and on popstate with no history entry).
 * Invalid parameters are dropped from the address, without a new history entry. With
 * `revalidate` (on start) the list is fetched even when the page already shows it.
 */
export async function showListingQuery(query: string, options: { writeBack?: boolean; revalidate?: boolean } = {}): Promise<void> {
  const s = requireSetup();
  const { state, dropped } = parseListingQuery(query, { allowedCategories: s.allowed });
  if (dropped.length > 0 && options.writeBack !== false) s.writeUrl(listingHref(s.basePath, state), 'replace');
  await show(state, null, options.revalidate === true);
}

/** Changes some filters (or the order): back to page 1, a new history entry. */
export const applyFilters = (patch: Partial<ListingFilters>) => show(withFilters(currentState(), patch), 'push');

export const clearFilters = () => show({ filters: clearedFilters($productList.get().filters), page: 1 }, 'push');

export function goToPage(page: number): Promise<void> {
  const { pageCount } = $productList.get();
  return show({ ...currentState(), page: clampPage(page, pageCount) }, 'push');
}

/** Tries the same list again after an error. */
export async function reloadProducts(): Promise<void> {
  $productList.set({ ...$productList.get(), loading: true, error: false });
  await load();
}
