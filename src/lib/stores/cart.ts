// The signed-in customer's cart (spec sections 4, 5 and 6): initialised only for a customer,
// cleared without one, reloaded when customer or season changes ($shopFor). Quantity changes
// are checked with the cart rules first (spec section 5) so the shopper hears at once what the
// stock allows; the API's answer always wins. Islands and the header only read these stores.
import { atom, computed, type ReadableAtom } from 'nanostores';
import { call } from '../api/call';
import { fail, type ApiResult } from '../api/result';
import { localStore, type KeyValueStorage } from '../browser/storage';
import { cachedItem, SETTINGS_CACHE_TTL_MS } from '../cache/timed-cache';
import type { CartHeader, CartRow, CartRowBody, CartRowChange, GetOrCreateBody } from '../contract/cart';
import type { OperationResponse } from '../contract/operation-io';
import { cartQuantityProblem, cartRowAction, MAX_CART_QTY } from '../rules/cart';
import { cartRowsHoldStock, parseStockEffect, type StockEffect } from '../rules/stock-effect';
import { raiseFatalError } from './fatal-error';
import { notify, notifyFailure } from './notify';
import { $session, $shopFor, sessionClient } from './session';

export type { CartHeader, CartRow } from '../contract/cart';

export interface CartState {
  header: CartHeader | null;
  rows: CartRow[];
  loading: boolean;
  /** True once the cart of the current customer has been read (or there is none to read). */
  ready: boolean;
  /** An `errors.*` key. */
  error: string | null;
}

/** The stock of a product not yet in the cart, as the product page knows it. */
export interface KnownStock {
  quantity: number;
  isBackorderable: boolean;
}

export interface SetQuantityInput {
  product: number;
  variant?: number | null;
  qty: number;
  stock?: KnownStock;
  /** No toast for this change: the caller reports a batch of changes in one toast (reorder). */
  quiet?: boolean;
}

/** The calls the cart makes; tests hand in fakes. */
export interface CartApi {
  getOrCreate(body: GetOrCreateBody, lazy: boolean): Promise<ApiResult<OperationResponse<'getOrCreateCart'>>>;
  rows(cart: number): Promise<ApiResult<OperationResponse<'listCartRows'>>>;
  setRow(body: CartRowBody): Promise<ApiResult<OperationResponse<'setCartRow'>>>;
  deleteRow(rowId: number): Promise<ApiResult<OperationResponse<'deleteCartRow'>>>;
  /** A public system setting's value, undefined when it cannot be read. */
  setting(key: string): Promise<string | undefined>;
}

export const CART_ROWS_PAGE_SIZE = 100;

const httpCartApi: CartApi = {
  getOrCreate: (body, lazy) => call(sessionClient(), 'getOrCreateCart', { body, query: { lazy } }),
  rows: (cart) => call(sessionClient(), 'listCartRows', { query: { cart, page_size: CART_ROWS_PAGE_SIZE } }),
  setRow: (body) => call(sessionClient(), 'setCartRow', { body }),
  deleteRow: (rowId) => call(sessionClient(), 'deleteCartRow', { params: { id: rowId } }),
  setting: async (key) => {
    const result = await call(sessionClient(), 'getSystemSetting', { params: { key } });
    return result.ok ? result.data.value : undefined;
  },
};

let api: CartApi = httpCartApi;
let settingsStorage: KeyValueStorage = localStore;

const EMPTY: CartState = { header: null, rows: [], loading: false, ready: false, error: null };

const $cartState = atom<CartState>(EMPTY);
export const $cart: ReadableAtom<CartState> = $cartState;
/** Rows in the cart (header.rows_count), 0 without a cart: the header's badge. */
export const $cartCount: ReadableAtom<number> = computed($cartState, (s) => s.header?.rows_count ?? 0);

const patch = (change: Partial<CartState>) => $cartState.set({ ...$cartState.get(), ...change });

const changeListeners = new Set<() => void>();
/**
 * Called after the rows changed or the cart was read again (not when only the header was
 * refreshed): the coupon store re-applies its coupon here (spec section 4).
 */
export function onCartChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}
const changed = () => changeListeners.forEach((listener) => listener());

/** Tests swap the calls and the settings storage, and start from an empty cart. */
export function configureCart(options: { api?: CartApi; settingsStorage?: KeyValueStorage; reset?: boolean }): void {
  if (options.api) api = options.api;
  if (options.settingsStorage) settingsStorage = options.settingsStorage;
  if (options.reset) {
    unsubscribe?.();
    unsubscribe = null;
    loadedFor = undefined;
    generation++;
    $cartState.set(EMPTY);
  }
}

