// What the header's account area shows for a session (spec sections 2 and 4), as plain data so
// the rules are unit-tested and the header script only copies them into the static markup.
import type { SessionState } from '../stores/session';

export const LOGIN_PATH = '/auth/login';
export const ACCOUNT_PATH = '/account';
export const CUSTOMERS_PATH = '/customers';

/** The sign-in link, bringing the visitor back to this page (path and query) afterwards. */
export function loginHref(pathname: string, search = ''): string {
  const here = `${pathname}${search}`;
  // Coming back to a sign-in page after signing in makes no sense: the guard would bounce.
  if (!pathname.startsWith('/') || /^\/auth(\/|$)/.test(pathname)) return LOGIN_PATH;
  return `${LOGIN_PATH}?next=${encodeURIComponent(here)}`;
}

/** Choosing or changing the customer comes back to this page afterwards ("Continue"). */
export function customersHref(pathname: string, search = ''): string {
  if (!pathname.startsWith('/') || /^\/(auth|customers)(\/|$)/.test(pathname)) return CUSTOMERS_PATH;
  return `${CUSTOMERS_PATH}?next=${encodeURIComponent(`${pathname}${search}`)}`;
}

export type AgentView =
  | { kind: 'none' }
  /** An agent who has not chosen a customer yet. */
  | { kind: 'choose' }
  | { kind: 'acting'; customerName: string };

export interface AccountView {
  signedIn: boolean;
  /** The account link's text: the user's first name, or null for the generic "My account". */
  firstName: string | null;
  agent: AgentView;
  /** Cart and wishlist exist only for a signed-in user with a customer (spec section 4). */
  shopsForCustomer: boolean;
  /**
   * Quick order, saved lists and previously bought (issue 16): for a business customer's users
   * and for agents, not yet acting or acting for a business customer; never for consumers (or an
   * agent acting for one: those calls answer 403 for a consumer) or visitors.
   */
  tradeTools: boolean;
}

type SessionLike = Pick<SessionState, 'reason' | 'user' | 'customer'>;

export function accountView(session: SessionLike): AccountView {
  if (session.reason !== 'valid') return { signedIn: false, firstName: null, agent: { kind: 'none' }, shopsForCustomer: false, tradeTools: false };
  const firstName = session.user?.first_name.trim() || null;
  const isAgent = session.user?.is_agent === true;
  const agent: AgentView = !isAgent ? { kind: 'none' } : session.customer ? { kind: 'acting', customerName: session.customer.name } : { kind: 'choose' };
  const tradeTools = isAgent ? (session.customer?.kind ?? 'b2b') === 'b2b' : session.user?.customer_profile?.kind === 'b2b';
  return { signedIn: true, firstName, agent, shopsForCustomer: session.customer !== null, tradeTools };
}

/** A count badge: the number shown, or nothing at zero (and before the store has loaded). */
export const badgeText = (count: number | null | undefined): string => (count && count > 0 ? (count > 99 ? '99+' : String(count)) : '');

/** The season choice is offered only when the shop turns seasons on and someone is signed in. */
export const seasonsEnabledValue = (value: string | null | undefined): boolean => value?.trim().toLowerCase() === 'true';
