// Issue 14, forms that say what is wrong (items 6, 9, 12, 13): a checkout with a missing choice
// names it beside its field and moves the focus there; an address is edited in place; the season
// filter stays hidden while seasons are off; an agent's ?next= is honoured after sign-in.
// Users: b2b2@example.com (its cart and an address of its own, as account.spec.ts does) and
// agent2@example.com (read-only).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiGet, apiLogin, expectNoAxeViolations, signInWithApi, signInWithForm, tokenHeader, useLocale } from './e2e-helpers';

const B2B2 = { email: 'b2b2@example.com', password: 'Customer-2026!' };
const AGENT2 = { email: 'agent2@example.com', password: 'Agent2-2026!' };

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

/** A product without variants, in stock, bought by the piece. */
async function simpleProduct(request: APIRequestContext) {
  const list = await request.get(`${API}/products/p/?page_size=50`);
  const body = (await list.json()) as { results: { id: number; slug: string; has_variants: boolean; quantity: number; is_backorderable: boolean }[] };
  const product = body.results.find((p) => !p.has_variants && p.quantity >= 20);
  expect(product, 'a simple product in stock').toBeTruthy();
  return product!;
}

test.describe('checkout: a missing choice is named beside its field (item 6)', () => {
  const TEXT = {
    it: { confirm: "Conferma l'ordine", missing: 'Scegli un metodo di pagamento.', support: "contatta l'assistenza tecnica" },
    en: { confirm: 'Place order', missing: 'Choose a payment method.', support: 'contact technical support' },
  } as const;

  for (const locale of ['it', 'en'] as const) {
    test(`without a payment method the order is not sent, the field says why and has the focus (${locale})`, async ({ page, context, request }) => {
      test.setTimeout(120_000);
      const text = TEXT[locale];
      await useLocale(context, locale);
      const { token } = await apiLogin(request, B2B2);
      const cart = (await (await request.post(`${API}/carts/get-or-create/`, { headers: tokenHeader(token), data: {} })).json()) as { id: number };
      const product = await simpleProduct(request);
      const rows = await apiGet<{ results: { product: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100`);
      if (!rows.results.some((r) => r.product === product.id)) {
        expect((await request.post(`${API}/carts/rows/`, { headers: tokenHeader(token), data: { cart: cart.id, product: product.id, qty: 1 } })).ok()).toBe(true);
      }

      await signInWithApi(page, B2B2, '/cart/checkout');
      await expect(page.locator('[data-checkout-state="ready"]')).toBeVisible();
      await page.getByRole('button', { name: text.confirm }).click();

      const payment = page.locator('[data-choices="payment_method"]');
      await expect(payment.locator('#payment_method-missing')).toHaveText(text.missing);
      const firstOption = payment.locator('input[type="radio"]').first();
      await expect(firstOption).toBeFocused();
      await expect(firstOption).toHaveAttribute('aria-invalid', 'true');
      await expect(firstOption).toHaveAttribute('aria-describedby', 'payment_method-missing');
      // "Contact technical support" is for faults, not for a choice the shopper can make.
      await expect(page.locator('[data-checkout-error]')).toHaveCount(0);
      await expect(page.locator('main')).not.toContainText(text.support);
      await expectNoAxeViolations(page);

      // Choosing a method clears the message.
      await firstOption.check();
      await expect(payment.locator('#payment_method-missing')).toHaveCount(0);
      await expect(firstOption).not.toHaveAttribute('aria-invalid', 'true');
    });
  }
});

test.describe('address book: edit in place (item 9)', () => {
  test.describe.configure({ mode: 'serial' });
  const TEXT = {
    it: { edit: (name: string) => `Modifica l'indirizzo ${name}`, save: 'Salva le modifiche', updated: 'Indirizzo aggiornato', default: 'Predefinito' },
    en: { edit: (name: string) => `Edit the address ${name}`, save: 'Save changes', updated: 'Address updated', default: 'Default' },
  } as const;
  type Address = { id: number; name: string; city: string; type: string; is_default: boolean };

  for (const locale of ['it', 'en'] as const) {
    test(`an address is changed where it is shown; made default, it replaces the old default (${locale})`, async ({ page, context, request }) => {
      test.setTimeout(120_000);
      const text = TEXT[locale];
      await useLocale(context, locale);
      const { token } = await apiLogin(request, B2B2);
      const all = await apiGet<{ results: Address[] }>(request, token, 'addresses/?type=Billing&page_size=100');
      const formerDefault = all.results.find((a) => a.is_default);
      const name = `Sede modifica ${locale} ${Date.now().toString(36)}`;
      const created = await request.post(`${API}/addresses/`, {
        headers: tokenHeader(token),
        data: { type: 'Billing', name, street: 'Corso Ivrea 18', city: 'Aosta', postal_code: '11100', province: 'AO', country: 'IT' },
      });
      expect(created.status()).toBe(201);
      const address = (await created.json()) as Address;
      try {
        await signInWithApi(page, B2B2, '/account/addresses');
        await page.locator('#address-search').fill(name);
        await page.locator('#address-search').press('Enter');
        const card = page.locator(`[data-address-id="${address.id}"]`);
        await expect(page.locator('[data-address-id]')).toHaveCount(1);
        await card.getByRole('button', { name: text.edit(name) }).click();

        const form = card.locator(`[data-address-form="${address.id}"]`);
        await expect(form.locator(`#address-edit-${address.id}-type`)).toBeFocused();
        await expect(form.locator(`#address-edit-${address.id}-name`)).toHaveValue(name);
        await expect(form.locator(`#address-edit-${address.id}-country`)).toHaveValue('IT');
        // The shop's countries come first, Italy at the top.
        await expect(form.locator(`#address-edit-${address.id}-country optgroup`).first().locator('option').first()).toHaveAttribute('value', 'IT');
        await form.locator(`#address-edit-${address.id}-postal_code`).fill('');
        await form.getByRole('button', { name: text.save }).click();
        await expect(form.locator(`#address-edit-${address.id}-postal_code`)).toBeFocused();
        await expect(form.locator(`#address-edit-${address.id}-postal_code`)).toHaveAttribute('aria-invalid', 'true');
        await form.locator(`#address-edit-${address.id}-postal_code`).fill('11020');
        await form.locator(`#address-edit-${address.id}-city`).fill('Saint-Christophe');
        await form.locator(`#address-edit-${address.id}-is_default`).check();
        await expectNoAxeViolations(page);
        await form.getByRole('button', { name: text.save }).click();

        await expect(toast(page, text.updated)).toBeVisible();
        await expect(card).toContainText('11020 Saint-Christophe AO');
        await expect(card).toContainText(text.default);
        await expect(card.getByRole('button', { name: text.edit(name) })).toBeFocused();

        const after = await apiGet<{ results: Address[] }>(request, token, 'addresses/?type=Billing&page_size=100');
        expect(after.results.filter((a) => a.is_default).map((a) => a.id)).toEqual([address.id]);
      } finally {
        // Leave the customer as it was: its former default back, the test's address gone.
        if (formerDefault) await request.patch(`${API}/addresses/${formerDefault.id}/`, { headers: tokenHeader(token), data: { is_default: true } });
        await request.delete(`${API}/addresses/${address.id}/`, { headers: tokenHeader(token) });
      }
    });
  }
});

test.describe('listing: no season filter while seasons are off (item 12)', () => {
  for (const locale of ['it', 'en'] as const) {
    test(`the demo has seasons off: the product list offers no season filter (${locale})`, async ({ page, context, request }) => {
      await useLocale(context, locale);
      const setting = await request.get(`${API}/config/system/SEASONS_ENABLED/`);
      if (setting.ok()) expect(((await setting.json()) as { value: string }).value).not.toBe('true');
      await page.goto('/p');
      await expect(page.locator('[data-filter="custom-field-shop"], [data-filter^="custom-field-"]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[data-filter="custom-field-season"]')).toHaveCount(0);
      await expect(page.getByRole('group', { name: locale === 'it' ? 'Stagione' : 'Season', exact: true })).toHaveCount(0);
    });
  }
});

test.describe("an agent's ?next= after sign-in (item 13)", () => {
  test.describe.configure({ mode: 'serial' });
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  test('a public page: once the customer is chosen the agent is there, as any user would be after signing in (it)', async ({ page, context, request }) => {
    await useLocale(context, 'it');
    const product = await simpleProduct(request);
    const target = `/p/${product.slug}`;
    await signInWithForm(page, AGENT2, target);
    await expect(page).toHaveURL(new RegExp(`/customers\\?next=${escape(encodeURIComponent(target))}$`));
    await page.locator('[data-customer-code]').first().getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`${escape(target)}$`));
  });

  test('a page that needs a customer, with its query, is reached once the customer is chosen (en)', async ({ page, context }) => {
    await useLocale(context, 'en');
    await signInWithForm(page, AGENT2, '/account/orders?status=Completed');
    await expect(page).toHaveURL(/\/customers\?next=%2Faccount%2Forders%3Fstatus%3DCompleted$/);
    await page.locator('[data-customer-code]').first().getByRole('button').click();
    await expect(page).toHaveURL(/\/account\/orders\?status=Completed$/);
  });

  test('another site is never a destination: the agent stays to choose, then continues to the catalogue (en)', async ({ page, context }) => {
    await useLocale(context, 'en');
    await signInWithForm(page, AGENT2, '//evil.example/p');
    await expect(page).toHaveURL(/\/customers$/);
    await page.locator('[data-customer-code]').first().getByRole('button').click();
    await expect(page.locator('[data-customer-continue] a')).toHaveAttribute('href', '/p');
    await expect(page).toHaveURL(/\/customers$/);
  });
});