/** Who the cart is for: the body of carts/get-or-create/ (spec section 6); checkout/init/ names the same. */
export function cartOwnerBody(): GetOrCreateBody | null {
  const { customer, season, user, reason } = $session.get();
  if (reason !== 'valid' || !customer) return null;
  return {
    customer: customer.id,
    ...(season ? { season } : {}),
    // An agent names itself; a B2C cart has no agent whatever is sent.
    ...(user?.is_agent && customer.kind === 'b2b' ? { agent: user.id } : {}),
  };
}

/** Each load has a number; an answer for an older load (customer changed meanwhile) is dropped. */
let generation = 0;

async function load(): Promise<void> {
  const body = cartOwnerBody();
  const mine = ++generation;
  if (!body) {
    $cartState.set({ ...EMPTY, ready: true });
    return;
  }
  patch({ loading: true, error: null });
  const header = await api.getOrCreate(body, true);
  if (mine !== generation) return;
  if (!header.ok) {
    patch({ loading: false, ready: true, error: 'errors.cartInitFailed' });
    // Spec section 8: "Error while initializing the cart" is fatal (500).
    raiseFatalError('errors.cartInitFailed');
    return;
  }
  if (header.data.id === null) {
    $cartState.set({ header: header.data, rows: [], loading: false, ready: true, error: null });
    changed();
    return;
  }
  const rows = await api.rows(header.data.id);
  if (mine !== generation) return;
  if (!rows.ok) {
    patch({ header: header.data, loading: false, ready: true, error: 'errors.cartInitFailed' });
    raiseFatalError('errors.cartInitFailed');
    return;
  }
  $cartState.set({ header: header.data, rows: rows.data.results, loading: false, ready: true, error: null });
  changed();
}

let unsubscribe: (() => void) | null = null;
let loadedFor: string | null | undefined;

/**
 * Starts the cart once per page: reads it for the signed-in customer and again whenever the
 * customer or season changes; without a customer the header and rows are cleared.
 */
export function initCart(): void {
  if (unsubscribe) return;
  unsubscribe = $shopFor.subscribe((key) => {
    if (key === loadedFor) return;
    loadedFor = key;
    if (!key) {
      generation++;
      $cartState.set({ ...EMPTY, ready: true });
      return;
    }
    void load();
  });
}

/** Reads header and rows again. */
export const reloadCart = (): Promise<void> => load();

/** Reads only the header (after a coupon change): totals change, rows do not. */
export async function refreshCartHeader(): Promise<void> {
  const body = cartOwnerBody();
  if (!body) return;
  const header = await api.getOrCreate(body, true);
  if (header.ok) patch({ header: header.data });
}

/** Puts a header the API answered (coupon removal answers one). */
export const setCartHeader = (header: CartHeader) => patch({ header });

/** CART_ROWS_AFFECT_STOCK(_TYPE), cached 12 hours in local storage (spec section 9). */
export async function stockEffect(): Promise<StockEffect> {
  const read = (key: string) => cachedItem(`SHOP_SETTING_${key}`, () => api.setting(key), { storage: settingsStorage, ttlMs: SETTINGS_CACHE_TTL_MS });
  const [affects, type] = await Promise.all([read('CART_ROWS_AFFECT_STOCK'), read('CART_ROWS_AFFECT_STOCK_TYPE')]);
  return parseStockEffect(affects, type);
}

const sameItem = (row: CartRow, product: number, variant: number | null | undefined) => row.product === product && (row.variant ?? null) === (variant ?? null);

/** The row of a product (and variant) in the cart, if any. */
export const cartRowFor = (product: number, variant?: number | null): CartRow | undefined =>
  $cartState.get().rows.find((row) => sameItem(row, product, variant));

export type QuantityDecision =
  | { action: 'add' | 'update'; row: CartRow | undefined }
  | { action: 'remove'; row: CartRow }
  /** 0 or less for an item not in the cart: it holds none already. */
  | { action: 'none' }
  | { action: 'refuse'; problem: 'negative_quantity' | 'quantity_not_available' | 'quantity_too_large' };

/**
 * Spec sections 4 and 5 before asking the API: what a new quantity does, and whether the stock
 * known here allows it (the row's stock for a product in the cart, the product's otherwise).
 */
