import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiResult } from '../api/result';
import { memoryStorage } from '../browser/storage';
import type { OrderRow } from '../contract/orders';

const call = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
const addToCart = vi.fn<(...args: unknown[]) => Promise<boolean>>();
vi.mock('../api/client', () => ({ createClient: () => ({}) }));
vi.mock('../api/call', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('./cart', () => ({ addToCart: (...args: unknown[]) => addToCart(...args) }));
const notify = vi.fn();
vi.mock('./notify', () => ({ notify: (...args: unknown[]) => notify(...args) }));

const session = await import('./session');
const { $orderHistory, $orderView, loadOrder, loadOrders, orderIdFromPath, pageCount, reorder } = await import('./account-orders');

const row = (id: number, product: number | null, slug: string | null, qty = 2): OrderRow => ({
  id, order: 1, product, variant: null, slug, code: `C${id}`, name: `Row ${id}`, qty, unit_price: 5, vat_rate: 22, total: 10,
});

beforeEach(() => {
  call.mockReset();
  addToCart.mockReset();
  const storage = memoryStorage();
  storage.setItem(session.AUTH_TOKEN_KEY, 't');
  storage.setItem(session.AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  storage.setItem(session.USER_KEY, JSON.stringify({ id: 9, first_name: 'A', last_name: 'B', email: 'a@b.c', is_agent: true, agent_profile: { id: 1 }, customer_profile: null, must_change_password: false }));
  storage.setItem(session.CUSTOMER_KEY, JSON.stringify({ id: 2, name: 'Birrificio', kind: 'b2b' }));
  session.configureSession({ storage });
  $orderHistory.set({ status: null, page: 1, pageSize: 10, count: 0, results: [], loading: false, error: null, ready: false });
});

describe('orderIdFromPath', () => {
  it('reads the id of /account/orders/<id>', () => {
    expect(orderIdFromPath('/account/orders/42')).toBe(42);
    expect(orderIdFromPath('/account/orders/42/')).toBe(42);
    expect(orderIdFromPath('/account/orders/0')).toBeNull();
    expect(orderIdFromPath('/account/orders/abc')).toBeNull();
    expect(orderIdFromPath('/account/orders')).toBeNull();
  });
});

describe('order history', () => {
  it('asks for the customer, the page and the status, newest first', async () => {
    call.mockResolvedValue(ok({ results: [{ id: 1 }], count: 23 }));
    await loadOrders({ status: 'Completed', page: 2 });
    expect(call).toHaveBeenCalledWith({}, 'listOrders', { query: { customer: 2, page: 2, page_size: 10, order_by: 'create_date-desc', status: 'Completed' } });
    expect($orderHistory.get()).toMatchObject({ status: 'Completed', page: 2, count: 23, ready: true, loading: false, error: null });
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
  });

  it('a new status starts at page 1; a failure says "Unable to load orders"', async () => {
    $orderHistory.set({ ...$orderHistory.get(), page: 3 });
    call.mockResolvedValue(fail(500, 'x'));
    await loadOrders({ status: 'Shipped' });
    expect(call).toHaveBeenCalledWith({}, 'listOrders', { query: expect.objectContaining({ page: 1, status: 'Shipped' }) });
    expect($orderHistory.get()).toMatchObject({ error: 'errors.ordersLoadFailed', results: [] });
  });
});

describe('one order', () => {
  it('reads the order and its rows', async () => {
    call.mockImplementation(async (_c, name) => (name === 'getOrder' ? ok({ id: 5, number: 'W-5' }) : ok({ results: [row(1, 10, 'a')], count: 1 })));
    await loadOrder(5);
    expect(call).toHaveBeenCalledWith({}, 'getOrder', { params: { id: 5 } });
    expect(call).toHaveBeenCalledWith({}, 'listOrderRows', { query: { order: 5, page_size: 100 } });
    expect($orderView.get()).toMatchObject({ id: 5, order: { number: 'W-5' }, rows: [{ id: 1 }], error: null, loading: false });
  });

  it('an unknown or foreign order, or no id, is "Invalid order"', async () => {
    call.mockResolvedValue(fail(404, 'Not found'));
    await loadOrder(99);
    expect($orderView.get().error).toBe('errors.invalidOrder');
    await loadOrder(null);
    expect($orderView.get()).toMatchObject({ id: null, error: 'errors.invalidOrder' });
    expect(call).toHaveBeenCalledTimes(2);
  });
});

describe('reorder', () => {
  it('adds the available rows and lists the others', async () => {
    addToCart.mockImplementation(async (product) => product !== 30);
    const summary = await reorder([row(1, 10, 'a', 3), row(2, null, null), row(3, 30, 'c'), row(4, 40, null)]);
    expect(addToCart).toHaveBeenCalledTimes(2);
    expect(addToCart).toHaveBeenCalledWith(10, 3, undefined, undefined, { quiet: true });
    expect(summary.added.map((r) => r.id)).toEqual([1]);
    expect(summary.unavailable.map((r) => r.id)).toEqual([2, 3, 4]);
  });

  it('adds the rows without a toast each and shows one summary toast (issue 14 item 8)', async () => {
    addToCart.mockReset();
    notify.mockReset();
    addToCart.mockResolvedValue(true);
    await reorder([row(1, 10, 'a'), row(2, 20, 'b'), row(3, 30, 'c'), row(4, 40, 'd'), row(5, 50, 'e')]);
    expect(addToCart).toHaveBeenCalledTimes(5);
    for (const args of addToCart.mock.calls) expect(args[4]).toEqual({ quiet: true });
    expect(notify.mock.calls).toEqual([['success', 'toasts.reorderAdded', { count: 5 }]]);
  });

  it('says in the one toast when some rows could not be added, and when none could', async () => {
    addToCart.mockReset();
    notify.mockReset();
    addToCart.mockImplementation(async (product) => product !== 30);
    await reorder([row(1, 10, 'a'), row(2, null, null), row(3, 30, 'c')]);
    expect(notify.mock.calls).toEqual([['warning', 'toasts.reorderPartlyAdded', { count: 1, missed: 2 }]]);
    notify.mockReset();
    addToCart.mockResolvedValue(false);
    await reorder([row(3, 30, 'c')]);
    expect(notify.mock.calls).toEqual([['error', 'toasts.reorderNoneAdded', { count: 1 }]]);
  });
});
