// axe on every route of the site in it, en and es (issue 14, "Done when"): each page is opened as
// its visitor would (signed out, a business customer, its orders), waited for until its island
// has drawn what it shows, and scanned. One page per test (an axe scan is a page check's slowest
// step), generated from the table below.
//
// Scanned elsewhere in all three languages, so not here:
// - home, /c/<slug>, /p/<slug>, /news/<slug> and the content page /codice-sconto:
//   public-routes.spec.ts ("home", "category", "product", "news list and post", "content pages");
// - /customers for an agent (axe with every rule): phone-keyboard.spec.ts "/customers landmarks".
// Not routes of their own: /pgb-editor-preview (the page builder's preview, not linked) and
// /fresh/* (where the server renders pages that were not built; the same components).
// Users: axe@example.test (a copy of b2b@example.com: its cart and wishlist get one row here,
// nobody else's are touched) and b2b@example.com (its orders and account pages, read only).
import { expect, test, type Page } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { AXE_BUSINESS } from '../support/e2e-users';
import { API, apiGet, apiLogin, BASE_URL, expectNoAxeViolations, signInWithApi, tokenHeader, useLocale, type Locale } from './e2e-helpers';

const LOCALES: Locale[] = ['it', 'en', 'es'];
const CART_USER = { email: AXE_BUSINESS.email, password: AXE_BUSINESS.password };
const READER = { email: 'b2b@example.com', password: 'Customer-2026!' };
const CONTACT: Record<Locale, string> = { it: '/contatti', en: '/contacts', es: '/contactos' };
// Every content page of the demo shop but /codice-sconto (public-routes.spec.ts scans that one).
const CONTENT_SLUGS = ['chi-siamo', 'mission', 'valori', 'settori', 'offerte', 'offerte-stagionali', 'privacy', 'condizioni-di-vendita'];

interface Route {
  name: string;
  /** The path, given the page's language and what the signed-in user owns. */
  path: (locale: Locale, owned: Owned) => string;
  /** What shows once the page has drawn its content (islands included). */
  ready: string;
  who?: 'cart' | 'reader';
  status?: number;
}
interface Owned { orderId: number }

const PUBLIC: Route[] = [
  { name: 'product listing /p', path: () => '/p', ready: '[data-listing][data-hydrated][data-state="ready"]' },
  { name: 'news list /news', path: () => '/news', ready: 'main a[href^="/news/"]' },
  ...CONTENT_SLUGS.map((slug): Route => ({ name: `content page /${slug}`, path: () => `/${slug}`, ready: 'main h1' })),
  { name: 'contact', path: (locale) => CONTACT[locale], ready: 'main form' },
  { name: '404', path: (locale) => `/no-such-page-${locale}`, ready: 'main h1', status: 404 },
  { name: 'sign-in /auth/login', path: () => '/auth/login', ready: '#signin-username' },
  { name: 'password forgotten', path: () => '/auth/password-forgotten', ready: 'main form input' },
  { name: 'reset password', path: () => '/auth/reset-password', ready: 'main form input' },
  { name: 'register', path: () => '/auth/register', ready: 'main form input' },
  { name: 'trade account', path: () => '/auth/trade-account', ready: 'main form input' },
  // A link that is not (or no longer) valid: what a visitor with an old mail sees.
  { name: 'confirm e-mail', path: () => '/auth/confirm-email?token=not-a-valid-token', ready: 'main section [role="alert"], main section form' },
  { name: 'set password', path: () => '/auth/set-password?token=not-a-valid-token', ready: 'main section [role="alert"], main section form' },
];

const SIGNED_IN: Route[] = [
  { name: 'cart', who: 'cart', path: () => '/cart', ready: '[data-cart-state="ready"] [data-cart-row]' },
  { name: 'checkout', who: 'cart', path: () => '/cart/checkout', ready: '[data-checkout-state="ready"]' },
  { name: 'order complete', who: 'reader', path: (_l, o) => `/cart/order-complete?order=${o.orderId}`, ready: '[data-order-number]' },
  { name: 'account', who: 'reader', path: () => '/account', ready: '[data-latest-orders]' },
  { name: 'account details', who: 'reader', path: () => '/account/details', ready: '[data-profile-email]' },
  { name: 'address book', who: 'reader', path: () => '/account/addresses', ready: '[data-address-id]' },
  { name: 'orders', who: 'reader', path: () => '/account/orders', ready: '[data-order-row]' },
  { name: 'order detail', who: 'reader', path: (_l, o) => `/account/orders/${o.orderId}`, ready: '[data-order-line]' },
  { name: 'downloads', who: 'reader', path: () => '/account/downloads', ready: '[data-document-id]' },
  { name: 'wishlist', who: 'cart', path: () => '/account/wishlist', ready: '[data-wishlist]:not([aria-busy="true"])' },
];

