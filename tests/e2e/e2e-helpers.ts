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
