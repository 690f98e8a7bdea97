// Route rules of spec section 2, decided in the browser from the stored session before a page
// shows anything (pages that need it hide their main content until the guard has run).

import { LOCALE_TABLE } from './contract/locales';
import { safeRedirectPath } from './rules/safe-link';

/** Pages only for signed-in users (route names account*, cart*, customers; quick-order of issue 16). */
export function isProtectedPath(path: string): boolean {
  return /^\/(account|cart|customers|quick-order)(\/|$)/.test(path);
}

/** Sign-in pages (auth*): a signed-in user has nothing to do there. */
export const isAuthPath = (path: string) => /^\/auth(\/|$)/.test(path);

/** The contact page in each language. */
const CONTACT_PATHS: string[] = Object.values(LOCALE_TABLE).map((locale) => locale.contact);

/**
 * Pages an agent may open only with a chosen customer (spec: customers, contacts, account,
 * account-details, account-orders, account-downloads, account-orders-id; the cart, the quick order
 * and the rest of the account area act for a customer too, so they are gated the same way).
 */
export function needsChosenCustomer(path: string): boolean {
  return CONTACT_PATHS.includes(path) || /^\/(account|cart|quick-order)(\/|$)/.test(path);
}

export interface GuardState {
  signedIn: boolean;
  isAgent: boolean;
  hasCustomer: boolean;
  /** Spec section 9: customer selection is enforced by default. */
  enforceCustomerSelection?: boolean;
}

export const LOGIN_PATH = '/auth/login';
export const CUSTOMERS_PATH = '/customers';

/** Where to send the visitor instead, or null to show the page. `path` has no query. */
export function guardRedirect(path: string, search: string, state: GuardState): string | null {
  const clean = path.replace(/\/+$/, '') || '/';
  // Signed-in users leave the sign-in pages: back where they came from (?next=), else home.
  if (isAuthPath(clean)) return state.signedIn ? safeNext(new URLSearchParams(search).get('next')) : null;
  if (isProtectedPath(clean) && !state.signedIn) return `${LOGIN_PATH}?next=${encodeURIComponent(clean + search)}`;
  if (!state.signedIn) return null;
  if (clean === CUSTOMERS_PATH) return state.isAgent ? null : '/';
  if (state.isAgent && !state.hasCustomer && (state.enforceCustomerSelection ?? true) && needsChosenCustomer(clean)) {
    return `${CUSTOMERS_PATH}?next=${encodeURIComponent(clean + search)}`;
  }
  return null;
}

/** Where to go after signing in or choosing a customer: a same-site path, never another site. */
export const safeNext = (next: string | null | undefined, fallback = '/'): string => safeRedirectPath(next, fallback);

/**
 * Where a user goes once signed in: back to ?next=, except that an agent with no chosen customer
 * is sent to /customers first (spec section 2), which then goes on to ?next= once one is chosen.
 */
export function afterSignInPath(next: string | null | undefined, state: Omit<GuardState, 'signedIn'>): string {
  const target = safeNext(next);
  if (!state.isAgent || state.hasCustomer || !(state.enforceCustomerSelection ?? true)) return target;
  const clean = target.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (clean === CUSTOMERS_PATH) return target;
  return target === '/' ? CUSTOMERS_PATH : `${CUSTOMERS_PATH}?next=${encodeURIComponent(target)}`;
}

/**
 * Where an agent goes as soon as it chooses a customer on /customers: the page it was on its way
 * to (`?next=`, same site only, not /customers itself), or null to stay and continue by hand.
 */
export function nextAfterChoosingCustomer(next: string | null | undefined): string | null {
  const target = safeNext(next, '');
  if (target === '' || /^\/customers(\/|[?#]|$)/.test(target)) return null;
  return target;
}
