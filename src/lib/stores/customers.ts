// The agent's customer list on /customers (spec sections 3 and 6): search text, page, count,
// page count, loading and error flags. Typing searches after a short pause; only the answer to
// the latest request is shown, so a slow earlier search never overwrites a newer one.
import { map } from 'nanostores';
import { call } from '../api/call';
import type { ApiResult } from '../api/result';
import type { Paged } from '../contract/common';
import type { OperationQuery } from '../contract/operation-io';
import type { CustomerSummary } from '../contract/users';
import { clampPage, pageCountOf } from '../listing/pagination';
import { sessionClient } from './session';

export const CUSTOMERS_PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 300;

/** A customer as listed; the city is shown when the API gives one. */
export type CustomerRow = CustomerSummary & { city?: string | null };

export interface CustomerListState {
  customers: CustomerRow[];
  /** The search text as typed. */
  query: string;
  /** The search text the shown list answers. */
  shownQuery: string;
  /** From 1. */
  page: number;
  pageSize: number;
  count: number;
  pageCount: number;
  loading: boolean;
  /** The last load failed ("Unable to load customers"). */
  error: boolean;
  /** Nothing has been loaded yet. */
  initial: boolean;
}

export type CustomersQuery = OperationQuery<'listAgentCustomers'>;
export type FetchCustomers = (query: CustomersQuery) => Promise<ApiResult<Paged<CustomerRow>>>;

const initialState = (): CustomerListState => ({
  customers: [],
  query: '',
  shownQuery: '',
  page: 1,
  pageSize: CUSTOMERS_PAGE_SIZE,
  count: 0,
  pageCount: 0,
  loading: false,
  error: false,
  initial: true,
});

export const $customerList = map<CustomerListState>(initialState());

let fetchCustomers: FetchCustomers = (query) => call(sessionClient(), 'listAgentCustomers', { query });
let timers: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void } = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
let latestRequest = 0;
let pendingSearch: unknown = null;

/** Tests swap the API and the timers. */
export function configureCustomers(options: { fetch?: FetchCustomers; timers?: typeof timers }): void {
  if (options.fetch) fetchCustomers = options.fetch;
  if (options.timers) timers = options.timers;
}

export function resetCustomers(): void {
  if (pendingSearch !== null) timers.clear(pendingSearch);
  pendingSearch = null;
  latestRequest++;
  $customerList.set(initialState());
}

/** The API query for a search and page (an empty search is left out). */
export function customersQuery(query: string, page: number): CustomersQuery {
  const search = query.trim();
  return { page, page_size: CUSTOMERS_PAGE_SIZE, ...(search ? { search } : {}) };
}

async function load(query: string, page: number): Promise<void> {
  const request = ++latestRequest;
  $customerList.set({ ...$customerList.get(), loading: true, error: false });
  const result = await fetchCustomers(customersQuery(query, page));
  if (request !== latestRequest) return;
  if (!result.ok) {
    $customerList.set({ ...$customerList.get(), customers: [], count: 0, pageCount: 0, loading: false, error: true, initial: false });
    return;
  }
  const pageCount = pageCountOf(result.data.count, CUSTOMERS_PAGE_SIZE);
  if (page > Math.max(1, pageCount) && pageCount > 0) return load(query, clampPage(page, pageCount));
  $customerList.set({
    ...$customerList.get(),
    customers: result.data.results,
    shownQuery: query.trim(),
    page,
    count: result.data.count,
    pageCount,
    loading: false,
    error: false,
    initial: false,
  });
}

/** The first page, with the current search (also "try again" after an error). */
export const loadCustomers = () => load($customerList.get().query, $customerList.get().page);

/** The agent types: the list follows after a short pause, from page 1. */
export function searchCustomers(query: string): void {
  $customerList.setKey('query', query);
  if (pendingSearch !== null) timers.clear(pendingSearch);
  pendingSearch = timers.set(() => {
    pendingSearch = null;
    if (query.trim() === $customerList.get().shownQuery && !$customerList.get().error && $customerList.get().page === 1) return;
    void load(query, 1);
  }, SEARCH_DEBOUNCE_MS);
}

/** Searches at once (the search form was submitted). */
export function searchCustomersNow(): Promise<void> {
  if (pendingSearch !== null) timers.clear(pendingSearch);
  pendingSearch = null;
  return load($customerList.get().query, 1);
}

export function goToCustomerPage(page: number): Promise<void> {
  const { pageCount, shownQuery } = $customerList.get();
  return load(shownQuery, clampPage(page, pageCount));
}
