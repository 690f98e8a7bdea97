import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $fatalError, clearFatalError } from './fatal-error';
import { fail, ok, type ApiResult } from '../api/result';
import { memoryStorage } from '../browser/storage';
import type { WishlistHeader, WishlistRow } from '../contract/wishlist';

const getJson = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
const sendJson = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
const addToCart = vi.fn<(...args: unknown[]) => Promise<boolean>>();
const notify = vi.fn();
const notifyFailure = vi.fn((_context: string, _error: unknown) => 'errors.x');

vi.mock('../api/client', () => ({ createClient: () => ({}) }));
// The reads (list calls) and the changes answer from two queues, as the store interleaves them.
vi.mock('../api/call', () => ({
  call: (client: unknown, name: string, input?: unknown) => (name === 'listWishlistRows' ? getJson(client, name, input) : sendJson(client, name, input)),
}));
vi.mock('./cart', () => ({ addToCart: (...args: unknown[]) => addToCart(...args) }));
vi.mock('./notify', () => ({ notify: (...args: unknown[]) => notify(...args), notifyFailure: (c: string, e: unknown) => notifyFailure(c, e) }));

const session = await import('./session');
const { $wishlist, $wishlistCount, addToWishlist, initWishlist, moveWishlistRowToCart, removeWishlistRow, resetWishlistForTests, updateWishlistNotes } =
  await import('./wishlist');

const header = (id: number | null, rows_count = 0): WishlistHeader => ({ id, customer: 2, agent: 10, season: null, shop_context: 'b2b', rows_count });
const row = (id: number, product: number, notes = ''): WishlistRow => ({
  id,
  wishlist: 7,
  product,
  notes,
  created_at: '2026-01-01T00:00:00Z',
  product_detail: { id: product, code: `P${product}`, slug: `p-${product}`, name: `Product ${product}`, image: null, is_backorderable: false, quantity: 5, stock_state: 'available', price: 10, unit: 'pz' },
});

function signIn(user: { id: number; is_agent: boolean }, customerId = 2) {
  const storage = memoryStorage();
  storage.setItem(session.AUTH_TOKEN_KEY, 'tok');
  storage.setItem(session.AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  const customer = { id: customerId, business_name: 'Birrificio', first_name: 'A', last_name: 'B', kind: 'b2b' as const };
  storage.setItem(session.USER_KEY, JSON.stringify({
    id: user.id, first_name: 'A', last_name: 'B', email: 'a@b.c', is_agent: user.is_agent, agent_profile: user.is_agent ? { id: 1 } : null,
    customer_profile: user.is_agent ? null : customer, must_change_password: false,
  }));
  if (user.is_agent) storage.setItem(session.CUSTOMER_KEY, JSON.stringify({ id: customerId, name: 'Birrificio', kind: 'b2b' }));
  session.configureSession({ storage });
  return storage;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  getJson.mockReset();
  sendJson.mockReset();
  addToCart.mockReset();
  notify.mockReset();
  notifyFailure.mockClear();
  resetWishlistForTests();
  session.configureSession({ storage: memoryStorage() });
});

describe('initWishlist', () => {
  it('clears the wishlist without a customer', async () => {
    initWishlist();
    await flush();
    expect(sendJson).not.toHaveBeenCalled();
    expect($wishlist.get()).toMatchObject({ header: null, rows: [], ready: true });
  });

  it('reads lazily for the customer, then the rows; an agent passes its own id', async () => {
    signIn({ id: 10, is_agent: true }, 2);
    sendJson.mockResolvedValue(ok(header(7, 1)));
    getJson.mockResolvedValue(ok({ results: [row(1, 100)], count: 1 }));
    initWishlist();
    initWishlist();
    await flush();
    await flush();
    expect(sendJson).toHaveBeenCalledTimes(1);
    expect(sendJson).toHaveBeenCalledWith({}, 'getOrCreateWishlist', { body: { customer: 2, season: null, agent: 10 }, query: { lazy: true } });
    expect(getJson).toHaveBeenCalledWith({}, 'listWishlistRows', { query: { wishlist: 7, page_size: 100 } });
    expect($wishlistCount.get()).toBe(1);
    expect($wishlist.get()).toMatchObject({ ready: true, loading: false, error: null });
  });

  it('a customer user sends no agent; no wishlist yet means no rows call', async () => {
    signIn({ id: 20, is_agent: false }, 2);
    sendJson.mockResolvedValue(ok(header(null)));
    initWishlist();
    await flush();
    expect(sendJson).toHaveBeenCalledWith({}, 'getOrCreateWishlist', { body: { customer: 2, season: null, agent: null }, query: { lazy: true } });
    expect(getJson).not.toHaveBeenCalled();
    expect($wishlist.get()).toMatchObject({ header: { id: null }, rows: [], ready: true });
  });

  it('reports a failed start and reloads when the customer changes', async () => {
    signIn({ id: 10, is_agent: true }, 2);
    sendJson.mockResolvedValueOnce(fail(500, 'boom'));
    initWishlist();
    await flush();
    // Fatal (spec section 8): the page gives way to the error page with the catalogue message.
    expect($fatalError.get()).toEqual({ status: 500, messageKey: 'errors.wishlistInitFailed' });
    expect($wishlist.get().error).toBe('errors.wishlistInitFailed');
    clearFatalError();
    sendJson.mockResolvedValueOnce(ok(header(8)));
    getJson.mockResolvedValueOnce(ok({ results: [row(3, 300)], count: 1 }));
    session.chooseCustomer({ id: 3, name: 'Other', kind: 'b2b' });
    await flush();
    await flush();
    expect(sendJson).toHaveBeenLastCalledWith({}, 'getOrCreateWishlist', { body: { customer: 3, season: null, agent: 10 }, query: { lazy: true } });
    expect($wishlist.get().rows.map((r) => r.id)).toEqual([3]);
  });
});

