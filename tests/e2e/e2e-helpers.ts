// What the browser specs share: the shop's address, the visitor's language, API calls made on
// the side (to prepare data or to check what the page shows), and the axe check.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:4321';
export const API = '/api/v3/client';
export type Locale = 'it' | 'en' | 'es';

/** The page language through the `lan` cookie, as the language switch leaves it. */
export async function useLocale(context: BrowserContext, locale: Locale): Promise<void> {
  await context.addCookies([{ name: 'lan', value: locale, url: BASE_URL }]);
}

export const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
export const tokenHeader = (token: string) => ({ Authorization: `Token ${token}` });

/** Signs in through the API (not the page): for preparing and checking data. */
export async function apiLogin(request: APIRequestContext, who: { email: string; password: string }): Promise<{ token: string; expiry: string }> {
  const response = await request.post(`${API}/auth/login/`, { headers: { Authorization: basic(who.email, who.password) } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { token: string; expiry: string };
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${API}/${path}`, { headers: tokenHeader(token) });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** axe finds nothing on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Signs in through /auth/login (username, then password) and waits until the page has left the
 * sign-in pages: the flow and the route guard may both navigate, so the address is polled
 * rather than one navigation awaited.
 */
export async function signInWithForm(page: Page, who: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
  await page.locator('#signin-username').fill(who.email);
  await page.locator('form[data-auth-state] button[type="submit"]').click();
  await page.locator('#signin-password').fill(who.password);
  await page.locator('form[data-auth-state] button[type="submit"]').click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).not.toMatch(/^\/auth/);
  await page.waitForLoadState('load');
}

/**
 * Signs in through the API and stores the session as the sign-in page leaves it (token, expiry,
 * username and user in local storage, spec section 4), then opens `next`: for tests about what
 * comes after signing in. Two page loads and two form steps fewer than signInWithForm; the
 * sign-in pages themselves are tested in auth.spec.ts and routes-session.spec.ts.
 */
export async function signInWithApi(page: Page, who: { email: string; password: string }, next: string): Promise<void> {
  const { token, expiry } = await apiLogin(page.request, who);
  const user = await apiGet<unknown>(page.request, token, 'auth/is-authenticated/');
  // Local storage belongs to the origin: a static file of the shop opens it without running a page.
  await page.goto('/favicon.svg');
  const stored = { AUTH_TOKEN: token, AUTH_TOKEN_EXPIRE: expiry, AUTH_USERNAME: who.email, SHOP_USER: JSON.stringify(user) };
  await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), stored);
  await page.goto(next);
}

/** Errors the page throws, and React's complaints (a failed hydration shows up here). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|react/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}
