// Prices with or without VAT (ADR 0014): a consumer sees the product page, the buy box, the cart
// and checkout with VAT ("IVA inclusa", "VAT included"), a business net ("IVA esclusa"). Each
// place says which it shows. Users consumer@example.com and b2b@example.com; the specs share one
// database and run in parallel, so this one checks its own product's row, never whole totals.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatEuro } from '../../src/lib/i18n/format';
import type { Locale } from '../../src/lib/i18n/locales';
import { grossOf } from '../../src/lib/rules/vat-display';
import { API, apiGet, apiLogin, signInWithApi, tokenHeader, useLocale, watchErrors } from './e2e-helpers';

const B2B = { email: 'b2b@example.com', password: 'Customer-2026!' };
const CONSUMER = { email: 'consumer@example.com', password: 'Consumer-2026!' };

/** Intl puts narrow and plain no-break spaces in prices: compare with plain spaces. */
const spaces = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const buyBox = (page: Page) => page.locator('[data-buy-box][data-hydrated]');

interface Listed { id: number; slug: string; has_variants: boolean; quantity: number; is_backorderable: boolean; vat_rate: number; price: { standard_price: number; special_price: number | null } }
interface Live { results: { price: { price: number; shown_price: number; vat_included: boolean; vat_rate: number } }[] }

/** A product in stock without variants, from the end of the first page (other specs take the start). */
async function aProduct(request: APIRequestContext, offset: number): Promise<Listed> {
  const response = await request.get(`${API}/products/p/?page_size=36&locale=it`);
  const listed = ((await response.json()) as { results: Listed[] }).results.filter((p) => !p.has_variants && (p.is_backorderable || p.quantity >= 20));
  return listed[listed.length - 1 - offset]!;
}

async function ownRow(request: APIRequestContext, token: string, context: 'b2b' | 'b2c', product: number) {
  const header = (await (await request.post(`${API}/carts/get-or-create/?shop_context=${context}`, { headers: tokenHeader(token), data: {} })).json()) as { id: number };
  const rows = await apiGet<{ results: { product: number; total: number; shown_total: number; vat_included: boolean }[] }>(request, token, `carts/rows/?cart=${header.id}&page_size=100&shop_context=${context}`);
  return rows.results.find((r) => r.product === product);
}

async function expectBuyBoxPrice(page: Page, amount: number, locale: Locale, label: string) {
  const ready = buyBox(page).locator('[data-customer-price="ready"]');
  await expect(ready).toBeVisible();
  expect(spaces((await ready.locator('[data-price-value]').textContent()) ?? '')).toBe(spaces(formatEuro(amount, locale)));
  await expect(ready).toContainText(label);
}

test.describe('VAT display', () => {
  test.describe.configure({ mode: 'serial' });

  test('a consumer sees prices with VAT on the product page, in the cart and at checkout (it, en)', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await useLocale(context, 'it');
    const { token } = await apiLogin(request, CONSUMER);
    const product = await aProduct(request, 0);
    const live = await apiGet<Live>(request, token, `products/live/?ids=${product.id}`);
    const { price, shown_price: shown, vat_included: included } = live.results[0]!.price;
    expect(included).toBe(true);
    expect(shown).toBe(grossOf(price, product.vat_rate));

    await signInWithApi(page, CONSUMER, `/p/${product.slug}`);
    await expect(page).toHaveURL(new RegExp(`/p/${product.slug}$`));
    // The page's public price says it includes VAT, and so does the consumer's own.
    await expect(page.locator('[data-price]').first()).toContainText('IVA inclusa');
    await expectBuyBoxPrice(page, shown, 'it', 'IVA inclusa');
    await expect(page.locator('main')).not.toContainText('IVA esclusa');

    await useLocale(context, 'en');
    await page.reload();
    await expect(page.locator('[data-price]').first()).toContainText('VAT included');
    await expectBuyBoxPrice(page, shown, 'en', 'VAT included');

    await buyBox(page).getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(async () => (await ownRow(request, token, 'b2c', product.id))?.shown_total ?? 0).toBeGreaterThan(0);
    const row = (await ownRow(request, token, 'b2c', product.id))!;
    expect(row.vat_included).toBe(true);
    expect(row.shown_total).toBe(grossOf(row.total, product.vat_rate));

    await page.goto('/cart');
    const cartRow = page.locator(`[data-product-slug="${product.slug}"]`);
    await expect(cartRow).toBeVisible();
    expect(spaces((await cartRow.locator('[data-row-total]').textContent()) ?? '')).toBe(spaces(formatEuro(row.shown_total, 'en')));
    await expect(page.locator('[data-cart-totals]')).toHaveAttribute('data-vat-included', 'true');
    await expect(page.locator('[data-vat-note]')).toHaveText('Prices include VAT.');
    await expect(page.locator('[data-cart-totals]')).toContainText('Total (incl. VAT)');

    await page.goto('/cart/checkout');
    await expect(page.locator('[data-checkout-state="ready"]')).toBeVisible();
    const review = page.locator('[data-order-review]');
    await expect(review).toHaveAttribute('data-vat-included', 'true');
    await expect(review.locator('[data-vat-note]')).toHaveText('Prices include VAT.');
    await expect(review.locator('[data-row-total]').filter({ hasText: formatEuro(row.shown_total, 'en') }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a business sees net prices, saying so (it)', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await useLocale(context, 'it');
    const { token } = await apiLogin(request, B2B);
    const product = await aProduct(request, 1);
    const live = await apiGet<Live>(request, token, `products/live/?ids=${product.id}`);
    const { price, shown_price: shown, vat_included: included } = live.results[0]!.price;
    expect(included).toBe(false);
    expect(shown).toBe(price);

    await signInWithApi(page, B2B, `/p/${product.slug}`);
    await expect(page).toHaveURL(new RegExp(`/p/${product.slug}$`));
    await expectBuyBoxPrice(page, price, 'it', 'IVA esclusa');
    // The headline says the same net amount, labelled, once the buy box knows it (ADR 0014).
    const headline = page.locator('[data-customer-headline]');
    await expect(headline).toBeVisible();
    expect(spaces((await headline.textContent()) ?? '')).toContain(spaces(formatEuro(price, 'it')));
    await expect(headline).toContainText('IVA esclusa');
    await expect(page.locator('[data-headline-for=""]')).toBeHidden();

    await buyBox(page).getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect.poll(async () => (await ownRow(request, token, 'b2b', product.id))?.total ?? 0).toBeGreaterThan(0);
    const row = (await ownRow(request, token, 'b2b', product.id))!;
    expect([row.vat_included, row.shown_total]).toEqual([false, row.total]);
    await page.goto('/cart');
    const cartRow = page.locator(`[data-product-slug="${product.slug}"]`);
    await expect(cartRow).toBeVisible();
    expect(spaces((await cartRow.locator('[data-row-total]').textContent()) ?? '')).toBe(spaces(formatEuro(row.total, 'it')));
    await expect(page.locator('[data-cart-totals]')).toHaveAttribute('data-vat-included', 'false');
    await expect(page.locator('[data-vat-note]')).toHaveText('Prezzi IVA esclusa.');

    await page.goto('/cart/checkout');
    await expect(page.locator('[data-checkout-state="ready"]')).toBeVisible();
    await expect(page.locator('[data-order-review]')).toHaveAttribute('data-vat-included', 'false');
    await expect(page.locator('[data-order-review] [data-vat-note]')).toHaveText('Prezzi IVA esclusa.');
  });
});
