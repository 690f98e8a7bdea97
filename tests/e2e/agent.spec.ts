// Agents (spec sections 2, 4 and 6): an agent signs in, is sent to /customers before any page
// that acts for a customer, searches and picks a customer, sees it in the header and shops for
// it at its prices, then leaves the customer view. Only agent@example.com and
// agent2@example.com are used here (all specs share one database).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatEuro } from '../../src/lib/i18n/format';
import { API, apiGet, apiLogin, signInWithApi, signInWithForm, type Locale, useLocale } from './e2e-helpers';


const AGENT = { email: 'agent@example.com', password: 'Agent-2026!', firstName: 'Luca' };
const AGENT2 = { email: 'agent2@example.com', password: 'Agent2-2026!', firstName: 'Sara' };

const TEXT = {
  it: { welcome: 'Ti diamo il benvenuto', choose: 'Scegli un cliente', change: 'Cambia cliente', exit: 'Esci dalla vista cliente', acting: 'Stai operando per:' },
  en: { welcome: 'Welcome', choose: 'Choose a customer', change: 'Change customer', exit: 'Exit customer view', acting: 'Acting for:' },
} as const;


const header = (page: Page) => page.locator('[data-shop-header]');

/**
 * Waits until the header shows the user's first name, i.e. the session knows who signed in.
 * Opening /customers straight from the sign-in form can race the user check (the route guard
 * then sees a token without a user, takes the agent for a customer and sends it home), so the
 * list tests go there only after this.
 */
const signedInAs = (page: Page, firstName: string) => expect(header(page).locator('[data-header-account]')).toContainText(firstName);
const customerInHeader = (page: Page) => header(page).locator('[data-header-customer-name]');

