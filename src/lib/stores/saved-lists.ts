// Saved lists (issue 16): named lists of products and quantities besides the wishlist, shared by
// the customer's users and its agent. The lists page, one list's page, "save cart as list", "add
// to list" (product page) and "save as list" (quick order) all go through these calls; what each
// did is answered as a typed outcome and the islands word it (their messages are the b2b area).
import { atom } from 'nanostores';
import { call } from '../api/call';
import type { ApiFailure } from '../api/result';
import type { BulkAddLineResult, BulkLine, SavedList, SavedListRow } from '../contract/b2b-ordering';
import { CODE_MESSAGES } from '../errors/api-messages';
import { $session, sessionClient } from './session';

export type { SavedList, SavedListRow, BulkAddLineResult };

/** A failure's message: the API's code where it says something useful, else the page's own words. */
export function listFailureKey(error: ApiFailure, fallback = 'b2b.lists.saveFailed'): string {
  if (error.code === 'SavedListNameTaken') return 'b2b.lists.nameTaken';
  if (error.code === 'NotFound') return 'b2b.lists.notFound';
  if (error.code === 'Unexpected' || error.code === 'ValidationFailed' || error.code === 'BadRequest') return fallback;
  return CODE_MESSAGES[error.code];
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; key: string };
export const listFailed = (error: ApiFailure, fallback?: string): Outcome<never> => ({ ok: false, key: listFailureKey(error, fallback) });

/** Agents name the customer they act for; a customer's user is its own. */
const customerQuery = () => {
  const id = $session.get().customer?.id;
  return id ? { customer: id } : {};
};
const seasonQuery = () => {
  const season = $session.get().season;
  return season ? { season } : {};
};

// --- the customer's lists ------------------------------------------------------------------------

export interface SavedListsState {
  lists: SavedList[];
  count: number;
  loading: boolean;
  ready: boolean;
  error: string | null;
}

export const $savedLists = atom<SavedListsState>({ lists: [], count: 0, loading: false, ready: false, error: null });

/** More lists than this are not expected; the page shows the most recently changed ones. */
export const LISTS_PAGE_SIZE = 100;

let listsCall = 0;
export async function loadSavedLists(): Promise<void> {
  const mine = ++listsCall;
  $savedLists.set({ ...$savedLists.get(), loading: true, error: null });
  const result = await call(sessionClient(), 'listSavedLists', { query: { ...customerQuery(), page: 1, page_size: LISTS_PAGE_SIZE } });
  if (mine !== listsCall) return;
  if (result.ok) $savedLists.set({ lists: result.data.results, count: result.data.count, loading: false, ready: true, error: null });
  else $savedLists.set({ ...$savedLists.get(), loading: false, ready: true, error: listFailureKey(result.error, 'b2b.lists.loadFailed') });
}

/** A list created or changed: first in the customer's lists. */
export const putSavedList = (list: SavedList) => {
  const state = $savedLists.get();
  const others = state.lists.filter((l) => l.id !== list.id);
  const known = others.length !== state.lists.length;
  $savedLists.set({ ...state, lists: [list, ...others], count: known ? state.count : state.count + 1 });
};

export async function createSavedList(name: string): Promise<Outcome<SavedList>> {
  const result = await call(sessionClient(), 'createSavedList', { body: { ...customerQuery(), name: name.trim() } });
  if (!result.ok) return listFailed(result.error);
  putSavedList(result.data);
  return { ok: true, data: result.data };
}

export async function renameSavedList(id: number, name: string): Promise<Outcome<SavedList>> {
  const result = await call(sessionClient(), 'renameSavedList', { params: { id }, body: { name: name.trim() } });
  if (!result.ok) return listFailed(result.error);
  putSavedList(result.data);
  const open = $savedList.get();
  if (open.list?.id === id) $savedList.set({ ...open, list: result.data });
  return { ok: true, data: result.data };
}

export async function deleteSavedList(id: number): Promise<Outcome<null>> {
  const result = await call(sessionClient(), 'deleteSavedList', { params: { id } });
  if (!result.ok && result.error.status !== 404) return listFailed(result.error);
  const state = $savedLists.get();
  $savedLists.set({ ...state, lists: state.lists.filter((l) => l.id !== id), count: Math.max(0, state.count - 1) });
  return { ok: true, data: null };
}