/** Until the page's islands have hydrated (Astro drops `ssr` then) and what it shows is there. */
async function drawn(page: Page, route: Route) {
  await expect(page.locator(route.ready).first()).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * The cart user's cart and wishlist hold one product each (added once; a second worker adding one
 * too does no harm), so those pages show their rows rather than their empty state.
 */
async function fillCart(page: Page) {
  const { token } = await apiLogin(page.request, CART_USER);
  const listed = await apiGet<{ results: { id: number; has_variants: boolean; quantity: number }[] }>(page.request, token, 'products/p/?page_size=24');
  const product = listed.results.find((p) => !p.has_variants && p.quantity >= 10)!;
  for (const kind of ['carts', 'wishlists'] as const) {
    const open = await page.request.post(`${API}/${kind}/get-or-create/?shop_context=b2b`, { headers: tokenHeader(token), data: {} });
    expect(open.ok(), `${kind}/get-or-create/`).toBe(true);
    const list = (await open.json()) as { id: number };
    const rows = await apiGet<{ count: number }>(page.request, token, `${kind}/rows/?${kind === 'carts' ? 'cart' : 'wishlist'}=${list.id}&page_size=1&shop_context=b2b`);
    if (rows.count > 0) continue;
    const data = kind === 'carts' ? { cart: list.id, product: product.id, qty: 1 } : { wishlist: list.id, product: product.id };
    const added = await page.request.post(`${API}/${kind}/rows/?shop_context=b2b`, { headers: tokenHeader(token), data });
    // 400: the other worker added it first.
    expect(added.ok() || added.status() === 400, `${kind}/rows/: ${added.status()}`).toBe(true);
  }
}

async function readerOrder(page: Page): Promise<Owned> {
  const { token } = await apiLogin(page.request, READER);
  const me = await apiGet<{ customer_profile: { id: number } }>(page.request, token, 'auth/is-authenticated/');
  const orders = await apiGet<{ results: { id: number }[] }>(page.request, token, `orders/?customer=${me.customer_profile.id}&page_size=1`);
  return { orderId: orders.results[0]!.id };
}

/** The built 500 page as the server answers it (messages.spec.ts: "//" fails outside Astro's renderer). */
function serverErrorPage(locale: Locale): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(BASE_URL), { path: '//', headers: { cookie: `lan=${locale}`, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (res.statusCode === 500 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`// answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

for (const locale of LOCALES) {
  test.describe(`axe on every route (${locale})`, () => {
    for (const route of PUBLIC) {
      test(`${route.name} (${locale})`, async ({ page, context }) => {
        await useLocale(context, locale);
        const response = await page.goto(route.path(locale, { orderId: 0 }));
        expect(response?.status()).toBe(route.status ?? 200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await drawn(page, route);
        await expectNoAxeViolations(page);
      });
    }

    test(`500 (${locale})`, async ({ page, context }) => {
      await useLocale(context, locale);
      const html = await serverErrorPage(locale);
      // Served at an address of the shop, so its styles and scripts load as they would.
      await page.route('**/axe-server-error', (route) => route.fulfill({ status: 500, contentType: 'text/html; charset=utf-8', body: html }));
      await page.goto('/axe-server-error');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('main h1')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    for (const route of SIGNED_IN) {
      test(`${route.name}, signed in (${locale})`, async ({ page, context }) => {
        await useLocale(context, locale);
        const owned = route.who === 'reader' ? await readerOrder(page) : { orderId: 0 };
        if (route.who === 'cart') await fillCart(page);
        await signInWithApi(page, route.who === 'cart' ? CART_USER : READER, route.path(locale, owned));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await drawn(page, route);
        await expectNoAxeViolations(page);
      });
    }
  });
}
