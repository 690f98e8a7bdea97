// The header's live parts, in plain TypeScript so pages without islands ship no React: the
// account area, the agent's customer, cart and wishlist counts, the season choice and the mobile
// menu. Everything reads the nanostores stores; the static markup (Header.astro) is the same
// for every visitor and only has hidden parts shown or filled in here.
import type { ReadableAtom } from 'nanostores';
import { createT, type MessageTree, type T } from '../i18n/client-messages';
import { $seasons, $seasonsEnabled, loadSeasons, seasonLabel } from '../stores/seasons';
import { $session, $shopFor, chooseSeason, exitCustomerView, pageLocale } from '../stores/session';
import { signOutAndLeave } from '../stores/sign-out';
import { accountView, badgeText, CUSTOMERS_PATH, customersHref, loginHref } from './account-view';
import { refreshMenu } from './menu-cache';
import { markSession } from './session-hint';
import { startMobileMenu } from './mobile-menu';

function readMessages(root: HTMLElement): MessageTree {
  try {
    return JSON.parse(root.querySelector('#header-messages')?.textContent ?? '{}') as MessageTree;
  } catch {
    return {};
  }
}

const show = (el: Element | null, visible: boolean) => el?.toggleAttribute('hidden', !visible);

function renderCount(root: HTMLElement, which: 'cart' | 'wishlist', count: number, t: T): void {
  const badge = root.querySelector(`[data-shop-count="${which}"]`);
  const label = root.querySelector(`[data-shop-count-label="${which}"]`);
  const text = badgeText(count);
  if (badge) {
    badge.textContent = text;
    // Invisible at zero: the badge is drawn over the button's corner and takes no room.
    badge.classList.toggle('invisible', text === '');
  }
  if (label) label.textContent = count > 0 ? t(which === 'cart' ? 'frame.cartCount' : 'agent.wishlistCount', { count }) : '';
}

/**
 * Says the cart's new count in the header's polite live region when it changes after the cart
 * was first loaded (adding, removing, reordering), so a screen reader hears what "add to cart"
 * did; the first load, or another customer's cart, says nothing.
 */
function announceCartCount(root: HTMLElement, cart: ReadableAtom<{ ready: boolean; loading: boolean; header: { rows_count: number } | null }>, t: T): void {
  const region = root.querySelector('[data-cart-announce]');
  if (!region) return;
  let known: { key: string | null; count: number } | null = null;
  cart.subscribe((state) => {
    if (!state.ready || state.loading) return;
    const key = $shopFor.get();
    const count = key ? (state.header?.rows_count ?? 0) : 0;
    if (known && known.key === key && known.count !== count) region.textContent = t('frame.cartCount', { count });
    known = { key, count };
  });
}

function renderAccount(root: HTMLElement, t: T): void {
  const view = accountView($session.get());
  markSession(document.documentElement, view.signedIn, view.tradeTools);
  const signIn = root.querySelector<HTMLAnchorElement>('[data-shop-account]');
  if (signIn) signIn.href = loginHref(location.pathname, location.search);
  show(signIn, !view.signedIn);
  show(root.querySelector('[data-header-account]'), view.signedIn);
  show(root.querySelector('[data-header-signout]'), view.signedIn);
  show(root.querySelector('[data-header-quick-order]'), view.tradeTools);
  const name = root.querySelector('[data-header-account-name]');
  if (name) name.textContent = view.firstName ?? t('frame.account');
  show(root.querySelector('[data-header-account-prefix]'), view.firstName !== null);

  const agent = view.agent;
  show(root.querySelector('[data-header-agent]'), agent.kind !== 'none');
  show(root.querySelector('[data-header-promise]'), agent.kind === 'none');
  show(root.querySelector('[data-header-acting]'), agent.kind === 'acting');
  show(root.querySelector('[data-header-change]'), agent.kind === 'acting');
  show(root.querySelector('[data-header-exit]'), agent.kind === 'acting');
  show(root.querySelector('[data-header-choose]'), agent.kind === 'choose');
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-header-change], [data-header-choose]')) link.href = customersHref(location.pathname, location.search);
  const customer = root.querySelector('[data-header-customer-name]');
  if (customer) customer.textContent = agent.kind === 'acting' ? agent.customerName : '';
}

function renderSeasons(root: HTMLElement): void {
  const box = root.querySelector('[data-header-season]');
  const select = root.querySelector<HTMLSelectElement>('[data-header-season-select]');
  const s = $session.get();
  const visible = $seasonsEnabled.get() && s.reason === 'valid';
  show(box, visible);
  if (!select || !visible) return;
  const first = select.options[0];
  select.replaceChildren(...(first ? [first] : []), ...$seasons.get().map((season) => new Option(seasonLabel(season), String(season.id))));
  select.value = s.season ? String(s.season) : '';
}

export function startHeader(root: HTMLElement): void {
  const t = createT(readMessages(root), pageLocale());

  const button = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = root.querySelector<HTMLElement>('#site-menu');
  if (button && menu) startMobileMenu(button, menu);
  // The built menu, refreshed from its 3-hour cache when the categories changed since the build.
  if (menu) void refreshMenu(menu, pageLocale());

  $session.subscribe(() => {
    renderAccount(root, t);
    renderSeasons(root);
  });

  // Cart and wishlist exist only for a signed-in customer: their stores are fetched and started
  // (once) when there is one, so visitors download none of it; they follow customer and season
  // changes themselves.
  let shopStarted = false;
  $shopFor.subscribe((key) => {
    if (!key || shopStarted) return;
    shopStarted = true;
    void import('../stores/cart').then(({ $cart, $cartCount, initCart }) => {
      initCart();
      $cartCount.subscribe((count) => renderCount(root, 'cart', $shopFor.get() ? count : 0, t));
      announceCartCount(root, $cart, t);
    });
    void import('../stores/wishlist').then(({ $wishlistCount, initWishlist }) => {
      initWishlist();
      $wishlistCount.subscribe((count) => renderCount(root, 'wishlist', $shopFor.get() ? count : 0, t));
    });
  });

  root.querySelector('[data-header-signout]')?.addEventListener('click', async (event) => {
    (event.currentTarget as HTMLButtonElement).disabled = true;
    await signOutAndLeave();
  });
  root.querySelector('[data-header-exit]')?.addEventListener('click', () => {
    exitCustomerView();
    location.assign(CUSTOMERS_PATH);
  });

  $seasonsEnabled.subscribe(() => renderSeasons(root));
  $seasons.subscribe(() => renderSeasons(root));
  root.querySelector<HTMLSelectElement>('[data-header-season-select]')?.addEventListener('change', (event) => {
    const value = Number((event.currentTarget as HTMLSelectElement).value);
    chooseSeason(Number.isInteger(value) && value > 0 ? value : null);
  });
  // The setting is read only for signed-in visitors (it is cached for 12 hours anyway).
  if ($session.get().reason === 'valid') void loadSeasons(pageLocale());
}
