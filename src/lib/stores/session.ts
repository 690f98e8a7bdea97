// Who is signed in, and for which customer and season the shop is shown (spec sections 3, 4
// and 6). The token lives in local storage under AUTH_TOKEN / AUTH_TOKEN_EXPIRE, so every tab
// shares it and the server never needs to know who asks for a page. Logic lives here; islands
// and the header script only read the stores and call the actions. The stored values are
// @nanostores/persistent atoms: they follow other tabs' changes through the storage event.
import { persistentAtom, setPersistentEngine, windowPersistentEvents, type PersistentEvents, type PersistentStore } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { call } from '../api/call';
import { createClient, PASSWORD_CHANGE_REQUIRED } from '../api/client';
import type { ApiResult } from '../api/result';
import type { CurrentUser, LoginResponse } from '../contract/auth';
import type { ShopContext } from '../contract/common';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../contract/locales';
import { localStore, readJson, type KeyValueStorage } from '../browser/storage';
import { clearPriceCache } from '../cache/price-cache';

import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, CUSTOMER_KEY, SEASON_KEY, USER_KEY, USERNAME_KEY } from './session-keys';

export { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, CUSTOMER_KEY, SEASON_KEY, USER_KEY, USERNAME_KEY };

/** Spec section 4: why a session is (not) usable. */
export type SessionReason = 'no-session' | 'expired' | 'valid' | 'invalid';

/** The customer the shop is shown for: the user's own, or the one an agent chose. */
export interface ActiveCustomer {
  id: number;
  /** Business name, else first and last name. */
  name: string;
  kind: 'b2b' | 'b2c';
}

export interface SessionState {
  token: string | null;
  /** ISO time the token stops working. */
  expiry: string | null;
  username: string | null;
  user: CurrentUser | null;
  /** For an agent, the chosen customer (null until chosen); for a customer user, its own. */
  customer: ActiveCustomer | null;
  season: number | null;
  reason: SessionReason;
}

/** Valid when a token exists and its expiry has not passed (spec section 4). */
export function sessionValidity(token: string | null, expiry: string | null, now: number): Exclude<SessionReason, 'invalid'> {
  if (!token) return 'no-session';
  const ends = expiry ? Date.parse(expiry) : NaN;
  if (!Number.isFinite(ends) || ends <= now) return 'expired';
  return 'valid';
}

export const customerName = (c: { business_name: string | null; first_name: string; last_name: string }) =>
  c.business_name || `${c.first_name} ${c.last_name}`.trim();

/** A customer user always shops for its own customer; an agent for the one it chose. */
export function activeCustomerOf(user: CurrentUser | null, chosen: ActiveCustomer | null): ActiveCustomer | null {
  if (!user) return null;
  if (user.is_agent) return chosen;
  const own = user.customer_profile;
  return own ? { id: own.id, name: customerName(own), kind: own.kind } : null;
}

let storage: KeyValueStorage = localStore;
let now: () => number = Date.now;

/**
 * The persistent atoms index their engine like localStorage; this one goes through the
 * never-throwing storage (private modes, full quotas) and follows configureSession's swaps.
 */
const storageEngine = new Proxy({} as PersistentStore, {
  get: (_, key) => (typeof key === 'string' ? (storage.getItem(key) ?? undefined) : undefined),
  set: (_, key, value: string) => (typeof key === 'string' && storage.setItem(key, value), true),
  deleteProperty: (_, key) => (typeof key === 'string' && storage.removeItem(key), true),
  has: (_, key) => typeof key === 'string' && storage.getItem(key) !== null,
});
const noEvents: PersistentEvents = { addEventListener() {}, removeEventListener() {} };
// The engine is global to the library; the session is its only user.
setPersistentEngine(storageEngine, typeof window !== 'undefined' ? windowPersistentEvents : noEvents);

