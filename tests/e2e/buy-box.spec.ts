// The product page's buy box (server-rendered, a plain script: src/lib/buy-box/) where the other
// specs do not walk it: a product with versions before one is chosen, and an agent who has not
// chosen a customer. Price, stock, adding and quantity errors are in cart-checkout, money,
// vat-display, availability and messages. Users: b2b2@example.com and agent@example.com, read
// only (nothing reaches a cart), so this spec runs beside the others.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, signInWithApi, useLocale, type Locale } from './e2e-helpers';

const B2B2 = { email: 'b2b2@example.com', password: 'Customer-2026!' };
const AGENT = { email: 'agent@example.com', password: 'Agent-2026!' };

interface Listed { slug: string; has_variants: boolean; quantity: number; is_backorderable: boolean }

/** A product with versions that is itself in stock (so "Add to cart" is not "Out of stock"). */
async function productWithVersions(request: APIRequestContext, locale: Locale): Promise<Listed> {
  const response = await request.get(`${API}/products/p/?page_size=100&locale=${locale}`);
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: Listed[] };
  const product = results.find((p) => p.has_variants && (p.is_backorderable || p.quantity > 0));
  expect(product, 'a product with versions, in stock').toBeTruthy();
  return product!;
}

test('versions: "Add to cart" before choosing one says so in the box, and choosing one clears it (en)', async ({ page, context, request }) => {
  await useLocale(context, 'en');
  const product = await productWithVersions(request, 'en');
  await signInWithApi(page, B2B2, `/p/${product.slug}`);
  const box = page.locator('[data-buy-box][data-hydrated][data-live="known"]');
  await expect(box).toBeVisible();
  // The customer's price is the chosen version's: none before a version is chosen.
  await expect(box.locator('[data-customer-price]')).toBeHidden();
  const add = box.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.click();

  const error = box.locator('[data-buy-error]');
  await expect(error).toHaveText('Choose the version');
  await expect(error).toHaveAttribute('role', 'alert');
  // Nothing is wrong with the quantity: no toast, the field is not marked.
  await expect(box.getByLabel('Quantity')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
  expect((await new AxeBuilder({ page }).include('[data-buy-box]').analyze()).violations.map((v) => v.id)).toEqual([]);

  await box.getByRole('radio').first().check();
  await expect(error).toHaveCount(0);
  await expect(box.locator('[data-customer-price]')).toBeVisible();
  await expect(box.locator('[data-customer-price]')).not.toHaveAttribute('data-customer-price', 'loading');
});

test('an agent without a customer is sent to choose one, and comes back to the product (it)', async ({ page, context, request }) => {
  await useLocale(context, 'it');
  const product = await productWithVersions(request, 'it');
  await signInWithApi(page, AGENT, `/p/${product.slug}`);
  const box = page.locator('[data-buy-box][data-hydrated]');
  const choose = box.locator('[data-buy-choose-customer]');
  await expect(choose).toBeVisible();
  await expect(choose).toHaveText('Scegli un cliente per acquistare');
  await expect(choose).toHaveAttribute('href', `/customers?next=${encodeURIComponent(`/p/${product.slug}`)}`);
  // No price and no buttons for nobody in particular; no "Sign in to buy" for a signed-in agent.
  await expect(box.locator('[data-customer-price]')).toBeHidden();
  await expect(box.locator('[data-add-to-cart]')).toBeHidden();
  await expect(box.locator('[data-add-to-wishlist]')).toBeHidden();
  await expect(box.locator('[data-buy-login]')).toBeHidden();
  await choose.click();
  await expect(page).toHaveURL(new RegExp(`/customers\\?next=${encodeURIComponent(`/p/${product.slug}`)}$`));
});
