// Pages without data, prerendered once per locale; regenerated through one on-demand route
// (src/pages/fresh/[locale]/shell/[...page].astro) when what every page carries changes.
import { LOCALE_TABLE } from '../../src/lib/contract/locales';

export const SHELL_PAGES: ReadonlySet<string> = new Set([
  'account',
  'account/addresses',
  'account/details',
  'account/downloads',
  'account/orders',
  'account/orders/view',
  'account/wishlist',
  'account/lists',
  'account/lists/view',
  'account/purchased',
  'quick-order',
  'auth/login',
  'auth/password-forgotten',
  'auth/reset-password',
  'auth/register',
  'auth/trade-account',
  'auth/confirm-email',
  'auth/set-password',
  'cart',
  'cart/checkout',
  'cart/order-complete',
  'customers',
  ...Object.values(LOCALE_TABLE).map((locale) => locale.contact.slice(1)),
  'pgb-editor-preview',
  // The built "Internal Server Error" page (server/http/server-error.ts) carries the frame too.
  '500',
]);

/** The on-demand route that renders a page (or its payload) of a locale. */
export function freshRouteOf(locale: string, page: string, payload: boolean): string {
  if (!payload && SHELL_PAGES.has(page)) return `/fresh/${locale}/shell/${page}`;
  return `/fresh/${locale}/${page}${payload ? '/payload.json' : ''}`;
}
