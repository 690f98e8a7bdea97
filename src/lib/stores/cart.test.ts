import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../api/result';
import { memoryStorage, writeJson, type KeyValueStorage } from '../browser/storage';
import type { CartHeader, CartRow, CartRowBody, CartRowChange } from '../contract/cart';
import type { CurrentUser } from '../contract/auth';
import {
  $cart, $cartCount, addToCart, configureCart, decideQuantity, initCart, onCartChanged, removeCartRow, setCartQuantity, type CartApi,
} from './cart';
import { setStoreTranslator } from './notify';
import { MAX_CART_QTY } from '../rules/cart';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, chooseCustomer, configureSession, exitCustomerView, USER_KEY } from './session';
import { $toasts } from './toasts';
import { $fatalError, clearFatalError } from './fatal-error';

const header = (id: number | null, rows: CartRow[] = []): CartHeader => ({
  id, customer: 1, agent: null, season: null, shop_context: 'b2b', rows_count: rows.length, total_quantity: rows.reduce((s, r) => s + r.qty, 0),
  subtotal: 0, promotion_discount: 0, coupon_discount: 0, discount: 0, final_price: 0, vat_included: false, tax: 0, final_price_with_vat: 0, promotion: null, coupon: null,
});

const row = (id: number, product: number, qty: number, stock = 10, isBackorderable = false): CartRow => ({
  id, cart: 7, product, variant: null, qty, price: 5, total: 5 * qty, vat_included: false, shown_price: 5, shown_total: 5 * qty,
  product_detail: {
    id: product, code: `P${product}`, slug: `p-${product}`, name: `Product ${product}`, variant_name: null, image: null,
    is_backorderable: isBackorderable, quantity: stock, stock_state: 'available', vat_rate: 22, unit: 'pz',
  },
});

const customerUser: CurrentUser = {
  id: 11, first_name: 'A', last_name: 'B', email: 'b2b@example.com', is_agent: false, agent_profile: null,
  customer_profile: { id: 1, business_name: 'Cantina', first_name: '', last_name: '', kind: 'b2b' }, must_change_password: false,
};
const agentUser: CurrentUser = { ...customerUser, id: 3, is_agent: true, agent_profile: { id: 3 }, customer_profile: null };

