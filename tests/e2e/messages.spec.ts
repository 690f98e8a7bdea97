// Messages of spec section 8 in the browser (issue 13, item 12): quantity errors on the product
// page are error toasts, the shop's toast switches are honoured, fatal errors (cart and wishlist
// initialisation) show the "Internal Server Error" page, a failed sign-out says so, and a failure
// of the Node server's own handling answers the built 500 page; in Italian and English.
import { request as httpRequest } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { API, BASE_URL, signInWithApi, useLocale, type Locale } from './e2e-helpers';

const B2B = { email: 'b2b@example.com', password: 'Customer-2026!' };

const TEXT = {
  it: {
    negativeQuantity: 'La quantità deve essere un numero positivo',
    addToCart: 'Aggiungi al carrello',
    quantity: 'Quantità',
    internalServerError: 'Errore interno del server',
    cartInitFailed: "Errore durante l'inizializzazione del carrello",
    wishlistInitFailed: "Errore durante l'inizializzazione della lista dei desideri",
    unknownServerError: 'Errore sconosciuto del server',
    notAuthenticated: 'Non autenticato',
  },
  en: {
    negativeQuantity: 'The quantity must be a positive number',
    addToCart: 'Add to cart',
    quantity: 'Quantity',
    internalServerError: 'Internal Server Error',
    cartInitFailed: 'Error while initializing the cart',
    wishlistInitFailed: 'Error while initializing the wishlist',
    unknownServerError: 'Unknown server error',
    notAuthenticated: 'not authenticated',
  },
} as const satisfies Partial<Record<Locale, Record<string, string>>>;

const LOCALES = ['it', 'en'] as const;
const buyBox = (page: Page) => page.locator('[data-buy-box][data-hydrated]');
const errorToast = (page: Page, text: string) => page.locator('[data-toast="error"]').filter({ hasText: text });
/** Matches a call of the API by its path, whatever its query. */
const apiPath = (path: string) => (url: URL) => url.pathname === `${API}/${path}`;
const failWith = (status: number, code: string, detail: string) => ({ status, contentType: 'application/json', body: JSON.stringify({ detail, error_list: [], code }) });

/** A product page whose buy box has no versions to choose. */
async function simpleProductPath(page: Page): Promise<string> {
  const response = await page.request.get(`${API}/products/p/?page_size=24`);
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: { slug: string; has_variants: boolean }[] };
  const product = results.find((p) => !p.has_variants);
  expect(product, 'a product without versions').toBeTruthy();
  return `/p/${product!.slug}`;
}

for (const locale of LOCALES) {
  const text = TEXT[locale];

  test.describe(`messages (${locale})`, () => {
    test.beforeEach(async ({ context }) => useLocale(context, locale));

    test('a quantity error on the product page is an error toast, as on the cart page', async ({ page }) => {
      const path = await simpleProductPath(page);
      await signInWithApi(page, B2B, path);
      await expect(buyBox(page)).toBeVisible();
      await buyBox(page).getByLabel(text.quantity).fill('0');
      await buyBox(page).getByRole('button', { name: text.addToCart }).click();
      await expect(errorToast(page, text.negativeQuantity)).toBeVisible();
      await expect(buyBox(page).getByLabel(text.quantity)).toHaveAttribute('aria-invalid', 'true');
      await expect(buyBox(page).getByText(text.negativeQuantity)).toHaveCount(0);
      // Its bar runs as an animation of its own, not redrawn by a script on every frame, and the
      // toast goes by itself when its time is up.
      const toast = errorToast(page, text.negativeQuantity);
      expect(await toast.locator('.toast-progress').evaluate((bar) => bar.getAnimations().map((a) => a.playState))).toEqual(['running']);
      await expect(toast).toHaveCount(0, { timeout: 10_000 });
    });

    test('a failed cart initialisation shows the fatal error page', async ({ page }) => {
      await page.route(apiPath('carts/get-or-create/'), (route) => route.fulfill(failWith(500, 'Unexpected', 'Unknown server error')));
      await signInWithApi(page, B2B, '/cart');
      const fatal = page.locator('#main [data-fatal-error="errors.cartInitFailed"]');
      await expect(fatal).toBeVisible();
      await expect(fatal.getByRole('heading', { level: 1 })).toHaveText(text.internalServerError);
      await expect(fatal.getByRole('alert')).toHaveText(text.cartInitFailed);
      await expect(page.locator('#main [data-cart-state]')).toHaveCount(0);
    });

    test('a failed sign-out is said on the page it leads to', async ({ page }) => {
      await page.route(apiPath('auth/logout/'), (route) => route.fulfill(failWith(500, 'Unexpected', 'Unknown server error')));
      await signInWithApi(page, B2B, '/account');
      const signOut = page.locator('[data-header-signout]');
      await expect(signOut).toBeVisible();
      await signOut.click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home/);
      await expect(errorToast(page, text.unknownServerError)).toBeVisible();
      // The token is gone whatever the answer (spec section 4).
      expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();
    });
  });
}