// The keys and their formats are the ones the hand-written storage code used (plain strings,
// JSON for the user and customer): sessions stored before keep working.
const storedText = (key: string) => persistentAtom<string | undefined>(key, undefined);
const storedJson = <T>(key: string) =>
  persistentAtom<T | undefined>(key, undefined, {
    encode: (value: T | undefined) => (value === undefined ? undefined : JSON.stringify(value)),
    decode: (raw: string) => {
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
  });
const stored = {
  token: storedText(AUTH_TOKEN_KEY),
  expiry: storedText(AUTH_TOKEN_EXPIRE_KEY),
  username: storedText(USERNAME_KEY),
  user: storedJson<CurrentUser>(USER_KEY),
  customer: storedJson<ActiveCustomer>(CUSTOMER_KEY),
  season: storedText(SEASON_KEY),
};

/** Reads every stored value again from the storage (after configureSession swapped it). */
function rereadStored(): void {
  write(() => {
    stored.token.set(storage.getItem(AUTH_TOKEN_KEY) ?? undefined);
    stored.expiry.set(storage.getItem(AUTH_TOKEN_EXPIRE_KEY) ?? undefined);
    stored.username.set(storage.getItem(USERNAME_KEY) ?? undefined);
    stored.user.set(readJson<CurrentUser>(storage, USER_KEY) ?? undefined);
    stored.customer.set(readJson<ActiveCustomer>(storage, CUSTOMER_KEY) ?? undefined);
    stored.season.set(storage.getItem(SEASON_KEY) ?? undefined);
  });
}

// This tab's own writes set $session once, when all values are written; only other tabs'
// changes (seen while not writing) make the stored atoms reload the session.
let writing = false;
function write(change: () => void): void {
  writing = true;
  try {
    change();
  } finally {
    writing = false;
  }
}

function readState(): SessionState {
  const token = stored.token.get() ?? null;
  const expiry = stored.expiry.get() ?? null;
  const reason = sessionValidity(token, expiry, now());
  const user = reason === 'valid' ? (stored.user.get() ?? null) : null;
  const chosen = stored.customer.get() ?? null;
  const season = Number(stored.season.get()) || null;
  return {
    token: reason === 'valid' ? token : null,
    expiry: reason === 'valid' ? expiry : null,
    username: stored.username.get() ?? null,
    user,
    customer: activeCustomerOf(user, chosen),
    season,
    reason,
  };
}

export const $session = atom<SessionState>(readState());

/** Signed in with a token that has not expired. */
export const $signedIn = computed($session, (s) => s.reason === 'valid');
export const $isAgent = computed($session, (s) => s.user?.is_agent === true);
export const $customer = computed($session, (s) => s.customer);
/** B2C for a consumer customer, otherwise the default B2B (spec section 1). */
export const $shopContext = computed($session, (s): ShopContext => s.customer?.kind ?? 'b2b');
/**
 * What cart, wishlist and prices depend on: they reload when this key changes (customer or
 * season changed, or sign-out). Null when there is no signed-in customer.
 */
export const $shopFor = computed($session, (s) =>
  s.reason === 'valid' && s.customer ? `${s.customer.id}:${s.season ?? ''}:${s.customer.kind}` : null,
);

/** Tests and the server swap the storage and clock. */
export function configureSession(options: { storage?: KeyValueStorage; now?: () => number }): void {
  if (options.storage) storage = options.storage;
  if (options.now) now = options.now;
  rereadStored();
  $session.set(readState());
}

/** Reads the stored session again (another tab may have signed in or out). */
export const reloadSessionFromStorage = () => $session.set(readState());

/** The token when the session is valid, for calls that need it. */
export function validToken(): string | null {
  const s = $session.get();
  if (s.reason !== 'valid') return null;
  if (sessionValidity(s.token, s.expiry, now()) !== 'valid') {
    $session.set({ ...readState(), reason: 'expired' });
    return null;
  }
  return s.token;
}

function clearToken(reason: SessionReason): void {
  write(() => {
    for (const value of [stored.token, stored.expiry, stored.season]) value.set(undefined);
    stored.user.set(undefined);
    stored.customer.set(undefined);
  });
  $session.set({ ...readState(), reason });
  clearPriceCache();
  for (const listener of signOutListeners) listener();
}

const signOutListeners = new Set<() => void>();
/** Caches of private data (prices, coupon) register here to be dropped on sign-out. */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** A failed server check: the stored token is not accepted any more. */
export const markSessionInvalid = () => clearToken('invalid');

export function pageLocale(): Locale {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The API client for this page: its locale, the session's token and shop context. */
export function sessionClient(locale: Locale = pageLocale()) {
  const token = validToken();
  return createClient({ locale, token, shopContext: $shopContext.get(), onUnauthorized: markSessionInvalid });
}

function storeUser(user: CurrentUser): void {
  write(() => stored.user.set(user));
  const state = $session.get();
  $session.set({ ...state, user, customer: activeCustomerOf(user, stored.customer.get() ?? null) });
}

/**
 * Asks the server whether the token still works (GET auth/is-authenticated/) and refreshes the
 * user. A 401 clears the token (reason "invalid"); a network failure keeps the local answer.
 */
export async function checkSession(): Promise<SessionReason> {
  const token = validToken();
  if (!token) return $session.get().reason;
  const result = await call(sessionClient(), 'getCurrentUser');
  if (result.ok) {
    storeUser(result.data);
    return 'valid';
  }
  // A token of a user who must change the password is good for nothing else: signing in again
  // leads through the forced change.
  const mustChange = result.error.status === 403 && result.error.errorList.some((e) => e.code === PASSWORD_CHANGE_REQUIRED);
  if (result.error.status === 401 || mustChange) {
    markSessionInvalid();
    return 'invalid';
  }
  return $session.get().reason;
}

const basic = (username: string, password: string) => {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `Basic ${btoa(binary)}`;
};

/**
 * POST auth/login/ with Basic credentials. Any old token is cleared first (spec section 4).
 * On success the token, expiry and username are stored and the user is fetched; the caller
 * reloads the page. When a password change is due (`must_change_password`) nothing is stored.
 */
/** Where a sign-in carries the bot-check answer when the API asks for one (BOT_CHECK_HEADER). */
export const BOT_CHECK_HEADER = 'X-Bot-Check';

export async function login(username: string, password: string, botCheck?: string): Promise<ApiResult<LoginResponse>> {
  if ($session.get().token || storage.getItem(AUTH_TOKEN_KEY)) clearToken('no-session');
  const client = createClient({ locale: pageLocale() });
  const headers: Record<string, string> = { Authorization: basic(username.trim(), password) };
  if (botCheck) headers[BOT_CHECK_HEADER] = botCheck;
  const result = await call(client, 'logIn', { headers });
  if (!result.ok) return result;
  if (result.data.must_change_password) {
    // No session until the password is changed: the token is given back at once and the
    // sign-in flow moves to its forced-change state, then signs in with the new password.
    await call(createClient({ locale: pageLocale(), token: result.data.token }), 'logOut');
    return result;
  }
  // The user is fetched before anything is stored, so the session appears in one step with its
  // user: a guard that sees the token also knows whether it belongs to an agent.
  const token = result.data.token;
  const user = await call(createClient({ locale: pageLocale(), token }), 'getCurrentUser');
  write(() => {
    stored.token.set(token);
    stored.expiry.set(result.data.expiry ?? result.data.token_expire);
    stored.username.set(username.trim());
    if (user.ok) stored.user.set(user.data);
  });
  $session.set(readState());
  return result;
}

/** POST auth/logout/ (or logout-all/); the token is cleared whatever the answer. */
export async function logout(options: { everywhere?: boolean } = {}): Promise<ApiResult<unknown>> {
  const token = validToken();
  const result = token
    ? await call(createClient({ locale: pageLocale(), token }), options.everywhere ? 'logOutEverywhere' : 'logOut')
    : ({ ok: true, data: undefined } as const);
  clearToken('no-session');
  return result;
}

/** An agent picks the customer to shop for; prices, cart and wishlist follow. */
export function chooseCustomer(customer: ActiveCustomer): void {
  write(() => stored.customer.set(customer));
  const state = $session.get();
  $session.set({ ...state, customer: activeCustomerOf(state.user, customer) });
  // Spec section 4: changing customer clears the price cache.
  clearPriceCache();
  for (const listener of customerChangeListeners) listener();
}

/** An agent leaves the customer view (back to choosing a customer). */
export function exitCustomerView(): void {
  write(() => stored.customer.set(undefined));
  const state = $session.get();
  $session.set({ ...state, customer: activeCustomerOf(state.user, null) });
  clearPriceCache();
  for (const listener of customerChangeListeners) listener();
}

const customerChangeListeners = new Set<() => void>();
/** Called whenever the customer changes (after the price cache is cleared). */
export function onCustomerChange(listener: () => void): () => void {
  customerChangeListeners.add(listener);
  return () => customerChangeListeners.delete(listener);
}

/** Spec section 4: changing season reloads the page. */
export function chooseSeason(season: number | null, reload: () => void = () => location.reload()): void {
  write(() => stored.season.set(season ? String(season) : undefined));
  $session.set({ ...$session.get(), season });
  reload();
}

// Another tab signing in or out, or choosing a customer, shows here too: listening keeps the
// stored atoms subscribed to the storage event (and to a page coming back from the back-forward
// cache).
if (typeof window !== 'undefined') {
  for (const value of Object.values(stored)) value.listen(() => void (writing || reloadSessionFromStorage()));
}
