// Issue 13, routes and session (spec sections 2, 4 and 9): the home page redirects by the
// language cookie and leaves it alone; an agent who signs in without a chosen customer lands on
// /customers; changing customer empties the price cache. Only agent@example.com is used here
// (read-only elsewhere: the customer list of agent.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { signInWithForm, useLocale, type Locale } from './e2e-helpers';

const AGENT = { email: 'agent@example.com', password: 'Agent-2026!' };
const HOME: Record<Locale, string> = { it: '/home', en: '/home-en', es: '/home-es' };

const lanCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'lan')?.value;

test.describe('the home page redirects by language', () => {
  for (const locale of ['en', 'es'] as const) {
    test(`/home with lan=${locale} ends on ${HOME[locale]} and the cookie stays ${locale}`, async ({ page, context, request }) => {
      await useLocale(context, locale);
      const answer = await request.get('/home', { headers: { Cookie: `lan=${locale}` }, maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers()['location']).toBe(HOME[locale]);
      expect(answer.headers()['set-cookie']).toBeUndefined();

      await page.goto('/home');
      await expect(page).toHaveURL(new RegExp(`${HOME[locale]}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await lanCookie(page)).toBe(locale);
    });
  }

  test('the language switch on a home page still switches (en → it → es)', async ({ page, context }) => {
    await useLocale(context, 'en');
    await page.goto('/home-en');
    await page.locator('header a[hreflang="it"]').click();
    await expect(page).toHaveURL(/\/home\?lan=it$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    expect(await lanCookie(page)).toBe('it');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home$/);
    await page.locator('header a[hreflang="es"]').click();
    await expect(page).toHaveURL(/\/home-es(\?lan=es)?$/);
    expect(await lanCookie(page)).toBe('es');
  });
});

test.describe('agents', () => {
  test.describe.configure({ mode: 'serial' });

  for (const locale of ['it', 'en'] as const) {
    test(`an agent who signs in without a customer lands on /customers, keeping where it was going (${locale})`, async ({ page, context }) => {
      await useLocale(context, locale);
      await signInWithForm(page, AGENT, '/p');
      await expect(page).toHaveURL(/\/customers\?next=%2Fp$/);
      await expect(page.locator('[data-customer-code]').first()).toBeVisible();
    });
  }

  for (const locale of ['it', 'es'] as const) {
    test(`changing customer empties the price cache (${locale})`, async ({ page, context }) => {
      test.setTimeout(180_000);
      await useLocale(context, locale);
      // Straight to /customers (not by the sign-in landing, which the test above checks).
      await signInWithForm(page, AGENT, '/customers');
      await expect(page).toHaveURL(/\/customers/);
      const choose = async (code: string) => {
        const card = page.locator(`[data-customer-code="${code}"]`);
        await card.getByRole('button').click();
        await expect(card).toHaveAttribute('data-chosen', '');
      };
      await choose('C0001');
      await page.goto('/home');
      const link = page.locator('[data-product-card] a').first();
      await link.click();
      await expect(page.locator('[data-buy-box] [data-customer-price="ready"]')).toBeVisible();
      const cache = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('SHOP_PRICE_CACHE') ?? '[]') as unknown[]);
      await expect.poll(async () => (await cache()).length, { message: 'the customer price is kept in the price cache' }).toBeGreaterThan(0);

      await page.goto('/customers');
      await choose('C0002');
      expect(await cache()).toEqual([]);
    });
  }
});
