// Quick order (issue 16): rows of code and quantity, filled by typing (with suggestions), by a
// pasted list or a CSV file; every row checked in one call (quick-order/validate/) and the valid
// ones put in the cart in one call (carts/rows/bulk/). The rows are kept per customer in the
// tab's session storage, so "to quick order" on other pages and a reload keep them, and an
// agent's customers never share them. The island only reads $quickOrder and calls these.
import { atom } from 'nanostores';
import { call } from '../api/call';
import type { ApiFailure } from '../api/result';
import { sessionStore, type KeyValueStorage } from '../browser/storage';
import { MAX_BULK_LINES, type BulkAddReason, type BulkAddStatus, type QuickOrderLineStatus } from '../contract/b2b-codes';
import type { OrderableItem } from '../contract/b2b-ordering';
import { parseQuantity, parseQuickOrderText, type ParsedQuickOrderLine } from '../rules/quick-order';
import { cartOwnerBody, reloadCart } from './cart';
import { $customer, $session, sessionClient } from './session';

export type { OrderableItem };

/** Rows one quick order holds: what one check or bulk add takes. */
export const MAX_QUICK_ORDER_LINES = MAX_BULK_LINES;
/** Codes compare without regard to case or surrounding spaces, as the API matches them. */
const codeKey = (code: string) => code.trim().toUpperCase();

/** What the check said of a row. */
export interface RowCheck {
  status: QuickOrderLineStatus;
  /** The quantity the check read (the sum, for the first of merged rows). */
  qty: number | null;
  maxQty: number | null;
  /** With `merged`: the 1-based row this one was added to. */
  mergedInto: number | null;
  item: OrderableItem | null;
}

/** What "add all valid lines" did with a row. */
export interface RowAdded {
  status: BulkAddStatus;
  reason: BulkAddReason | null;
  added: number;
  maxQty: number | null;
}

export interface QuickOrderRow {
  /** Stable for the row's life (React key, element ids). */
  key: number;
  code: string;
  qty: string;
  /** The product chosen from the suggestions, or the one the check found. */
  item: OrderableItem | null;
  check: RowCheck | null;
  added: RowAdded | null;
}

export interface QuickOrderState {
  rows: QuickOrderRow[];
  busy: 'validating' | 'adding' | null;
  /** An `errors.*` or `b2b.*` key when the last call failed as a whole. */
  error: string | null;
}

const FIRST_ROWS = 3;
let nextKey = 1;
const emptyRow = (): QuickOrderRow => ({ key: nextKey++, code: '', qty: '', item: null, check: null, added: null });
const blankRows = (count = FIRST_ROWS) => Array.from({ length: count }, emptyRow);

export const $quickOrder = atom<QuickOrderState>({ rows: blankRows(), busy: null, error: null });

const isBlank = (row: QuickOrderRow) => row.code.trim() === '' && row.qty.trim() === '';

// --- the rows kept per customer -----------------------------------------------------------------

const DRAFT_PREFIX = 'SHOP_QUICK_ORDER:';
let draftStorage: KeyValueStorage = sessionStore;
/** Tests keep the draft in memory. */
export const configureQuickOrder = (options: { storage?: KeyValueStorage }) => void (options.storage && (draftStorage = options.storage));

const draftKey = (customer = $customer.get()?.id) => (customer ? `${DRAFT_PREFIX}${customer}` : null);

interface DraftLine {
  code: string;
  qty: string;
}

