// Previously bought (issue 16, /account/purchased): every product the customer has ordered, with
// the last order's date and quantity and today's price; searched, sorted and paged by the API
// (purchased/). Typing searches after a short pause and only the latest answer is shown.
import { atom } from 'nanostores';
import { call } from '../api/call';
import type { PurchasedOrderField } from '../contract/b2b-codes';
import type { PurchasedItem } from '../contract/b2b-ordering';
import { CODE_MESSAGES } from '../errors/api-messages';
import { $session, sessionClient } from './session';

export type { PurchasedItem };

export const PURCHASED_PAGE_SIZE = 20;
export const PURCHASED_SEARCH_DEBOUNCE_MS = 300;

/** The sort choices offered, as the API's order_by values. */
export const PURCHASED_SORTS = ['last_ordered-desc', 'last_ordered-asc', 'name-asc', 'code-asc', 'times_ordered-desc'] as const satisfies readonly `${PurchasedOrderField}-${'asc' | 'desc'}`[];
export type PurchasedSort = (typeof PURCHASED_SORTS)[number];
export const isPurchasedSort = (value: string): value is PurchasedSort => (PURCHASED_SORTS as readonly string[]).includes(value);

export interface PurchasedState {
  query: string;
  /** The search the shown list answers. */
  shownQuery: string;
  sort: PurchasedSort;
  page: number;
  count: number;
  results: PurchasedItem[];
  loading: boolean;
  ready: boolean;
  error: string | null;
}

const initial = (): PurchasedState => ({ query: '', shownQuery: '', sort: 'last_ordered-desc', page: 1, count: 0, results: [], loading: false, ready: false, error: null });
export const $purchased = atom<PurchasedState>(initial());

export const resetPurchased = () => $purchased.set(initial());

let latest = 0;
export async function loadPurchased(change: { page?: number; sort?: PurchasedSort } = {}): Promise<void> {
  const state = $purchased.get();
  const sort = change.sort ?? state.sort;
  const page = change.page ?? (change.sort ? 1 : state.page);
  const query = state.query.trim();
  const mine = ++latest;
  $purchased.set({ ...state, sort, page, loading: true, error: null });
  const s = $session.get();
  const result = await call(sessionClient(), 'listPurchasedProducts', {
    query: {
      page,
      page_size: PURCHASED_PAGE_SIZE,
      order_by: sort,
      ...(query ? { search: query } : {}),
      ...(s.customer ? { customer: s.customer.id } : {}),
      ...(s.season ? { season: s.season } : {}),
    },
  });
  if (mine !== latest) return;
  const now = $purchased.get();
  if (result.ok) $purchased.set({ ...now, results: result.data.results, count: result.data.count, shownQuery: query, loading: false, ready: true });
  else {
    const key = result.error.code === 'Unexpected' || result.error.code === 'BadRequest' ? 'b2b.purchased.loadFailed' : CODE_MESSAGES[result.error.code];
    $purchased.set({ ...now, results: [], count: 0, loading: false, ready: true, error: key });
  }
}

let pending: ReturnType<typeof setTimeout> | null = null;
/** The shopper types: the list follows after a short pause, from page 1. */
export function searchPurchased(query: string): void {
  $purchased.set({ ...$purchased.get(), query });
  if (pending) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    if ($purchased.get().query.trim() !== $purchased.get().shownQuery) void loadPurchased({ page: 1 });
  }, PURCHASED_SEARCH_DEBOUNCE_MS);
}

/** The search form was submitted: at once. */
export function searchPurchasedNow(): Promise<void> {
  if (pending) clearTimeout(pending);
  pending = null;
  return loadPurchased({ page: 1 });
}
