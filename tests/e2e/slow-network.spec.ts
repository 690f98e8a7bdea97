// Issue 14, item 18: on a slow network (Chromium's "Slow 3G" conditions through the DevTools
// protocol) a signed-in shopper sees the signed-in header from the first paint, and the checkout
// is usable after one round trip. User: b2b2@example.com, whose cart this spec only adds to (as
// account.spec.ts does), so the specs can run side by side.
import { expect, test, type CDPSession, type Page, type Route } from '@playwright/test';
import { API, apiGet, apiLogin, signInWithApi, tokenHeader } from './e2e-helpers';

const B2B2 = { email: 'b2b2@example.com', password: 'Customer-2026!' };

/** Chromium DevTools' "Slow 3G" preset: 2 s round trip, about 50 KB/s each way. */
async function slow3g(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 2000, downloadThroughput: (500 * 1024) / 8 * 0.8, uploadThroughput: (500 * 1024) / 8 * 0.8 });
  return cdp;
}

test('the header is signed in from the first paint, before any script of the page has run', async ({ page }) => {
  await signInWithApi(page, B2B2, '/favicon.svg');
  await slow3g(page);
  // Hold every script the page loads: what shows now is what the first paint shows.
  const held: Route[] = [];
  await page.route(/\/_astro\/.*\.js(\?|$)/, (route) => void held.push(route));
  await page.goto('/it/home', { waitUntil: 'commit' });
  const header = page.locator('[data-shop-header]');
  // The page's HTML itself crawls in at this speed: the header arrives first.
  await expect(header.locator('[data-header-signout]')).toBeVisible({ timeout: 45_000 });
  await expect(header.locator('[data-header-account]')).toBeVisible();
  await expect(header.locator('[data-shop-account]')).toBeHidden();
  // The header can be painted before the parser reaches the first script tag: wait until the
  // page has asked for a script (held, so none has run), then look again.
  await expect.poll(() => held.length, { timeout: 45_000 }).toBeGreaterThan(0);
  await expect(header.locator('[data-header-signout]')).toBeVisible();
  await expect(header.locator('[data-shop-account]')).toBeHidden();
  // Then the scripts run and keep that state, with the shopper's name.
  await page.unroute(/\/_astro\/.*\.js(\?|$)/);
  for (const route of held) await route.continue().catch(() => undefined);
  await expect(header.locator('[data-header-account-name]')).not.toHaveText('Account', { timeout: 60_000 });
  await expect(header.locator('[data-shop-account]')).toBeHidden();

  // Signed out (the token is gone): the first paint says "sign in", as it should.
  await page.evaluate(() => localStorage.clear());
  const heldAgain: Route[] = [];
  await page.route(/\/_astro\/.*\.js(\?|$)/, (route) => void heldAgain.push(route));
  await page.goto('/it/home', { waitUntil: 'commit' });
  await expect(header.locator('[data-shop-account]')).toBeVisible({ timeout: 45_000 });
  await expect(header.locator('[data-header-signout]')).toBeHidden();
  await page.unroute(/\/_astro\/.*\.js(\?|$)/);
  for (const route of heldAgain) await route.continue().catch(() => undefined);
});

test('the product page\'s buy box offers a signed-in shopper no "Sign in to buy" before its script has run', async ({ page }) => {
  await signInWithApi(page, B2B2, '/favicon.svg');
  // Hold every script the page loads: what shows now is what the first paint shows.
  const held: Route[] = [];
  await page.route(/\/_astro\/.*\.js(\?|$)/, (route) => void held.push(route));
  await page.goto('/p/malto-pale-ale', { waitUntil: 'commit' });
  const box = page.locator('[data-buy-box]');
  await expect(box).toBeVisible({ timeout: 45_000 });
  await expect(box.locator('[data-buy-login]')).toBeHidden();
  await expect(box).not.toHaveAttribute('data-hydrated');
  expect(held.length).toBeGreaterThan(0);
  // Then the script runs and shows what this customer may do.
  await page.unroute(/\/_astro\/.*\.js(\?|$)/);
  for (const route of held) await route.continue().catch(() => undefined);
  await expect(box.locator('[data-add-to-cart]')).toBeVisible({ timeout: 60_000 });
  await expect(box).toHaveAttribute('data-hydrated', '');
  await expect(box.locator('[data-buy-login]')).toBeHidden();

  // Signed out (the token is gone): the first paint offers "Sign in to buy", as it should, and the
  // server's HTML says so to visitors and crawlers without any script.
  await page.evaluate(() => localStorage.clear());
  const heldAgain: Route[] = [];
  await page.route(/\/_astro\/.*\.js(\?|$)/, (route) => void heldAgain.push(route));
  await page.goto('/p/malto-pale-ale', { waitUntil: 'commit' });
  await expect(box.locator('[data-buy-login]')).toBeVisible({ timeout: 45_000 });
  await expect(box.locator('[data-add-to-cart]')).toBeHidden();
  await expect(box).not.toHaveAttribute('data-hydrated');
  await page.unroute(/\/_astro\/.*\.js(\?|$)/);
  for (const route of heldAgain) await route.continue().catch(() => undefined);
  await expect(box).toHaveAttribute('data-hydrated', '');
  await expect(box.locator('[data-buy-login]')).toBeVisible();
});

test('the checkout asks for everything it needs at once: usable after one round trip', async ({ page }) => {
  const { token } = await apiLogin(page.request, B2B2);
  const cart = await (await page.request.post(`${API}/carts/get-or-create/`, { headers: tokenHeader(token), data: {} })).json() as { id: number };
  const products = await apiGet<{ results: { id: number; quantity: number; stock_state: string }[] }>(page.request, token, 'products/p/?page_size=24');
  const product = products.results.find((p) => p.quantity > 5 && p.stock_state === 'available') ?? products.results[0]!;
  const added = await page.request.post(`${API}/carts/rows/`, { headers: tokenHeader(token), data: { cart: cart.id, product: product.id, qty: 1 } });
  expect([200, 201]).toContain(added.status());
  await signInWithApi(page, B2B2, '/favicon.svg');
  await slow3g(page);

  const inits: { body: Record<string, unknown>; sent: number; answered?: number }[] = [];
  const started = Date.now();
  page.on('request', (r) => {
    if (r.url().includes(`${API}/checkout/init/`)) inits.push({ body: (r.postDataJSON() ?? {}) as Record<string, unknown>, sent: Date.now() - started });
  });
  page.on('requestfinished', (r) => {
    const init = inits.find((c) => c.answered === undefined);
    if (init && r.url().includes(`${API}/checkout/init/`)) init.answered = Date.now() - started;
  });
  await page.goto('/cart/checkout', { waitUntil: 'commit', timeout: 90_000 });
  await expect(page.locator('[data-checkout-state="ready"]')).toBeVisible({ timeout: 80_000 });
  // One call, for the open cart: it waited for no cart id, so for none of the cart's own calls
  // (carts/get-or-create/, then carts/rows/: two more round trips on this network).
  expect(inits, JSON.stringify(inits)).toHaveLength(1);
  expect(inits[0]!.body).not.toHaveProperty('cart');
  await expect(page.locator('[data-choices="payment_method"] input[type="radio"]').first()).toBeEnabled();
  await expect(page.locator('[data-checkout-section]').first()).toBeVisible();
});
