// Data a customer reads is in the page's language (issue 13, item 13): the checkout shows the
// business customer's contract payment terms in English and in Spanish, not in Italian, and the
// order placed "as per contract" shows them on its confirmation page. Only agent2@example.com
// acting for customer C0004 (Azienda Agricola Vigna Vecchia) is used here: all specs share one
// database, and agent.spec.ts uses agent2 for C0005 only.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiGet, apiLogin, tokenHeader, useLocale, watchErrors, type Locale } from './e2e-helpers';

const AGENT2 = { email: 'agent2@example.com', password: 'Agent2-2026!' };
const ITALIAN_TERMS = 'Bonifico bancario 30 gg fine mese';

const CASES: { locale: Locale; contract: string; terms: string; place: string }[] = [
  { locale: 'en', contract: 'As per contract', terms: 'Bank transfer, 30 days end of month', place: 'Place order' },
  { locale: 'es', contract: 'Según contrato', terms: 'Transferencia bancaria a 30 días fin de mes', place: 'Confirmar el pedido' },
];

interface Customer { id: number; code: string; business_name: string | null }

/** The customer's b2b cart holds one unit of a well-stocked product (nobody else's scarce one). */
async function cartWithOneRow(request: APIRequestContext, token: string, customer: number) {
  const open = await request.post(`${API}/carts/get-or-create/?shop_context=b2b`, { headers: tokenHeader(token), data: { customer } });
  expect(open.ok()).toBe(true);
  const cart = (await open.json()) as { id: number };
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100&shop_context=b2b`);
  if (rows.results.length > 0) return;
  const listed = await apiGet<{ results: { id: number; has_variants: boolean; quantity: number }[] }>(request, token, 'products/p/?page_size=100&locale=it');
  const product = listed.results.find((p) => !p.has_variants && p.quantity >= 50);
  expect(product, 'a product with plenty of stock').toBeTruthy();
  const added = await request.post(`${API}/carts/rows/?shop_context=b2b`, { headers: tokenHeader(token), data: { cart: cart.id, product: product!.id, qty: 1 } });
  expect(added.ok()).toBe(true);
}

/** Signed in as agent2 with C0004 chosen, as the customer list leaves the session. */
async function actForCustomer(page: Page, token: string, expiry: string, customer: Customer) {
  const user = await apiGet<unknown>(page.request, token, 'auth/is-authenticated/');
  await page.goto('/favicon.svg');
  const stored = {
    AUTH_TOKEN: token,
    AUTH_TOKEN_EXPIRE: expiry,
    AUTH_USERNAME: AGENT2.email,
    SHOP_USER: JSON.stringify(user),
    SHOP_CUSTOMER: JSON.stringify({ id: customer.id, name: customer.business_name, kind: 'b2b' }),
  };
  await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), stored);
}

test.describe('customer data in the page language', () => {
  test.describe.configure({ mode: 'serial' });

  for (const c of CASES) {
    test(`checkout and order confirmation show the contract payment terms in the page language (${c.locale})`, async ({ page, context, request }) => {
      test.setTimeout(120_000);
      const errors = watchErrors(page);
      await useLocale(context, c.locale);
      const { token, expiry } = await apiLogin(request, AGENT2);
      const found = await apiGet<{ results: Customer[] }>(request, token, 'users/customers/?search=Vigna');
      const vigna = found.results.find((x) => x.code === 'C0004')!;
      expect(vigna).toBeTruthy();
      await cartWithOneRow(request, token, vigna.id);
      await actForCustomer(page, token, expiry, vigna);

      await page.goto('/cart/checkout');
      await expect(page).toHaveURL(/\/cart\/checkout$/);
      await expect(page.locator('[data-checkout-state="ready"]')).toBeVisible();
      await expect(page.getByRole('button', { name: c.place })).toBeVisible();
      const payments = page.locator('[data-choices="payment_method"]');
      const contract = payments.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(c.contract) }) });
      await expect(contract).toContainText(c.terms);
      await expect(payments).not.toContainText(ITALIAN_TERMS);

      // Addresses and shipping may be preselected; the first of each when not.
      for (const group of ['billing_address', 'shipping_address', 'shipping_method']) {
        const radios = page.locator(`[data-choices="${group}"] input[type="radio"]`);
        await expect(radios.first()).toBeVisible();
        if ((await page.locator(`[data-choices="${group}"] input[type="radio"]:checked`).count()) === 0) await radios.first().check();
      }
      await contract.locator('input[type="radio"]').check();
      await page.getByRole('button', { name: c.place }).click();
      await expect(page).toHaveURL(/\/cart\/order-complete\?order=\d+$/, { timeout: 20_000 });
      await expect(page.locator('[data-order-state="ready"]')).toBeVisible();
      await expect(page.locator('[data-order-payment]')).toHaveText(c.contract);
      await expect(page.locator('[data-order-payment-terms]')).toHaveText(c.terms);
      expect(errors).toEqual([]);
    });
  }
});
