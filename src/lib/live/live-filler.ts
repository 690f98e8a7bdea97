// Fills the stock badges of static HTML (product page badge, product strips, content blocks)
// from the live store, with a few lines of plain script: no React for cards that are static.
// Badges inside a React island are the island's (it reads the store through useStore).
import type { StockState } from '../contract/products';
import { $liveProducts, $liveStatus, requestLiveProducts } from './live-products';
import { EMPTY_BADGE_TEXT, isStockState, stockBadgeClass, STOCK_STATES, type StockBadgeView } from './stock-badge';

export type StockTexts = Record<StockState, string>;

/** The translated state texts the page carries once (`<script type="application/json" data-live-stock-text>`). */
export function readStockTexts(root: ParentNode): StockTexts | null {
  try {
    const raw = JSON.parse(root.querySelector('[data-live-stock-text]')?.textContent ?? 'null') as Record<string, unknown> | null;
    if (!raw || !STOCK_STATES.every((s) => typeof raw[s] === 'string')) return null;
    return raw as StockTexts;
  } catch {
    return null;
  }
}

/** Static badges only: those inside an island belong to React. */
export const staticBadges = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>('[data-live-stock]')].filter((el) => !el.closest('astro-island'));

/**
 * Whether the badge filler asks for this product (a static badge of it, and the badge texts, are
 * on the page): then it comes in the page's one live call, and nobody else needs to ask.
 */
export function badgeFillerAsksFor(id: number, root: ParentNode = document): boolean {
  return readStockTexts(root) !== null && staticBadges(root).some((el) => Number(el.dataset.liveStock) === id);
}

/** Shows one badge: a state, or neutral (pending while asked, empty when it cannot be known). */
export function renderBadge(el: HTMLElement, view: StockBadgeView, texts: StockTexts): void {
  const state = isStockState(view) ? view : null;
  el.className = stockBadgeClass(view);
  el.textContent = state ? texts[state] : EMPTY_BADGE_TEXT;
  if (state) el.dataset.stockState = state;
  else delete el.dataset.stockState;
  if (view === 'pending') el.setAttribute('aria-busy', 'true');
  else el.removeAttribute('aria-busy');
}

export function badgeView(id: number): StockBadgeView {
  const state = $liveProducts.get()[id]?.stock_state;
  if (state) return state;
  const status = $liveStatus.get()[id];
  return status === 'failed' || status === 'missing' ? 'none' : 'pending';
}

/** Asks for every static badge's product in one go and keeps the badges filled. */
export function startLiveFiller(root: ParentNode = document): () => void {
  const badges = staticBadges(root);
  const texts = readStockTexts(root);
  if (badges.length === 0 || !texts) return () => {};
  const idOf = (el: HTMLElement) => Number(el.dataset.liveStock);
  const render = () => {
    for (const el of badges) {
      const id = idOf(el);
      if (Number.isInteger(id) && id > 0) renderBadge(el, badgeView(id), texts);
    }
  };
  const stops = [$liveProducts.listen(render), $liveStatus.listen(render)];
  requestLiveProducts(badges.map(idOf));
  render();
  return () => stops.forEach((stop) => stop());
}