// --- one list ------------------------------------------------------------------------------------

export interface SavedListState {
  id: number | null;
  list: SavedList | null;
  rows: SavedListRow[];
  loading: boolean;
  ready: boolean;
  /** 'b2b.lists.notFound' for a list that is gone or not the customer's. */
  error: string | null;
  /** What the last "add list to cart" did, line by line (by row). */
  results: { row: SavedListRow; result: BulkAddLineResult }[] | null;
}

const NO_LIST: SavedListState = { id: null, list: null, rows: [], loading: false, ready: false, error: null, results: null };
export const $savedList = atom<SavedListState>(NO_LIST);

/** The id of /account/lists/<id>, or null when the path does not name one. */
export function listIdFromPath(pathname: string): number | null {
  const match = /\/account\/lists\/(\d{1,9})\/?$/.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export const LIST_ROWS_PAGE_SIZE = 100;

let listCall = 0;
export async function loadSavedList(id: number): Promise<void> {
  const mine = ++listCall;
  $savedList.set({ ...NO_LIST, id, loading: true });
  const [list, rows] = await Promise.all([
    call(sessionClient(), 'getSavedList', { params: { id } }),
    call(sessionClient(), 'listSavedListRows', { params: { id }, query: { page: 1, page_size: LIST_ROWS_PAGE_SIZE, ...seasonQuery() } }),
  ]);
  if (mine !== listCall) return;
  if (!list.ok || !rows.ok) {
    const error = !list.ok ? list.error : (rows as { ok: false; error: ApiFailure }).error;
    $savedList.set({ ...NO_LIST, id, ready: true, error: error.status === 404 || error.status === 403 ? 'b2b.lists.notFound' : listFailureKey(error, 'b2b.lists.loadFailed') });
    return;
  }
  $savedList.set({ id, list: list.data, rows: rows.data.results, loading: false, ready: true, error: null, results: null });
}

export async function setListRowQty(rowId: number, qty: number): Promise<Outcome<SavedListRow>> {
  const result = await call(sessionClient(), 'updateSavedListRow', { params: { id: rowId }, body: { qty } });
  if (!result.ok) return listFailed(result.error);
  const state = $savedList.get();
  $savedList.set({ ...state, rows: state.rows.map((r) => (r.id === rowId ? result.data : r)) });
  return { ok: true, data: result.data };
}

export async function removeListRow(rowId: number): Promise<Outcome<null>> {
  const result = await call(sessionClient(), 'deleteSavedListRow', { params: { id: rowId } });
  if (!result.ok && result.error.status !== 404) return listFailed(result.error);
  const state = $savedList.get();
  const rows = state.rows.filter((r) => r.id !== rowId);
  $savedList.set({ ...state, rows, list: state.list ? { ...state.list, rows_count: rows.length } : null });
  return { ok: true, data: null };
}

// --- saving into a list from elsewhere -----------------------------------------------------------

/** Where to save: a list chosen by id, or a new one by name. */
export type ListTarget = { id: number } | { name: string };

async function targetList(target: ListTarget): Promise<Outcome<SavedList>> {
  if ('id' in target) {
    const known = $savedLists.get().lists.find((l) => l.id === target.id);
    return known ? { ok: true, data: known } : { ok: true, data: { id: target.id, name: '', customer: 0, rows_count: 0, total_quantity: 0, created_at: '', updated_at: '' } };
  }
  return createSavedList(target.name);
}

/** Lines (product, variant, quantity) into a list: the product page's one line, or quick order's valid ones. */
export async function saveLinesToList(target: ListTarget, lines: BulkLine[]): Promise<Outcome<{ list: SavedList; saved: number }>> {
  if (lines.length === 0) return { ok: false, key: 'b2b.quickOrder.nothingValid' };
  const list = await targetList(target);
  if (!list.ok) return list;
  const result = await call(sessionClient(), 'addSavedListRowsBulk', { params: { id: list.data.id }, body: { lines } });
  if (!result.ok) return listFailed(result.error, 'b2b.saveList.failed');
  putSavedList(result.data.list);
  return { ok: true, data: { list: result.data.list, saved: result.data.lines.filter((l) => l.status !== 'refused').length } };
}