export function decideQuantity(
  input: SetQuantityInput,
  row: CartRow | undefined,
  effect: StockEffect,
  cartContext: 'b2b' | 'b2c',
): QuantityDecision {
  const action = cartRowAction(input.qty, !!row);
  if (action === 'negative_quantity') return { action: 'refuse', problem: 'negative_quantity' };
  if (action === 'remove') return { action, row: row! };
  if (action === 'none') return { action };
  if (!Number.isInteger(input.qty)) return { action: 'refuse', problem: 'negative_quantity' };
  if (input.qty > MAX_CART_QTY) return { action: 'refuse', problem: 'quantity_too_large' };
  const stock = row ? { quantity: row.product_detail.quantity, isBackorderable: row.product_detail.is_backorderable } : input.stock;
  if (stock) {
    const problem = cartQuantityProblem({
      requested: input.qty,
      current: row?.qty ?? 0,
      stock: stock.quantity,
      heldByOthers: 0,
      rowsHoldStock: cartRowsHoldStock(effect, cartContext),
      isBackorderable: stock.isBackorderable,
    });
    if (problem) return { action: 'refuse', problem };
  }
  return { action, row };
}

const PROBLEM_KEYS = {
  negative_quantity: 'errors.negativeQuantity',
  quantity_not_available: 'errors.quantityNotAvailable',
  quantity_too_large: 'errors.limits.quantityTooLarge',
} as const;

/** Applies an answer of carts/rows/ or carts/row/{id}/ to the rows shown. */
function applyChange(change: CartRowChange, replaced: number | undefined): void {
  const rows = $cartState.get().rows.filter((r) => r.id !== replaced && r.id !== change.row?.id);
  const kept = change.row ? [...rows, change.row] : rows;
  const order = new Map($cartState.get().rows.map((r, i) => [r.id, i]));
  kept.sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity));
  patch({ header: change.cart, rows: kept });
}

async function ensureCartId(body: GetOrCreateBody): Promise<ApiResult<number>> {
  const id = $cartState.get().header?.id;
  if (id) return { ok: true, data: id };
  const created = await api.getOrCreate(body, false);
  if (!created.ok) return created;
  patch({ header: created.data });
  return created.data.id ? { ok: true, data: created.data.id } : fail(500, 'Error while initializing the cart');
}

/**
 * Sets the quantity of a product (and variant) in the cart: 0 or less removes its row, a
 * product already there has its quantity changed, otherwise a row is added (the cart is created
 * when there is none yet). Answers whether the cart changed; every outcome shows a toast.
 */
export async function setCartQuantity(input: SetQuantityInput): Promise<boolean> {
  const body = cartOwnerBody();
  if (!body) return false;
  const say: typeof notify = input.quiet ? () => undefined : notify;
  const row = cartRowFor(input.product, input.variant);
  const context = $session.get().customer?.kind ?? 'b2b';
  const decision = decideQuantity(input, row, await stockEffect(), context);
  if (decision.action === 'refuse') {
    say('error', PROBLEM_KEYS[decision.problem], { count: MAX_CART_QTY });
    return false;
  }
  if (decision.action === 'remove') return removeCartRow(decision.row.id);
  if (decision.action === 'none') return false;

  patch({ loading: true, error: null });
  const cart = await ensureCartId(body);
  if (!cart.ok) {
    patch({ loading: false, error: 'errors.cartInitFailed' });
    say('error', 'errors.cartInitFailed');
    return false;
  }
  const result = await api.setRow({ cart: cart.data, product: input.product, qty: input.qty, ...(input.variant ? { variant: input.variant } : {}) });
  patch({ loading: false });
  if (!result.ok) {
    if (!input.quiet) notifyFailure('cartRow', result.error);
    return false;
  }
  applyChange(result.data, row?.id);
  say('success', result.data.removed ? 'toasts.productRemovedFromCart' : row ? 'toasts.productQuantityUpdated' : 'toasts.productAddedToCart');
  changed();
  return true;
}

/** Adds `qty` units to what the cart already holds of the product (and variant). */
export function addToCart(product: number, qty: number, variant?: number | null, stock?: KnownStock, options: { quiet?: boolean } = {}): Promise<boolean> {
  if (!Number.isInteger(qty) || qty <= 0) {
    if (!options.quiet) notify('error', 'errors.negativeQuantity');
    return Promise.resolve(false);
  }
  const current = cartRowFor(product, variant)?.qty ?? 0;
  return setCartQuantity({ product, variant: variant ?? null, qty: current + qty, ...(stock ? { stock } : {}), ...(options.quiet ? { quiet: true } : {}) });
}

/** DELETE carts/row/{id}/. */
export async function removeCartRow(rowId: number): Promise<boolean> {
  patch({ loading: true, error: null });
  const result = await api.deleteRow(rowId);
  patch({ loading: false });
  if (!result.ok) {
    notifyFailure('cartRemove', result.error);
    return false;
  }
  applyChange({ ...result.data, row: null }, rowId);
  notify('success', 'toasts.productRemovedFromCart');
  changed();
  return true;
}
