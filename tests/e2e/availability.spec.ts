// Issue 14, item 7: one rule decides the availability text everywhere. For the same product at
// the same moment the listing card, the product page (badge and buy box) and the cart row say
// the same words, in English and in Spanish, for a demo product with little stock.
import { expect, test, type Page } from '@playwright/test';
import { AVAILABILITY_BUSINESS } from '../support/e2e-users';
import { API, apiGet, apiLogin, signInWithApi, tokenHeader, useLocale, watchErrors, type Locale } from './e2e-helpers';

// A copy of Lucía (Bodega Sierra Norte) made for this spec (tests/support/e2e-users.ts): a
// customer has one cart, and agent.spec.ts orders for Bodega Sierra Norte itself. The two
// languages run one after the other on it.
const LUCIA = { email: AVAILABILITY_BUSINESS.email, password: AVAILABILITY_BUSINESS.password };
type StockState = 'available' | 'low' | 'backorder' | 'unavailable';
interface Listed { id: number; code: string; slug: string; has_variants: boolean; quantity: number; is_backorderable: boolean; stock_state: StockState }

/** The catalogue's words for each state (src/content/messages/{en,es}.json, product.stock). */
const TEXT: Record<'en' | 'es', Record<StockState, string>> = {
  en: { available: 'In stock', low: 'Only a few left', backorder: 'Available to order', unavailable: 'Out of stock' },
  es: { available: 'Disponible', low: 'Últimas unidades', backorder: 'Disponible bajo pedido', unavailable: 'Agotado' },
};

const IN_CART = { en: '1 already in your cart', es: '1 ya en el carrito' };

const ready = (page: Page) => expect(page.locator('[data-listing][data-hydrated][data-state="ready"]')).toBeVisible();

test.describe.configure({ mode: 'serial' });

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  test(`listing, product page and cart say the same availability for a product with little stock (${locale})`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const { token } = await apiLogin(request, LUCIA);
    // Empty the customer's cart, so only this test's row is in it.
    const cart = (await (await request.post(`${API}/carts/get-or-create/`, { headers: tokenHeader(token), data: {} })).json()) as { id: number };
    const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100`);
    for (const row of rows.results) await request.delete(`${API}/carts/row/${row.id}/`, { headers: tokenHeader(token) });

    // A demo product with little stock (backorderable first: its words differed most before).
    const list = (await (await request.get(`${API}/products/p/?page_size=100&locale=${locale}`, { headers: tokenHeader(token) })).json()) as { results: Listed[] };
    const low = list.results.filter((p) => !p.has_variants && p.stock_state === 'low');
    const product = low.find((p) => p.is_backorderable) ?? low[0];
    expect(product, 'a demo product with little stock').toBeTruthy();
    const expected = TEXT[locale][product!.stock_state];

    await useLocale(context, locale);
    await signInWithApi(page, LUCIA, `/p?search=${encodeURIComponent(product!.code)}`);
    await ready(page);
    const card = page.locator(`[data-listing] [data-live-stock="${product!.id}"]`);
    await expect(card).toHaveText(expected);

    await page.goto(`/p/${product!.slug}`);
    const badge = page.locator(`[data-product="${product!.slug}"] [data-live-stock="${product!.id}"]`).first();
    await expect(badge).toHaveText(expected);
    const box = page.locator('[data-buy-box][data-hydrated]');
    await expect(box.locator('[data-buy-stock] [data-availability]')).toHaveText(expected);
    await box.locator('[data-add-to-cart]').click();
    // Added (the box counts it) before the page is left: leaving would cancel the call.
    await expect(box.locator('[data-buy-stock]')).toContainText(IN_CART[locale]);
    await expect(box.locator('[data-buy-stock]')).toContainText(expected);

    await page.goto('/cart');
    const row = page.locator(`[data-cart-state="ready"] [data-cart-row][data-product-slug="${product!.slug}"]`);
    await expect(row.locator('[data-availability]')).toHaveText(expected);

    // And the listing again, with the product now in this customer's own cart.
    await page.goto(`/p?search=${encodeURIComponent(product!.code)}`);
    await ready(page);
    await expect(page.locator(`[data-listing] [data-live-stock="${product!.id}"]`)).toHaveText(expected);
    expect(errors).toEqual([]);
    for (const r of (await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100`)).results) {
      await request.delete(`${API}/carts/row/${r.id}/`, { headers: tokenHeader(token) });
    }
  });
}