function readDraft(customer?: number): DraftLine[] {
  const key = draftKey(customer);
  if (!key) return [];
  try {
    const lines = JSON.parse(draftStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(lines)
      ? lines.filter((l): l is DraftLine => typeof l?.code === 'string' && typeof l?.qty === 'string').slice(0, MAX_QUICK_ORDER_LINES)
      : [];
  } catch {
    return [];
  }
}

function writeDraft(rows: QuickOrderRow[]): void {
  const key = draftKey();
  if (!key) return;
  const lines = rows.filter((r) => !isBlank(r)).map((r) => ({ code: r.code, qty: r.qty }));
  if (lines.length === 0) draftStorage.removeItem(key);
  else draftStorage.setItem(key, JSON.stringify(lines));
}

/**
 * Puts lines in the quick order of the current customer from another page (previously bought, a
 * saved list): added after what is there; answers how many were taken.
 */
export function appendToQuickOrderDraft(lines: { code: string; qty: number }[]): number {
  const kept = readDraft();
  const room = Math.max(0, MAX_QUICK_ORDER_LINES - kept.length);
  const taken = lines.slice(0, room).map((l) => ({ code: l.code, qty: String(l.qty) }));
  const key = draftKey();
  if (!key || taken.length === 0) return 0;
  draftStorage.setItem(key, JSON.stringify([...kept, ...taken]));
  return taken.length;
}


/** The rows of the current customer (a new customer starts from its own draft, or empty rows). */
export function loadQuickOrder(): void {
  const draft = readDraft();
  const rows = draft.map((l) => ({ ...emptyRow(), code: l.code, qty: l.qty }));
  $quickOrder.set({ rows: [...rows, ...blankRows(rows.length === 0 ? FIRST_ROWS : 1)], busy: null, error: null });
}

function setRows(rows: QuickOrderRow[], changes: Partial<QuickOrderState> = {}): void {
  $quickOrder.set({ ...$quickOrder.get(), ...changes, rows });
  writeDraft(rows);
}

// --- editing ------------------------------------------------------------------------------------

/** A row changed by hand: what was checked or added for it no longer holds. */
const edited = (row: QuickOrderRow, change: Partial<QuickOrderRow>): QuickOrderRow => ({ ...row, ...change, check: null, added: null });

export function setRowCode(key: number, code: string): void {
  setRows($quickOrder.get().rows.map((r) => (r.key === key ? edited(r, { code, item: r.item && codeKey(r.item.code) === codeKey(code) ? r.item : null }) : r)));
}

export function setRowQty(key: number, qty: string): void {
  setRows($quickOrder.get().rows.map((r) => (r.key === key ? edited(r, { qty }) : r)));
}

/** A suggestion chosen: the row takes its code (a quantity left empty becomes 1). */
export function chooseSuggestion(key: number, item: OrderableItem): void {
  setRows($quickOrder.get().rows.map((r) => (r.key === key ? edited(r, { code: item.code, item, qty: r.qty.trim() === '' ? '1' : r.qty }) : r)));
}

/** Adds an empty row after `after` (or at the end); answers its key. */
export function addRow(after?: number): number {
  const rows = $quickOrder.get().rows;
  if (rows.length >= MAX_QUICK_ORDER_LINES) return rows[rows.length - 1]!.key;
  const row = emptyRow();
  const at = after === undefined ? rows.length : rows.findIndex((r) => r.key === after) + 1;
  setRows([...rows.slice(0, at), row, ...rows.slice(at)]);
  return row.key;
}

export function removeRow(key: number): void {
  const rows = $quickOrder.get().rows.filter((r) => r.key !== key);
  setRows(rows.length > 0 ? rows : blankRows(1));
}

export function clearQuickOrder(): void {
  setRows(blankRows(), { error: null });
}

/**
 * Pasted or uploaded lines go into the empty rows first, then after the others. Answers how many
 * were taken and how many did not fit (the limit of lines).
 */
export function addParsedLines(lines: ParsedQuickOrderLine[]): { taken: number; dropped: number } {
  const filled = $quickOrder.get().rows.filter((r) => !isBlank(r));
  const room = Math.max(0, MAX_QUICK_ORDER_LINES - filled.length);
  // A quantity stays as it was written: a bad one is for the check to explain and the shopper to mend.
  const taken = lines.slice(0, room).map((l) => ({ ...emptyRow(), code: l.code, qty: l.qtyText }));
  setRows([...filled, ...taken, emptyRow()], { error: null });
  return { taken: taken.length, dropped: lines.length - taken.length };
}

/** A pasted block of text, read by the shared parser. */
export function pasteQuickOrder(text: string): { taken: number; dropped: number } {
  return addParsedLines(parseQuickOrderText(text).lines);
}

// --- suggestions --------------------------------------------------------------------------------

const forCustomer = () => {
  const s = $session.get();
  return { ...(s.customer ? { customer: s.customer.id } : {}), ...(s.season ? { season: s.season } : {}) };
};

let latestSearch = 0;
/** Products and variants for a typed code or name; an older answer than the latest is dropped (null). */
export async function suggestProducts(text: string): Promise<OrderableItem[] | null> {
  const mine = ++latestSearch;
  const q = text.trim();
  if (q.length < 2) return [];
  const result = await call(sessionClient(), 'searchQuickOrder', { query: { q, ...forCustomer() } });
  if (mine !== latestSearch) return null;
  return result.ok ? result.data.results : [];
}

// --- checking and adding ------------------------------------------------------------------------

/** The message of a call that failed as a whole. */
const failureKey = (error: ApiFailure) => (error.code === 'NetworkError' ? 'errors.network' : error.code === 'TradeCustomersOnly' ? 'errors.tradeCustomersOnly' : 'b2b.quickOrder.checkFailed');

/** The rows to send, numbered by their place in the form (1-based), empty rows left out. */
const filledRows = (rows: QuickOrderRow[]) => rows.map((row, index) => ({ row, line: index + 1 })).filter(({ row }) => row.code.trim() !== '');

/**
 * Checks every filled row at once; each row gets its result. Answers the number of valid rows,
 * or null when the call failed.
 */
export async function validateQuickOrder(): Promise<number | null> {
  const state = $quickOrder.get();
  if (state.busy) return null;
  const sent = filledRows(state.rows);
  if (sent.length === 0) return 0;
  $quickOrder.set({ ...state, busy: 'validating', error: null });
  const result = await call(sessionClient(), 'validateQuickOrder', {
    body: { ...forCustomer(), lines: sent.map(({ row, line }) => ({ line, code: row.code.trim().slice(0, 160), qty: parseQuantity(row.qty) })) },
  });
  const now = $quickOrder.get();
  if (!result.ok) {
    $quickOrder.set({ ...now, busy: null, error: failureKey(result.error) });
    return null;
  }
  const byLine = new Map(result.data.lines.map((l) => [l.line, l]));
  const keyAt = new Map(sent.map(({ row, line }) => [row.key, line]));
  const rows = now.rows.map((row) => {
    const line = keyAt.get(row.key);
    const answer = line === undefined ? undefined : byLine.get(line);
    // A row edited while the check was on its way keeps no stale answer.
    if (!answer || row.code.trim() !== answer.code.trim()) return row;
    const check: RowCheck = { status: answer.status, qty: answer.qty, maxQty: answer.max_qty, mergedInto: answer.merged_into, item: answer.item };
    return { ...row, check, added: null, item: answer.item ?? row.item };
  });
  setRows(rows, { busy: null });
  return result.data.valid_count;
}

export interface AddOutcome {
  added: number;
  refused: number;
}

/**
 * Puts every valid row in the cart in one call (checking first what is not checked yet); each row
 * gets its result. Answers the counts, or null when nothing could be sent.
 */
export async function addValidRowsToCart(): Promise<AddOutcome | null> {
  if ($quickOrder.get().busy) return null;
  const unchecked = filledRows($quickOrder.get().rows).some(({ row }) => row.check === null);
  if (unchecked && (await validateQuickOrder()) === null) return null;
  const state = $quickOrder.get();
  const valid = state.rows.filter((r) => r.check?.status === 'ok' && r.check.item && r.check.qty);
  if (valid.length === 0) return { added: 0, refused: 0 };
  $quickOrder.set({ ...state, busy: 'adding', error: null });
  const owner = cartOwnerBody();
  const cart = owner ? await call(sessionClient(), 'getOrCreateCart', { body: owner, query: { lazy: false } }) : null;
  if (!cart?.ok || cart.data.id === null) {
    $quickOrder.set({ ...$quickOrder.get(), busy: null, error: cart && !cart.ok ? failureKey(cart.error) : 'errors.cartInitFailed' });
    return null;
  }
  const result = await call(sessionClient(), 'addCartRowsBulk', {
    body: { cart: cart.data.id, lines: valid.map((r) => ({ product: r.check!.item!.product, variant: r.check!.item!.variant, qty: r.check!.qty! })) },
  });
  if (!result.ok) {
    $quickOrder.set({ ...$quickOrder.get(), busy: null, error: failureKey(result.error) });
    return null;
  }
  // Answers come by position in the request; merged rows share their first row's result.
  const byKey = new Map<number, RowAdded>();
  valid.forEach((row, index) => {
    const answer = result.data.lines.find((l) => l.line === index + 1);
    if (answer) byKey.set(row.key, { status: answer.status, reason: answer.reason, added: answer.added, maxQty: answer.max_qty });
  });
  const rows = $quickOrder.get().rows;
  const lineKeys = rows.map((r) => r.key);
  const withResults = rows.map((row) => {
    const own = byKey.get(row.key);
    if (own) return { ...row, added: own };
    const into = row.check?.status === 'merged' && row.check.mergedInto ? lineKeys[row.check.mergedInto - 1] : undefined;
    const merged = into === undefined ? undefined : byKey.get(into);
    return merged ? { ...row, added: merged } : row;
  });
  setRows(withResults, { busy: null });
  void reloadCart();
  return { added: result.data.added_count, refused: result.data.refused_count };
}

/** Rows the cart took in full: they leave the form (the others stay, with their reason). */
export function removeAddedRows(): void {
  const rows = $quickOrder.get().rows.filter((r) => r.added?.status !== 'added');
  setRows(rows.length > 0 ? rows : blankRows());
}

/** The lines of the valid rows, for "save as list". */
export const validLines = () =>
  $quickOrder
    .get()
    .rows.filter((r) => r.check?.status === 'ok' && r.check.item && r.check.qty)
    .map((r) => ({ product: r.check!.item!.product, variant: r.check!.item!.variant, qty: r.check!.qty! }));
