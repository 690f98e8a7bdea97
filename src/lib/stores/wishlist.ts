// The wishlist of the customer the shop is shown for (spec sections 3, 4, 5 and 7): it exists
// only for a signed-in customer, follows $shopFor like the cart (cleared without a customer,
// reloaded when customer or season change) and refuses a product that is already there.
import { atom, computed } from 'nanostores';
import { call } from '../api/call';
import type { ApiFailure, ApiResult } from '../api/result';
import { FIELD_CODES } from '../contract/error-codes';
import type { WishlistHeader, WishlistRow } from '../contract/wishlist';
import { addToCart } from './cart';
import { raiseFatalError } from './fatal-error';
import { notify, notifyFailure } from './notify';
import { $customer, $isAgent, $session, $shopFor, sessionClient } from './session';

export type { WishlistHeader, WishlistRow };

export interface WishlistState {
  header: WishlistHeader | null;
  rows: WishlistRow[];
  loading: boolean;
  /** True once the wishlist of the current customer has been read (or there is none to read). */
  ready: boolean;
  error: string | null;
}

const EMPTY: WishlistState = { header: null, rows: [], loading: false, ready: false, error: null };
const ROWS_PAGE_SIZE = 100;

export const $wishlist = atom<WishlistState>(EMPTY);
export const $wishlistCount = computed($wishlist, (w) => w.rows.length);

const patch = (changes: Partial<WishlistState>) => $wishlist.set({ ...$wishlist.get(), ...changes });

/** The body of get-or-create: the customer acted for, the season, and an agent's own id. */
function ownerBody() {
  const session = $session.get();
  return {
    customer: $customer.get()?.id ?? null,
    season: session.season,
    agent: $isAgent.get() && session.user ? session.user.id : null,
  };
}

const getOrCreate = (lazy: boolean) =>
  call(sessionClient(), 'getOrCreateWishlist', { body: ownerBody(), query: { lazy } });

// Answers for a customer that is no longer shown (a fast customer switch) are dropped.
let generation = 0;

async function loadRows(header: WishlistHeader, mine: number): Promise<ApiResult<WishlistRow[]>> {
  if (header.id === null) return { ok: true, data: [] };
  const result = await call(sessionClient(), 'listWishlistRows', { query: { wishlist: header.id, page_size: ROWS_PAGE_SIZE } });
  if (mine !== generation) return { ok: true, data: $wishlist.get().rows };
  return result.ok ? { ok: true, data: result.data.results } : result;
}

const WISHLIST_INIT_FAILED = 'errors.wishlistInitFailed';

/** Reads the wishlist again for the current customer (lazy: creates nothing). */
export async function reloadWishlist(): Promise<void> {
  const mine = ++generation;
  if ($shopFor.get() === null) {
    $wishlist.set({ ...EMPTY, ready: true });
    return;
  }
  patch({ loading: true, error: null });
  const header = await getOrCreate(true);
  if (mine !== generation) return;
  if (!header.ok) {
    $wishlist.set({ ...EMPTY, ready: true, error: WISHLIST_INIT_FAILED });
    // Spec section 8: "Error while initializing the wishlist" is fatal (500).
    raiseFatalError(WISHLIST_INIT_FAILED);
    return;
  }
  const rows = await loadRows(header.data, mine);
  if (mine !== generation) return;
  if (!rows.ok) {
    $wishlist.set({ header: header.data, rows: [], loading: false, ready: true, error: WISHLIST_INIT_FAILED });
    raiseFatalError(WISHLIST_INIT_FAILED);
    return;
  }
  $wishlist.set({ header: header.data, rows: rows.data, loading: false, ready: true, error: null });
}

let stop: (() => void) | null = null;
/** Starts following the session; safe to call from every island and script that needs it. */
export function initWishlist(): void {
  if (stop) return;
  let last: string | null | undefined;
  stop = $shopFor.subscribe((key) => {
    if (key === last) return;
    last = key;
    void reloadWishlist();
  });
}

