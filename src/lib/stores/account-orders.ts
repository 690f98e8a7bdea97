// Order history and one order (spec sections 2, 3 and 7, orders/): the paged history with a
// status filter, an order with its rows and documents, the documents as PDF, and "reorder",
// which puts every still-available row back in the cart and says which ones were not.
import { atom } from 'nanostores';
import { call } from '../api/call';
import type { OrderDetail, OrderDocumentType, OrderRow, OrderStatus, OrderSummary } from '../contract/orders';
import { ORDER_STATUSES } from '../contract/constants';
import { failureMessageKey } from '../errors/api-messages';
import { addToCart } from './cart';
import { saveFile } from './account-files';
import { notify } from './notify';
import { $customer, sessionClient } from './session';

export const ORDERS_PAGE_SIZE = 10;

export interface OrderHistoryState {
  status: OrderStatus | null;
  page: number;
  pageSize: number;
  count: number;
  results: OrderSummary[];
  loading: boolean;
  /** An `errors.*` key when the list could not be read. */
  error: string | null;
  ready: boolean;
}

export const $orderHistory = atom<OrderHistoryState>({
  status: null, page: 1, pageSize: ORDERS_PAGE_SIZE, count: 0, results: [], loading: false, error: null, ready: false,
});

export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

const customerQuery = () => {
  const id = $customer.get()?.id;
  return id ? { customer: id } : {};
};

let listCall = 0;
/** Reads one page of the history, newest first, optionally of one status. */
export async function loadOrders(options: { page?: number; status?: OrderStatus | null } = {}): Promise<void> {
  const state = $orderHistory.get();
  const status = options.status === undefined ? state.status : options.status;
  const page = options.page ?? (status === state.status ? state.page : 1);
  const mine = ++listCall;
  $orderHistory.set({ ...state, status, page, loading: true, error: null });
  const result = await call(sessionClient(), 'listOrders', {
    query: {
      ...customerQuery(),
      page,
      page_size: state.pageSize,
      order_by: 'create_date-desc',
      ...(status ? { status } : {}),
    },
  });
  if (mine !== listCall) return;
  const now = $orderHistory.get();
  if (result.ok) $orderHistory.set({ ...now, results: result.data.results, count: result.data.count, loading: false, ready: true });
  else $orderHistory.set({ ...now, results: [], count: 0, loading: false, ready: true, error: failureMessageKey('orders', result.error) });
}

/** The latest few orders, for the dashboard. */
export async function latestOrders(size = 3) {
  const result = await call(sessionClient(), 'listOrders', { query: { ...customerQuery(), page: 1, page_size: size, order_by: 'create_date-desc' } });
  return result.ok ? { ok: true as const, orders: result.data.results } : { ok: false as const, error: failureMessageKey('orders', result.error) };
}

/** The id of /account/orders/<id>, or null when the path does not name one. */
export function orderIdFromPath(pathname: string): number | null {
  const match = /\/account\/orders\/(\d{1,9})\/?$/.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export interface OrderViewState {
  id: number | null;
  order: OrderDetail | null;
  rows: OrderRow[];
  loading: boolean;
  /** `errors.invalidOrder` for a wrong or foreign id, another `errors.*` key otherwise. */
  error: string | null;
}

export const $orderView = atom<OrderViewState>({ id: null, order: null, rows: [], loading: false, error: null });

const ROWS_PAGE_SIZE = 100;

/** Reads an order and its rows (all of them: an order is short). */
export async function loadOrder(id: number | null): Promise<void> {
  if (id === null) {
    $orderView.set({ id, order: null, rows: [], loading: false, error: 'errors.invalidOrder' });
    return;
  }
  $orderView.set({ id, order: null, rows: [], loading: true, error: null });
  const client = sessionClient();
  const [order, rows] = await Promise.all([
    call(client, 'getOrder', { params: { id } }),
    call(client, 'listOrderRows', { query: { order: id, page_size: ROWS_PAGE_SIZE } }),
  ]);
  if ($orderView.get().id !== id) return;
  if (!order.ok) return $orderView.set({ id, order: null, rows: [], loading: false, error: failureMessageKey('order', order.error) });
  if (!rows.ok) return $orderView.set({ id, order: order.data, rows: [], loading: false, error: failureMessageKey('order', rows.error) });
  $orderView.set({ id, order: order.data, rows: rows.data.results, loading: false, error: null });
}

/** Fetches a document of the order (PDF, needs the token) and hands it to the browser, named as the API names it. */
export async function downloadOrderDocument(order: Pick<OrderDetail, 'id'>, type: OrderDocumentType): Promise<string | null> {
  const file = await call(sessionClient(), 'getOrderDocument', { query: { order_id: order.id, type } });
  if (!file.ok) return failureMessageKey('order', file.error);
  saveFile(file.data);
  return null;
}

export interface ReorderSummary {
  added: OrderRow[];
  /** Rows whose product is gone, or that the cart refused (stock, not sold any more). */
  unavailable: OrderRow[];
}

/**
 * Adds every row of the order to the cart, one after the other, without a toast per row; one
 * toast then sums it up ("5 articoli aggiunti al carrello", with how many could not be added).
 */
export async function reorder(rows: readonly OrderRow[]): Promise<ReorderSummary> {
  const summary: ReorderSummary = { added: [], unavailable: [] };
  for (const row of rows) {
    if (row.product === null || row.slug === null) {
      summary.unavailable.push(row);
      continue;
    }
    const added = await addToCart(row.product, row.qty, row.variant ?? undefined, undefined, { quiet: true });
    (added ? summary.added : summary.unavailable).push(row);
  }
  const added = summary.added.length;
  const missed = summary.unavailable.length;
  if (added === 0) notify('error', 'toasts.reorderNoneAdded', { count: missed });
  else if (missed === 0) notify('success', 'toasts.reorderAdded', { count: added });
  else notify('warning', 'toasts.reorderPartlyAdded', { count: added, missed });
  return summary;
}