test('a failed wishlist initialisation shows the fatal error page (en)', async ({ page, context }) => {
  await useLocale(context, 'en');
  await page.route(apiPath('wishlists/get-or-create/'), (route) => route.fulfill(failWith(500, 'Unexpected', 'Unknown server error')));
  await signInWithApi(page, B2B, '/account/wishlist');
  const fatal = page.locator('#main [data-fatal-error="errors.wishlistInitFailed"]');
  await expect(fatal.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.internalServerError);
  await expect(fatal.getByRole('alert')).toHaveText(TEXT.en.wishlistInitFailed);
});

test('a logout refused as 401 says "not authenticated" (it), from the account page', async ({ page, context }) => {
  await useLocale(context, 'it');
  await page.route(apiPath('auth/logout/'), (route) => route.fulfill(failWith(401, 'NotAuthenticated', 'not authenticated')));
  await signInWithApi(page, B2B, '/account');
  await page.locator('[data-account-dashboard]').getByRole('button', { name: 'Esci', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home/);
  await expect(errorToast(page, TEXT.it.notAuthenticated)).toBeVisible();
});

test('the shop can switch error toasts off: the product page then shows none', async ({ page, context }) => {
  await useLocale(context, 'en');
  await page.route(apiPath('config/system/TOAST_MESSAGES_ENABLED/'), (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ key: 'TOAST_MESSAGES_ENABLED', value: 'false' }) }));
  const path = await simpleProductPath(page);
  const settingRead = page.waitForResponse((r) => r.url().includes('/config/system/TOAST_MESSAGES_ENABLED/'));
  await signInWithApi(page, B2B, path);
  await settingRead;
  await expect(buyBox(page)).toBeVisible();
  await buyBox(page).getByLabel(TEXT.en.quantity).fill('0');
  await buyBox(page).getByRole('button', { name: TEXT.en.addToCart }).click();
  await expect(buyBox(page).getByLabel(TEXT.en.quantity)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-toast]')).toHaveCount(0);
});

/** A raw GET (fetch would clean the path up): status, headers and body. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; language: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(BASE_URL), { path, headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), language: String(res.headers['content-language'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a failure of the server\'s own handling answers the built 500 page in the visitor\'s language', async () => {
  // "//" is a path the Node server cannot parse: its handler fails outside Astro's renderer.
  for (const locale of LOCALES) {
    const answer = await rawGet('//', { cookie: `lan=${locale}` });
    expect(answer.status).toBe(500);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.language).toBe(locale);
    expect(answer.body).toContain(`<html lang="${locale}"`);
    expect(answer.body).toContain(TEXT[locale].internalServerError);
    expect(answer.body).not.toMatch(/at \S+ \(|TypeError|Invalid URL/);
  }
  // The built page is no page of its own.
  expect((await rawGet('/500')).status).toBe(404);
});