/** Empties the agent's cart for a customer through the API, so each journey starts at 0. */
async function emptyCart(request: APIRequestContext, token: string, customer: number) {
  const open = await request.post(`${API}/carts/get-or-create/`, { headers: { Authorization: `Token ${token}` }, data: { customer } });
  expect(open.ok()).toBe(true);
  const cart = (await open.json()) as { id: number };
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100`);
  for (const row of rows.results) {
    const removed = await request.delete(`${API}/carts/row/${row.id}/`, { headers: { Authorization: `Token ${token}` } });
    expect(removed.ok()).toBe(true);
  }
}

/** An in-stock product without variants, bought by the piece. */
async function simpleProduct(request: APIRequestContext, locale: Locale) {
  const list = await request.get(`${API}/products/p/?page_size=50&locale=${locale}`);
  const body = (await list.json()) as { results: { id: number; code: string; slug: string; has_variants: boolean; quantity: number; is_backorderable: boolean }[] };
  const product = body.results.find((p) => !p.has_variants && p.quantity >= 5);
  expect(product, 'a simple product in stock').toBeTruthy();
  return product!;
}

test.describe('agent journey', () => {
  test.describe.configure({ mode: 'serial' });

  for (const locale of ['it', 'en'] as const) {
    test(`agent2 chooses Bodega Sierra Norte, buys at its price and leaves the customer view (${locale})`, async ({ page, context, request }) => {
      test.setTimeout(180_000);
      const text = TEXT[locale];
      await useLocale(context, locale);

      const { token } = await apiLogin(request, AGENT2);
      const found = await apiGet<{ results: { id: number; code: string }[] }>(request, token, 'users/customers/?search=Sierra');
      const sierra = found.results.find((c) => c.code === 'C0005')!;
      expect(sierra).toBeTruthy();
      await emptyCart(request, token, sierra.id);

      await signInWithForm(page, AGENT2, '/account');

      // An agent with no customer is sent to /customers before the account and the cart.
      await expect(page).toHaveURL(/\/customers\?next=%2Faccount$/);
      await page.goto('/cart');
      await expect(page).toHaveURL(/\/customers\?next=%2Fcart$/);
      await expect(page.locator('[data-agent-welcome]')).toHaveText(`${text.welcome}, ${AGENT2.firstName}`);
      await expect(header(page).getByRole('link', { name: text.choose })).toBeVisible();
      await expect(header(page).locator('[data-shop-account]')).toBeHidden();
      await expect(header(page).locator('[data-header-account]')).toContainText(AGENT2.firstName);

      // Both customers of agent2 are listed; the search narrows to Sierra Norte.
      await expect(page.locator('[data-customer-code]')).toHaveCount(2);
      await page.getByRole('searchbox', { name: locale === 'it' ? 'Cerca clienti' : 'Search customers' }).fill('Sierra');
      await expect(page.locator('[data-customer-code]')).toHaveCount(1);
      const card = page.locator('[data-customer-code="C0005"]');
      await expect(card).toContainText('Bodega Sierra Norte');
      await expect(card).toContainText('ESB12345678');
      // Choosing the customer goes on where the agent was going (issue 14 item 13).
      await card.getByRole('button').click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(customerInHeader(page)).toHaveText(/Bodega Sierra Norte/);
      await expect(header(page)).toContainText(text.acting);
      await expect(header(page).getByRole('link', { name: text.change })).toBeVisible();

      // The product page shows this customer's price and adds to its cart.
      const product = await simpleProduct(request, locale);
      await page.goto(`/p/${product.slug}`);
      await expect(customerInHeader(page)).toHaveText(/Bodega Sierra Norte/);
      const buyBox = page.locator('[data-buy-box]');
      if ((await buyBox.count()) === 0) {
        test.info().annotations.push({ type: 'skipped', description: 'no buy box on the product page yet: price and add-to-cart not checked' });
      } else {
        const price = await apiGet<{ price: number }>(request, token, `products/p/price/${product.code}/?customer=${sierra.id}&locale=${locale}`);
        await expect(buyBox.locator('[data-customer-price="ready"] [data-price-value]')).toHaveText(formatEuro(price.price, locale));
        await buyBox.locator('[data-add-to-cart]').click();
        await expect(header(page).locator('[data-shop-count="cart"]')).toHaveText('1');
        await expect(header(page).locator('[data-shop-count-label="cart"]')).toHaveText(locale === 'it' ? '1 articolo nel carrello' : '1 item in the cart');
      }

      // Checkout for the customer, when that page exists.
      const checkout = await request.get('/cart/checkout', { headers: { Cookie: `lan=${locale}` } });
      if (checkout.status() !== 200 || (await buyBox.count()) === 0) {
        test.info().annotations.push({ type: 'skipped', description: 'no checkout page yet: ordering for the customer not checked' });
      } else {
        await orderWithB2bPayment(page, request, token, locale);
      }

      // Leaving the customer view: back on /customers, no customer in the header.
      await header(page).getByRole('button', { name: text.exit }).click();
      await expect(page).toHaveURL(/\/customers(\?|$)/);
      await expect(customerInHeader(page)).toBeHidden();
      await expect(header(page).getByRole('link', { name: text.choose })).toBeVisible();
      await expect(page.locator('[data-customer-continue]')).toHaveCount(0);
      await expect(header(page).locator('[data-shop-count="cart"]')).toHaveText('');
    });
  }
});

/**
 * Orders the cart for the customer at /cart/checkout, paying "as per contract" (a B2B-only
 * method), and checks the order confirmation and the emptied cart count.
 */
async function orderWithB2bPayment(page: Page, request: APIRequestContext, token: string, locale: Locale) {
  const methods = await apiGet<{ results: { code: string; name: string }[] }>(request, token, `shop/payment-methods-b2b/?locale=${locale}&shop_context=b2b`);
  const contract = methods.results.find((m) => m.code === 'as-per-contract');
  expect(contract, 'the B2B method "as per contract"').toBeTruthy();
  await page.goto('/cart/checkout');
  await expect(page.locator('[data-place-order]')).toBeVisible({ timeout: 15_000 });
  // Addresses and shipping may be preselected; choose the first of each when not.
  for (const group of ['billing_address', 'shipping_address', 'shipping_method']) {
    const radios = page.locator(`[data-choices="${group}"] input[type="radio"]`);
    await expect(radios.first()).toBeVisible();
    if ((await page.locator(`[data-choices="${group}"] input[type="radio"]:checked`).count()) === 0) await radios.first().check();
  }
  await page.locator('[data-choices="payment_method"] label').filter({ hasText: contract!.name }).locator('input[type="radio"]').check();
  await page.locator('[data-place-order]').click();
  await expect(page).toHaveURL(/\/cart\/order-complete/, { timeout: 20_000 });
  await expect(page.locator('[data-order-state="ready"] [data-order-payment]')).toHaveText(contract!.name);
  await expect(customerInHeader(page)).toHaveText(/Bodega Sierra Norte/);
  await expect(header(page).locator('[data-shop-count="cart"]')).toHaveText('');
}

test.describe('agent customer list', () => {
  test('agent lists, searches and pages its own customers; axe finds nothing (it)', async ({ page, context }) => {
    await useLocale(context, 'it');
    // Signed in first, then to /customers once the header knows the user (see signedInAs).
    await signInWithApi(page, AGENT, '/home');
    await signedInAs(page, AGENT.firstName);
    await page.goto('/customers');
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.locator('[data-agent-welcome]')).toHaveText(`${TEXT.it.welcome}, ${AGENT.firstName}`);
    await expect(page.locator('[data-customer-code]')).toHaveCount(3);
    await expect(page.locator('[data-customers-status]')).toHaveText('3 clienti');
    // Only its own customers: agent2's are not there.
    await expect(page.locator('[data-customer-code="C0005"]')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Cerca clienti' }).fill('vigna');
    await expect(page.locator('[data-customers-status]')).toHaveText('Nessun cliente corrisponde a “vigna”.');
    await expect(page.locator('[data-customer-code]')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Cerca clienti' }).fill('colli');
    await expect(page.locator('[data-customer-code]')).toHaveCount(1);
    await expect(page.locator('[data-customer-code="C0001"]')).toContainText('Giulia Ferrero');
  });

  test('signing out from the header goes home and shows the sign-in link again (en)', async ({ page, context }) => {
    await useLocale(context, 'en');
    await signInWithApi(page, AGENT, '/home-en');
    await signedInAs(page, AGENT.firstName);
    await page.goto('/customers');
    await expect(page.locator('[data-agent-welcome]')).toHaveText(`${TEXT.en.welcome}, ${AGENT.firstName}`);
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/home(-en)?$/);
    await expect(header(page).locator('[data-shop-account]')).toBeVisible();
    await expect(header(page).locator('[data-header-account]')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();
  });
});
