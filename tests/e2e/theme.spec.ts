// The theme in the browser (spec section 9, issue 13 item 14): primary buttons are filled with the
// spec's primary #D73731 with white text, nothing is filled with the darker red kept for text,
// and axe finds no colour-contrast failure on the pages with primary buttons: a product page (a
// visitor's "sign in to buy"), the cart and the sign-in page, in Italian and English. The cart is
// Lucía's (lucia@sierranorte.example), only looked at: no other spec signs her in, and whatever
// it holds, the page shows a primary button (browse when empty, checkout otherwise).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { API, signInWithApi, useLocale, watchErrors, type Locale } from './e2e-helpers';

const LUCIA = { email: 'lucia@sierranorte.example', password: 'Customer-2026!' };
const PRIMARY = 'rgb(215, 55, 49)';
const INVERSE = 'rgb(255, 255, 255)';
/** #B0231E, the red for text on light backgrounds: never a fill. */
const PRIMARY_STRONG = 'rgb(176, 35, 30)';

/** The page's first visible primary button is drawn in the spec's primary with white text. */
async function expectPrimaryButton(page: Page): Promise<void> {
  const button = page.locator('main .btn-primary:visible').first();
  await expect(button).toBeVisible();
  await expect(button).toHaveCSS('background-color', PRIMARY);
  await expect(button).toHaveCSS('color', INVERSE);
}

/** No element has the darker red as its background or border. */
async function expectNoStrongRedFill(page: Page): Promise<void> {
  const filled = await page.evaluate((strong) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      const props = ['background-color', 'border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color', 'accent-color'];
      for (const prop of props) {
        if (style.getPropertyValue(prop) === strong) found.push(`${el.tagName.toLowerCase()}.${el.className}: ${prop}`);
      }
    }
    return found;
  }, PRIMARY_STRONG);
  expect(filled).toEqual([]);
}

async function expectNoContrastFailures(page: Page): Promise<void> {
  const { violations, passes } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? ''})`).join(', ')}`)).toEqual([]);
  // The rule did look at the page's text.
  expect(passes.find((p) => p.id === 'color-contrast')?.nodes.length ?? 0).toBeGreaterThan(0);
}

for (const locale of ['it', 'en'] as Locale[]) {
  test.describe(`theme colours (${locale})`, () => {
    test(`product page: a visitor's primary button and contrast (${locale})`, async ({ page, context, request }) => {
      const errors = watchErrors(page);
      await useLocale(context, locale);
      const response = await request.get(`${API}/products/p/?page_size=1&locale=${locale}`);
      expect(response.ok()).toBe(true);
      const [product] = ((await response.json()) as { results: { slug: string }[] }).results;
      expect(product, 'a product to open').toBeTruthy();
      await page.goto(`/p/${product!.slug}`);
      await expect(page.locator('[data-buy-box][data-hydrated] [data-buy-login]')).toBeVisible();
      await expectPrimaryButton(page);
      await expectNoStrongRedFill(page);
      await expectNoContrastFailures(page);
      expect(errors).toEqual([]);
    });

    test(`cart: the primary button and contrast (${locale})`, async ({ page, context }) => {
      const errors = watchErrors(page);
      await useLocale(context, locale);
      await signInWithApi(page, LUCIA, '/cart');
      await expect(page.locator('[data-cart-state="empty"], [data-cart-state="ready"]')).toBeVisible();
      await expectPrimaryButton(page);
      await expectNoStrongRedFill(page);
      await expectNoContrastFailures(page);
      expect(errors).toEqual([]);
    });

    test(`sign-in page: the primary button and contrast (${locale})`, async ({ page, context }) => {
      const errors = watchErrors(page);
      await useLocale(context, locale);
      await page.goto('/auth/login');
      await expect(page.locator('form[data-auth-state] button[type="submit"]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectPrimaryButton(page);
      await expectNoStrongRedFill(page);
      await expectNoContrastFailures(page);
      expect(errors).toEqual([]);
    });
  });
}