/** Tests start over. */
export function resetWishlistForTests(): void {
  stop?.();
  stop = null;
  generation++;
  $wishlist.set(EMPTY);
}

export const isInWishlist = (productId: number) => $wishlist.get().rows.some((r) => r.product === productId);

const isDuplicate = (error: ApiFailure) => error.code === 'ProductAlreadyInWishlist' || error.errorList.some((e) => e.code === FIELD_CODES.alreadyInWishlist);

/** Adds a product (creating the wishlist when there is none yet); a product already there is refused with a warning. */
export async function addToWishlist(productId: number, notes?: string): Promise<boolean> {
  if (isInWishlist(productId)) {
    notify('warning', 'errors.productAlreadyInWishlist');
    return false;
  }
  if ($shopFor.get() === null) {
    notifyFailure('wishlistAdd', { status: 401, code: 'NotAuthenticated', detail: 'not authenticated', errorList: [] });
    return false;
  }
  patch({ loading: true });
  let header = $wishlist.get().header;
  if (!header || header.id === null) {
    const created = await getOrCreate(false);
    if (!created.ok) {
      patch({ loading: false });
      notifyFailure('wishlistAdd', created.error);
      return false;
    }
    header = created.data;
    patch({ header });
  }
  const wishlistId = header.id;
  if (wishlistId === null) {
    // get-or-create without lazy always answers a stored wishlist.
    patch({ loading: false });
    return false;
  }
  const result = await call(sessionClient(), 'addWishlistRow', {
    body: { wishlist: wishlistId, product: productId, ...(notes ? { notes } : {}) },
  });
  if (!result.ok) {
    patch({ loading: false });
    if (isDuplicate(result.error)) {
      notify('warning', 'errors.productAlreadyInWishlist');
      // Another tab added it: show what the server holds.
      void reloadWishlist();
    } else notifyFailure('wishlistAdd', result.error);
    return false;
  }
  const state = $wishlist.get();
  $wishlist.set({ ...state, loading: false, header: { ...header, rows_count: state.rows.length + 1 }, rows: [...state.rows, result.data] });
  notify('success', 'toasts.productAddedToWishlist');
  return true;
}

export async function removeWishlistRow(rowId: number, options: { quiet?: boolean } = {}): Promise<boolean> {
  patch({ loading: true });
  const result = await call(sessionClient(), 'deleteWishlistRow', { params: { id: rowId } });
  if (!result.ok) {
    patch({ loading: false });
    notifyFailure('wishlistRemove', result.error);
    if (result.error.status === 404) void reloadWishlist();
    return false;
  }
  const state = $wishlist.get();
  const rows = state.rows.filter((r) => r.id !== rowId);
  $wishlist.set({ ...state, loading: false, rows, header: state.header ? { ...state.header, rows_count: rows.length } : null });
  if (!options.quiet) notify('success', 'toasts.productRemovedFromWishlist');
  return true;
}

export async function updateWishlistNotes(rowId: number, notes: string): Promise<boolean> {
  patch({ loading: true });
  const result = await call(sessionClient(), 'updateWishlistRow', { params: { id: rowId }, body: { notes } });
  if (!result.ok) {
    patch({ loading: false });
    notifyFailure('wishlistUpdate', result.error);
    return false;
  }
  const state = $wishlist.get();
  $wishlist.set({ ...state, loading: false, rows: state.rows.map((r) => (r.id === rowId ? result.data : r)) });
  return true;
}

/** Puts one unit in the cart (the cart store says how that went), then takes the row out. */
export async function moveWishlistRowToCart(row: WishlistRow): Promise<boolean> {
  const detail = row.product_detail;
  const added = await addToCart(row.product, 1, null, { quantity: detail.quantity, isBackorderable: detail.is_backorderable });
  if (!added) return false;
  return removeWishlistRow(row.id, { quiet: true });
}