function signIn(storage: KeyValueStorage, user: CurrentUser) {
  storage.setItem(AUTH_TOKEN_KEY, 'tok');
  storage.setItem(AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  writeJson(storage, USER_KEY, user);
  configureSession({ storage });
}

/** A fake cart API over a list of rows, answering like carts/ does. */
function fakeApi(initial: { id: number | null; rows: CartRow[] }, settings: Record<string, string> = { CART_ROWS_AFFECT_STOCK: 'true', CART_ROWS_AFFECT_STOCK_TYPE: 'all' }) {
  const state = { id: initial.id, rows: [...initial.rows] };
  let nextRow = 100;
  const calls: string[] = [];
  const api: CartApi = {
    getOrCreate: vi.fn(async (_body, lazy) => {
      calls.push(`get-or-create lazy=${lazy}`);
      if (!lazy && state.id === null) state.id = 7;
      return ok(header(state.id, state.rows));
    }),
    rows: vi.fn(async () => {
      calls.push('rows');
      return ok({ results: state.rows, count: state.rows.length });
    }),
    setRow: vi.fn(async (body: CartRowBody) => {
      calls.push(`set ${body.product}=${body.qty}`);
      if (body.product === 999) return fail(400, 'quantity_not_available', [], 'QuantityNotAvailable');
      const existing = state.rows.find((r) => r.product === body.product);
      let changed: CartRow | null;
      if (body.qty <= 0) {
        state.rows = state.rows.filter((r) => r !== existing);
        changed = null;
      } else if (existing) {
        changed = { ...existing, qty: body.qty };
        state.rows = state.rows.map((r) => (r === existing ? changed! : r));
      } else {
        changed = row(nextRow++, body.product, body.qty);
        state.rows.push(changed);
      }
      return ok<CartRowChange>({ row: changed, removed: !changed, cart: header(state.id, state.rows) });
    }),
    deleteRow: vi.fn(async (id: number) => {
      calls.push(`delete ${id}`);
      state.rows = state.rows.filter((r) => r.id !== id);
      return ok<CartRowChange>({ row: null, removed: true, cart: header(state.id, state.rows) });
    }),
    setting: vi.fn(async (key: string) => settings[key]),
  };
  return { api, calls, state };
}

const toastTexts = () => $toasts.get().map((t) => `${t.type}:${t.text}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let storage: KeyValueStorage;
beforeEach(() => {
  storage = memoryStorage();
  configureSession({ storage });
  setStoreTranslator((key) => key);
  $toasts.set([]);
});

function start(initial: { id: number | null; rows: CartRow[] }, settings?: Record<string, string>) {
  const fake = fakeApi(initial, settings);
  configureCart({ api: fake.api, settingsStorage: memoryStorage(), reset: true });
  initCart();
  return fake;
}

describe('decideQuantity (spec sections 4 and 5)', () => {
  const effect = { affectsStock: true, type: 'all' as const };
  it('removes at 0 or less, edits a row in the cart, adds otherwise', () => {
    const r = row(1, 5, 2);
    expect(decideQuantity({ product: 5, qty: 0 }, r, effect, 'b2b')).toEqual({ action: 'remove', row: r });
    expect(decideQuantity({ product: 5, qty: -3 }, r, effect, 'b2b')).toEqual({ action: 'remove', row: r });
    expect(decideQuantity({ product: 5, qty: 4 }, r, effect, 'b2b')).toEqual({ action: 'update', row: r });
    expect(decideQuantity({ product: 6, qty: 1 }, undefined, effect, 'b2b')).toEqual({ action: 'add', row: undefined });
  });

  it('does nothing at 0 or less for a product not in the cart, and refuses a fraction', () => {
    expect(decideQuantity({ product: 6, qty: 0 }, undefined, effect, 'b2b')).toEqual({ action: 'none' });
    expect(decideQuantity({ product: 6, qty: -1 }, undefined, effect, 'b2b')).toEqual({ action: 'none' });
    expect(decideQuantity({ product: 6, qty: 1.5 }, undefined, effect, 'b2b')).toEqual({ action: 'refuse', problem: 'negative_quantity' });
  });

  it('refuses more than MAX_CART_QTY units in a row before asking the API', () => {
    const backorder = { quantity: 0, isBackorderable: true };
    expect(decideQuantity({ product: 6, qty: MAX_CART_QTY + 1, stock: backorder }, undefined, effect, 'b2b')).toEqual({ action: 'refuse', problem: 'quantity_too_large' });
    expect(decideQuantity({ product: 5, qty: MAX_CART_QTY + 1 }, row(1, 5, 2, 0, true), effect, 'b2b')).toEqual({ action: 'refuse', problem: 'quantity_too_large' });
    expect(decideQuantity({ product: 6, qty: MAX_CART_QTY, stock: backorder }, undefined, effect, 'b2b').action).toBe('add');
  });

  it('compares a new product with its stock unless backorderable', () => {
    const stock = { quantity: 3, isBackorderable: false };
    expect(decideQuantity({ product: 6, qty: 4, stock }, undefined, effect, 'b2b')).toEqual({ action: 'refuse', problem: 'quantity_not_available' });
    expect(decideQuantity({ product: 6, qty: 3, stock }, undefined, effect, 'b2b').action).toBe('add');
    expect(decideQuantity({ product: 6, qty: 400, stock: { quantity: 0, isBackorderable: true } }, undefined, effect, 'b2b').action).toBe('add');
  });

  it("compares a row with the row's stock, and always lets a quantity go down", () => {
    const r = row(1, 5, 4, 6);
    expect(decideQuantity({ product: 5, qty: 7 }, r, effect, 'b2b')).toEqual({ action: 'refuse', problem: 'quantity_not_available' });
    expect(decideQuantity({ product: 5, qty: 6 }, r, effect, 'b2b').action).toBe('update');
    expect(decideQuantity({ product: 5, qty: 7 }, r, { affectsStock: false, type: 'all' }, 'b2b')).toEqual({ action: 'refuse', problem: 'quantity_not_available' });
    expect(decideQuantity({ product: 5, qty: 2 }, row(1, 5, 4, 1), effect, 'b2b').action).toBe('update');
  });
});

describe('the cart store', () => {
  it('stays empty and ready without a signed-in customer', async () => {
    const fake = start({ id: 7, rows: [row(1, 5, 2)] });
    await settle();
    expect($cart.get()).toMatchObject({ header: null, rows: [], ready: true });
    expect(fake.calls).toEqual([]);
    expect(await addToCart(5, 1)).toBe(false);
  });

  it('reads the cart lazily for the customer, then its rows; $cartCount follows', async () => {
    signIn(storage, customerUser);
    const fake = start({ id: 7, rows: [row(1, 5, 2), row(2, 6, 1)] });
    await settle();
    expect(fake.calls).toEqual(['get-or-create lazy=true', 'rows']);
    expect(fake.api.getOrCreate).toHaveBeenCalledWith({ customer: 1 }, true);
    expect($cart.get()).toMatchObject({ ready: true, loading: false, error: null });
    expect($cart.get().rows).toHaveLength(2);
    expect($cartCount.get()).toBe(2);
  });

  it('creates nothing when the customer has no cart yet, and creates it on the first add', async () => {
    signIn(storage, customerUser);
    const fake = start({ id: null, rows: [] });
    await settle();
    expect(fake.calls).toEqual(['get-or-create lazy=true']);
    expect($cartCount.get()).toBe(0);
    expect(await addToCart(5, 2, null, { quantity: 10, isBackorderable: false })).toBe(true);
    expect(fake.calls.slice(1)).toEqual(['get-or-create lazy=false', 'set 5=2']);
    expect($cartCount.get()).toBe(1);
    expect(toastTexts()).toEqual(['success:toasts.productAddedToCart']);
  });

  it('adds to what is in the cart, and edits, with the matching toast', async () => {
    signIn(storage, customerUser);
    const fake = start({ id: 7, rows: [row(1, 5, 2)] });
    await settle();
    const listener = vi.fn();
    const stop = onCartChanged(listener);
    expect(await addToCart(5, 3)).toBe(true);
    expect(fake.calls.at(-1)).toBe('set 5=5');
    expect($cart.get().rows[0]!.qty).toBe(5);
    expect(await setCartQuantity({ product: 5, qty: 1 })).toBe(true);
    expect(toastTexts()).toEqual(['success:toasts.productQuantityUpdated', 'success:toasts.productQuantityUpdated']);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('adds quietly for a caller that sums up itself (reorder): no toast per row, success or refusal', async () => {
    signIn(storage, customerUser);
    const fake = start({ id: 7, rows: [row(1, 5, 2)] });
    await settle();
    expect(await addToCart(5, 3, null, undefined, { quiet: true })).toBe(true);
    expect(await addToCart(6, 1, null, undefined, { quiet: true })).toBe(true);
    expect(await addToCart(999, 1, null, undefined, { quiet: true })).toBe(false);
    expect(fake.calls.slice(-3)).toEqual(['set 5=5', 'set 6=1', 'set 999=1']);
    expect(toastTexts()).toEqual([]);
  });

  it('removes the row at 0 through DELETE carts/row/{id}/', async () => {
    signIn(storage, customerUser);
    const fake = start({ id: 7, rows: [row(1, 5, 2), row(2, 6, 1)] });
    await settle();
    expect(await setCartQuantity({ product: 5, qty: 0 })).toBe(true);
    expect(fake.calls.at(-1)).toBe('delete 1');
    expect($cart.get().rows.map((r) => r.id)).toEqual([2]);
    expect(await removeCartRow(2)).toBe(true);
    expect($cartCount.get()).toBe(0);
    expect(toastTexts()).toEqual(['success:toasts.productRemovedFromCart', 'success:toasts.productRemovedFromCart']);
  });

  it('refuses beyond the stock before asking the API', async () => {
    signIn(storage, customerUser);
    const fake = start({ id: 7, rows: [row(1, 5, 2, 3)] });
    await settle();
    expect(await setCartQuantity({ product: 5, qty: 4 })).toBe(false);
    expect(await addToCart(8, 2, null, { quantity: 1, isBackorderable: false })).toBe(false);
    expect(await addToCart(8, 0)).toBe(false);
    expect(fake.calls).toEqual(['get-or-create lazy=true', 'rows']);
    expect(toastTexts()).toEqual(['error:errors.quantityNotAvailable', 'error:errors.quantityNotAvailable', 'error:errors.negativeQuantity']);
  });

  it("shows the API's refusal when the pre-check passed", async () => {
    signIn(storage, customerUser);
    start({ id: 7, rows: [] });
    await settle();
    expect(await addToCart(999, 1)).toBe(false);
    expect(toastTexts()).toEqual(['error:errors.quantityNotAvailable']);
    expect($cart.get().loading).toBe(false);
  });

  it('reports a failed read with errors.cartInitFailed', async () => {
    signIn(storage, customerUser);
    const fake = fakeApi({ id: 7, rows: [] });
    fake.api.getOrCreate = async () => fail(500, 'boom');
    configureCart({ api: fake.api, settingsStorage: memoryStorage(), reset: true });
    initCart();
    await settle();
    expect($cart.get()).toMatchObject({ ready: true, error: 'errors.cartInitFailed', header: null });
    // Fatal (spec section 8): the page gives way to the error page with the catalogue message.
    expect($fatalError.get()).toEqual({ status: 500, messageKey: 'errors.cartInitFailed' });
    clearFatalError();
  });

  it('names the agent for a B2B customer, reloads on customer change and clears without one', async () => {
    signIn(storage, agentUser);
    const fake = start({ id: 7, rows: [row(1, 5, 2)] });
    await settle();
    expect(fake.calls).toEqual([]);
    chooseCustomer({ id: 4, name: 'Cliente', kind: 'b2b' });
    await settle();
    expect(fake.api.getOrCreate).toHaveBeenLastCalledWith({ customer: 4, agent: 3 }, true);
    expect($cartCount.get()).toBe(1);
    chooseCustomer({ id: 6, name: 'Consumer', kind: 'b2c' });
    await settle();
    expect(fake.api.getOrCreate).toHaveBeenLastCalledWith({ customer: 6 }, true);
    exitCustomerView();
    await settle();
    expect($cart.get()).toMatchObject({ header: null, rows: [], ready: true });
    expect($cartCount.get()).toBe(0);
  });

  it('reads the stock settings once and keeps them (12 h cache)', async () => {
    signIn(storage, customerUser);
    const fake = start({ id: 7, rows: [row(1, 5, 2)] });
    await settle();
    await addToCart(5, 1);
    await addToCart(5, 1);
    expect(fake.api.setting).toHaveBeenCalledTimes(2);
  });
});
