// The header on every page (issue 4): no horizontal overflow on a 375 px phone, the category
// menu as a keyboard-friendly disclosure below lg, the language switch keeping the page, and a
// sign-in link that brings the visitor back. No one signs in here.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { useLocale } from './e2e-helpers';

const PHONE = { width: 375, height: 740 };

const header = (page: Page) => page.locator('[data-shop-header]');
const menuButton = (page: Page) => header(page).locator('[data-menu-toggle]');
const menu = (page: Page) => page.locator('#site-menu');

/** How far the page is wider than the window (0 when nothing sticks out). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function firstProductPath(page: Page) {
  const response = await page.request.get('/api/v3/client/products/p/?page_size=1');
  const body = (await response.json()) as { results: { slug: string }[] };
  return `/p/${body.results[0]!.slug}`;
}

const axe = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test.describe('header on a phone (375 px)', () => {
  test.use({ viewport: PHONE });

  test('no page of the frame is wider than the screen, menu open or closed', async ({ page, context }) => {
    await useLocale(context, 'it');
    for (const path of ['/home', '/p', await firstProductPath(page), '/news']) {
      await page.goto(path);
      await expect(menuButton(page)).toBeVisible();
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    await page.goto('/home');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The search opens with the menu (one header row on a phone, issue 14); account, wishlist
    // and cart stay reachable with the menu closed.
    await expect(header(page).getByRole('searchbox')).toBeVisible();
    await menuButton(page).click();
    await expect(header(page).getByRole('searchbox')).toBeHidden();
    for (const target of [header(page).locator('[data-shop-account]'), header(page).locator('a[href="/account/wishlist"]'), header(page).locator('a[href="/cart"]')]) {
      await expect(target).toBeVisible();
    }
  });

  test('the category menu opens and closes from the keyboard, focus comes back (en)', async ({ page, context }) => {
    await useLocale(context, 'en');
    await page.goto('/home-en');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toHaveAttribute('aria-controls', /(^| )site-menu( |$)/);
    await expect(menuButton(page)).toHaveAccessibleName('Menu');

    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'All products' })).toBeVisible();
    // The first link of the menu has the focus; Tab walks the menu.
    await expect(menu(page).locator('a').first()).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    await page.keyboard.press('Space');
    await expect(menu(page)).toBeVisible();
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeHidden();
  });

  test('axe finds nothing with the mobile menu open (it)', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto('/home');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });
});

test.describe('header on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('shows the category menu without a Menu button', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto('/home');
    await expect(menuButton(page)).toBeHidden();
    await expect(menu(page)).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test('the sign-in link brings the visitor back to the page and its query', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto('/p?search=pompa');
    const signIn = header(page).locator('[data-shop-account]');
    await expect(signIn).toHaveAttribute('href', `/auth/login?next=${encodeURIComponent('/p?search=pompa')}`);
    await expect(signIn).toHaveAccessibleName('Accedi');
    // Nothing private is shown to a visitor.
    await expect(header(page).locator('[data-header-account]')).toBeHidden();
    await expect(header(page).locator('[data-header-agent]')).toBeHidden();
    await expect(header(page).locator('[data-header-season]')).toBeHidden();
    await expect(header(page).locator('[data-shop-count="cart"]')).toHaveText('');
  });

  test('the language switch keeps the page and its query', async ({ page, context }) => {
    await useLocale(context, 'it');
    const product = await firstProductPath(page);
    await page.goto(product);
    await header(page).getByRole('link', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(new URL(page.url()).pathname).toBe(product);

    await page.goto('/p?search=pompa');
    await header(page).getByRole('link', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/p');
    expect(url.searchParams.get('search')).toBe('pompa');
    await expect(header(page).locator('[data-shop-account]')).toHaveAttribute('href', /^\/auth\/login\?next=%2Fp%3F/);
  });

  test('the first paint is the same for everyone: no account or agent parts in the HTML', async ({ request }) => {
    const html = await (await request.get('/home', { headers: { Cookie: 'lan=it' } })).text();
    expect(html).toMatch(/data-header-account[^>]*hidden/);
    expect(html).toMatch(/data-header-agent[^>]*hidden/);
    expect(html).toContain('href="/auth/login"');
  });
});