describe('addToWishlist', () => {
  beforeEach(() => signIn({ id: 20, is_agent: false }));

  it('warns without calling when the product is already there', async () => {
    $wishlist.set({ header: header(7, 1), rows: [row(1, 100)], loading: false, ready: true, error: null });
    expect(await addToWishlist(100)).toBe(false);
    expect(sendJson).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('warning', 'errors.productAlreadyInWishlist');
  });

  it('creates the wishlist when there is none, adds the row and says so', async () => {
    $wishlist.set({ header: header(null), rows: [], loading: false, ready: true, error: null });
    sendJson.mockResolvedValueOnce(ok(header(7))).mockResolvedValueOnce(ok(row(5, 200, 'x')));
    expect(await addToWishlist(200, 'x')).toBe(true);
    expect(sendJson).toHaveBeenNthCalledWith(1, {}, 'getOrCreateWishlist', { body: { customer: 2, season: null, agent: null }, query: { lazy: false } });
    expect(sendJson).toHaveBeenNthCalledWith(2, {}, 'addWishlistRow', { body: { wishlist: 7, product: 200, notes: 'x' } });
    expect($wishlistCount.get()).toBe(1);
    expect(notify).toHaveBeenCalledWith('success', 'toasts.productAddedToWishlist');
  });

  it('warns when the API says the product is already there', async () => {
    $wishlist.set({ header: header(7), rows: [], loading: false, ready: true, error: null });
    sendJson.mockResolvedValueOnce(fail(400, 'Product already in the wishlist', [{ field: 'product', code: 'already_in_wishlist', message: 'x' }]));
    sendJson.mockResolvedValue(ok(header(7)));
    getJson.mockResolvedValue(ok({ results: [], count: 0 }));
    expect(await addToWishlist(200)).toBe(false);
    expect(notify).toHaveBeenCalledWith('warning', 'errors.productAlreadyInWishlist');
    expect(notifyFailure).not.toHaveBeenCalled();
  });

  it('reports other failures', async () => {
    $wishlist.set({ header: header(7), rows: [], loading: false, ready: true, error: null });
    sendJson.mockResolvedValueOnce(fail(500, 'boom'));
    expect(await addToWishlist(200)).toBe(false);
    expect(notifyFailure).toHaveBeenCalledWith('wishlistAdd', expect.objectContaining({ status: 500 }));
    expect($wishlist.get().loading).toBe(false);
  });
});

describe('rows', () => {
  beforeEach(() => {
    signIn({ id: 20, is_agent: false });
    $wishlist.set({ header: header(7, 2), rows: [row(1, 100), row(2, 200)], loading: false, ready: true, error: null });
  });

  it('removes a row', async () => {
    sendJson.mockResolvedValue(ok(undefined));
    expect(await removeWishlistRow(1)).toBe(true);
    expect(sendJson).toHaveBeenCalledWith({}, 'deleteWishlistRow', { params: { id: 1 } });
    expect($wishlist.get().rows.map((r) => r.id)).toEqual([2]);
    expect(notify).toHaveBeenCalledWith('success', 'toasts.productRemovedFromWishlist');
  });

  it('reports a failed removal', async () => {
    sendJson.mockResolvedValue(fail(500, 'boom'));
    expect(await removeWishlistRow(1)).toBe(false);
    expect(notifyFailure).toHaveBeenCalledWith('wishlistRemove', expect.anything());
    expect($wishlistCount.get()).toBe(2);
  });

  it('saves notes', async () => {
    sendJson.mockResolvedValue(ok(row(2, 200, 'per ottobre')));
    expect(await updateWishlistNotes(2, 'per ottobre')).toBe(true);
    expect(sendJson).toHaveBeenCalledWith({}, 'updateWishlistRow', { params: { id: 2 }, body: { notes: 'per ottobre' } });
    expect($wishlist.get().rows[1]?.notes).toBe('per ottobre');
    sendJson.mockResolvedValue(fail(404, 'Not found'));
    expect(await updateWishlistNotes(2, 'x')).toBe(false);
    expect(notifyFailure).toHaveBeenCalledWith('wishlistUpdate', expect.anything());
  });

  it('moves a row to the cart: added then removed; kept when the cart refuses', async () => {
    addToCart.mockResolvedValueOnce(false);
    expect(await moveWishlistRowToCart(row(1, 100))).toBe(false);
    expect(sendJson).not.toHaveBeenCalled();
    addToCart.mockResolvedValueOnce(true);
    sendJson.mockResolvedValue(ok(undefined));
    expect(await moveWishlistRowToCart(row(1, 100))).toBe(true);
    expect(addToCart).toHaveBeenLastCalledWith(100, 1, null, { quantity: 5, isBackorderable: false });
    expect($wishlist.get().rows.map((r) => r.id)).toEqual([2]);
  });
});
