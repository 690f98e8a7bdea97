// Money that adds up (issue 14): the headline price of a product page follows the chosen variant
// and agrees with the buy box and the cart row, for a consumer and for a business with its own
// net and agreed prices (ADR 0014); cash on delivery's fee is in the checkout summary's total,
// which is the placed order's total. Users: money@example.test and money-b2b@example.test only,
// copies of the demo consumer and of b2b2@example.com made for this spec (the business with 10 %
// agreed off every variant; tests/support/e2e-users.ts): its tests empty the carts, so they run
// one after the other and no other spec shares the customers.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatEuro } from '../../src/lib/i18n/format';
import { grossOf } from '../../src/lib/rules/vat-display';
import { MONEY_BUSINESS, MONEY_CONSUMER } from '../support/e2e-users';
import { API, apiGet, apiLogin, signInWithApi, tokenHeader, useLocale, type Locale } from './e2e-helpers';

const CONSUMER = { email: MONEY_CONSUMER.email, password: MONEY_CONSUMER.password };
const BUSINESS = { email: MONEY_BUSINESS.email, password: MONEY_BUSINESS.password };
test.describe.configure({ mode: 'serial' });

/** Intl puts narrow and plain no-break spaces in prices: compare with plain spaces. */
const spaces = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Listed { id: number; slug: string; has_variants: boolean; quantity: number; is_backorderable: boolean }
interface Price { standard_price: number; special_price: number | null }
interface Detail { id: number; slug: string; vat_rate: number; price: Price; variants: { id: number; name: string; price: Price; quantity: number; is_backorderable: boolean }[] }

const unit = (p: Price) => p.special_price ?? p.standard_price;

