// @unocss-include (the class names below are read by UnoCSS from this .ts file too)
// How a stock badge looks, in one place for the static badge (StockBadge.astro), the product
// card (static and in the listing island) and the plain script that fills static badges.
import type { StockState } from '../contract/products';
import { availabilityKey } from '../rules/stock';

export const STOCK_STATES: readonly StockState[] = ['available', 'low', 'backorder', 'unavailable'];

/** A badge shows a state, waits for one ("pending", a neutral placeholder) or shows none. */
export type StockBadgeView = StockState | 'pending' | 'none';

// Dark text on light tints keeps contrast above 4.5:1 for every state.
const STOCK_STYLE: Record<StockState, string> = {
  available: 'bg-success-soft text-success-strong',
  low: 'bg-warning-soft text-warning-strong',
  backorder: 'bg-surface text-secondary',
  unavailable: 'bg-error-soft text-error',
};

/** The same box whatever it shows (a minimum width), so filling it in moves nothing. */
const BASE = 'inline-block min-w-24 px-2 py-0.5 text-xs font-semibold';

export const isStockState = (value: unknown): value is StockState => STOCK_STATES.includes(value as StockState);

export function stockBadgeClass(view: StockBadgeView): string {
  if (isStockState(view)) return `${BASE} ${STOCK_STYLE[view]}`;
  return view === 'pending' ? `${BASE} bg-surface` : BASE;
}

/** The badge's message key for a state: the one availability text (src/lib/rules/stock.ts). */
export const stockMessageKey = availabilityKey;

/** What an empty badge holds: keeps the line's height without saying anything. */
export const EMPTY_BADGE_TEXT = '\u00a0';

/**
 * The state texts in one language, as JSON for `<script type="application/json"
 * data-live-stock-text>`: the filler script reads them to fill static badges.
 */
export const stockTextsJson = (translate: (key: ReturnType<typeof stockMessageKey>) => string) =>
  JSON.stringify(Object.fromEntries(STOCK_STATES.map((s) => [s, translate(stockMessageKey(s))]))).replace(/</g, '\\u003c');