async function emptyCart(request: APIRequestContext, token: string, context: 'b2b' | 'b2c' = 'b2c') {
  const open = await request.post(`${API}/carts/get-or-create/?shop_context=${context}`, { headers: tokenHeader(token), data: {} });
  expect(open.ok()).toBe(true);
  const cart = (await open.json()) as { id: number };
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100&shop_context=${context}`);
  for (const row of rows.results) expect((await request.delete(`${API}/carts/row/${row.id}/?shop_context=${context}`, { headers: tokenHeader(token) })).ok()).toBe(true);
  await request.delete(`${API}/promotions/coupons/apply/?cart=${cart.id}&shop_context=${context}`, { headers: tokenHeader(token) });
}

/** A product whose dearest variant in stock costs more than the product's own price. */
async function productWithDearerVariant(request: APIRequestContext, locale: Locale) {
  const listed = ((await (await request.get(`${API}/products/p/?page_size=100&locale=${locale}`)).json()) as { results: Listed[] }).results;
  for (const p of listed.filter((x) => x.has_variants)) {
    const detail = (await (await request.get(`${API}/products/p/${p.slug}/?locale=${locale}`)).json()) as Detail;
    const inStock = detail.variants.filter((v) => v.is_backorderable || v.quantity >= 2);
    const dearest = [...inStock].sort((a, b) => unit(b.price) - unit(a.price))[0];
    if (dearest && unit(dearest.price) > unit(detail.price)) return { detail, variant: dearest };
  }
  throw new Error('no product with a dearer variant in stock');
}

const headline = (page: Page, productId: number) => page.locator(`[data-headline-price="${productId}"] [data-price]:visible`);

for (const [locale, words] of [
  ['it', { add: 'Aggiungi al carrello' }],
  ['en', { add: 'Add to cart' }],
] as const) {
  test(`the headline price follows a dearer variant and agrees with the buy box and the cart row (${locale})`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await useLocale(context, locale);
    const { token } = await apiLogin(request, CONSUMER);
    await emptyCart(request, token);
    const { detail, variant } = await productWithDearerVariant(request, locale);
    const productPrice = spaces(formatEuro(grossOf(unit(detail.price), detail.vat_rate), locale));
    const variantPrice = spaces(formatEuro(grossOf(unit(variant.price), detail.vat_rate), locale));
    expect(variantPrice).not.toBe(productPrice);

    await signInWithApi(page, CONSUMER, `/p/${detail.slug}`);
    const box = page.locator('[data-buy-box][data-hydrated]');
    await expect(box).toBeVisible();
    await expect(headline(page, detail.id)).toHaveCount(1);
    expect(spaces((await headline(page, detail.id).textContent()) ?? '')).toContain(productPrice);

    await box.getByRole('radio', { name: new RegExp(`^${escape(variant.name)}(\\s|$)`) }).check();
    await expect(headline(page, detail.id)).toHaveCount(1);
    await expect.poll(async () => spaces((await headline(page, detail.id).textContent()) ?? '')).toContain(variantPrice);
    expect(spaces((await headline(page, detail.id).textContent()) ?? '')).not.toContain(productPrice);
    const boxPrice = box.locator('[data-customer-price="ready"] [data-price-value]');
    await expect(boxPrice).toBeVisible();
    expect(spaces((await boxPrice.textContent()) ?? '')).toBe(variantPrice);

    await box.getByRole('button', { name: words.add }).click();
    await expect(page.locator('[data-toast="success"]')).toBeVisible();
    await page.goto('/cart');
    const row = page.locator(`[data-product-slug="${detail.slug}"]`);
    await expect(row).toBeVisible();
    expect(spaces((await row.locator('[data-unit-price]').textContent()) ?? '')).toBe(variantPrice);
    await emptyCart(request, token);
  });
}

for (const [locale, words] of [
  ['it', { add: 'Aggiungi al carrello', yours: 'Il tuo prezzo:', net: 'IVA esclusa' }],
  ['en', { add: 'Add to cart', yours: 'Your price:', net: 'VAT excluded' }],
] as const) {
  test(`a business sees its own price of a dearer variant in the headline, the buy box and the cart row (${locale})`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await useLocale(context, locale);
    const { token } = await apiLogin(request, BUSINESS);
    await emptyCart(request, token, 'b2b');
    const { detail, variant } = await productWithDearerVariant(request, locale);
    const me = await apiGet<{ customer_profile: { id: number } }>(request, token, 'auth/is-authenticated/');
    const live = await apiGet<{ results: { variants: { id: number; price: { price: number; standard_price: number; shown_price: number; vat_included: boolean } }[] }[] }>(
      request,
      token,
      `products/live/?ids=${detail.id}&customer=${me.customer_profile.id}`,
    );
    const own = live.results[0]!.variants.find((v) => v.id === variant.id)!.price;
    // Net and agreed (10 % off the variant's list price): neither the public headline nor the list price.
    expect(own.vat_included).toBe(false);
    expect(own.price).toBeLessThan(unit(variant.price));
    const ownPrice = spaces(formatEuro(own.shown_price, locale));
    const publicPrice = spaces(formatEuro(grossOf(unit(variant.price), detail.vat_rate), locale));

    await signInWithApi(page, BUSINESS, `/p/${detail.slug}`);
    const box = page.locator('[data-buy-box][data-hydrated][data-live="known"]');
    await expect(box).toBeVisible();
    const option = box.locator('label').filter({ has: page.locator(`input[value="${variant.id}"]`) });
    await option.locator('input').check();
    await expect(headline(page, detail.id)).toHaveCount(1);
    await expect.poll(async () => spaces((await headline(page, detail.id).textContent()) ?? '')).toContain(ownPrice);
    const said = spaces((await headline(page, detail.id).textContent()) ?? '');
    expect(said).toContain(words.yours);
    expect(said).toContain(words.net);
    expect(said).not.toContain(publicPrice);
    const boxPrice = box.locator('[data-customer-price="ready"] [data-price-value]');
    await expect(boxPrice).toBeVisible();
    expect(spaces((await boxPrice.textContent()) ?? '')).toBe(ownPrice);
    await expect(box.locator('[data-vat-label]')).toHaveText(words.net);
    // The version list of the box says the customer's price too.
    expect(spaces((await option.locator('[data-variant-price]').textContent()) ?? '')).toBe(ownPrice);

    await box.getByRole('button', { name: words.add }).click();
    await expect(page.locator('[data-toast="success"]')).toBeVisible();
    await page.goto('/cart');
    const row = page.locator(`[data-product-slug="${detail.slug}"]`);
    await expect(row).toBeVisible();
    expect(spaces((await row.locator('[data-unit-price]').textContent()) ?? '')).toBe(ownPrice);
    await emptyCart(request, token, 'b2b');
  });
}

for (const [locale, words] of [
  ['it', { courier: /Corriere espresso/, card: /Carta di credito/, cod: /Contrassegno/, fee: /4,00/, confirm: "Conferma l'ordine" }],
  ['en', { courier: /Express courier/, card: /Credit card/, cod: /Cash on delivery/, fee: /4\.00/, confirm: 'Place order' }],
] as const) {
  test(`cash on delivery: the fee is in the checkout total, and that total is the order placed (${locale})`, async ({ page, context, request }) => {
    test.setTimeout(150_000);
    await useLocale(context, locale);
    const { token } = await apiLogin(request, CONSUMER);
    await emptyCart(request, token);
    const listed = ((await (await request.get(`${API}/products/p/?page_size=24&locale=${locale}&shop_context=b2c`)).json()) as { results: Listed[] }).results;
    const product = listed.find((p) => !p.has_variants && (p.is_backorderable || p.quantity >= 10))!;
    const open = await request.post(`${API}/carts/get-or-create/?shop_context=b2c`, { headers: tokenHeader(token), data: {} });
    const cart = (await open.json()) as { id: number };
    expect((await request.post(`${API}/carts/rows/?shop_context=b2c`, { headers: tokenHeader(token), data: { cart: cart.id, product: product.id, qty: 1 } })).ok()).toBe(true);

    await signInWithApi(page, CONSUMER, '/cart/checkout');
    await expect(page.locator('[data-checkout-state="ready"]')).toBeVisible();
    await page.getByRole('radio', { name: words.courier }).check();
    await page.getByRole('radio', { name: words.card }).check();
    await expect(page.locator('[data-payment-fee]')).toHaveCount(0);
    const withoutFee = spaces((await page.locator('[data-checkout-total]').textContent()) ?? '');
    await page.getByRole('radio', { name: words.cod }).check();
    await expect(page.locator('[data-payment-fee]')).toHaveText(words.fee);
    await expect(page.locator('[data-checkout-total]')).not.toHaveText(withoutFee);
    const shown = spaces((await page.locator('[data-checkout-total]').textContent()) ?? '');

    await page.getByRole('button', { name: words.confirm }).click();
    await expect(page).toHaveURL(/\/cart\/order-complete\?order=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('order'));
    const order = await apiGet<{ total: number; payment_fee: number }>(request, token, `orders/${id}/?shop_context=b2c`);
    expect(order.payment_fee).toBe(3.28);
    expect(spaces(formatEuro(order.total, locale))).toBe(shown);
  });
}
