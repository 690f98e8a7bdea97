// The agent's day (issue 16): an agent finds a customer by its city, quick-orders for it, switches
// to another customer and sees that customer's own cart at that customer's own prices, never the
// first one's (es, it). Agent: day-agent@example.test with copies of Il Glicine (Torino) and
// Birrificio Monte Alto (Aosta) of its own (tests/support/b2b-e2e-users.ts).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DAY_AGENT } from '../support/b2b-e2e-users';
import { API, apiGet, apiLogin, expectNoAxeViolations, signInWithApi, tokenHeader, useLocale } from './e2e-helpers';

interface Customer {
  id: number;
  code: string;
  city: string | null;
  open_cart_rows: number;
  open_cart_total: number;
}
interface Listed {
  id: number;
  code: string;
  has_variants: boolean;
  quantity: number;
  is_backorderable: boolean;
}

async function cartOf(request: APIRequestContext, token: string, customer: number, agent: number): Promise<number> {
  const open = await request.post(`${API}/carts/get-or-create/`, { headers: tokenHeader(token), data: { customer, agent } });
  expect(open.ok(), `${open.status()}`).toBe(true);
  return ((await open.json()) as { id: number }).id;
}

async function emptyCart(request: APIRequestContext, token: string, cart: number) {
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart}&page_size=100`);
  for (const row of rows.results) expect((await request.delete(`${API}/carts/row/${row.id}/`, { headers: tokenHeader(token) })).ok()).toBe(true);
}

const price = async (request: APIRequestContext, token: string, code: string, customer: number) =>
  (await apiGet<{ price: number }>(request, token, `products/p/price/${code}/?customer=${customer}`)).price;

test('an agent finds a customer by city, quick-orders, switches customer and sees the other cart and prices (es)', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await useLocale(context, 'es');
  const { token } = await apiLogin(request, DAY_AGENT);
  const me = await apiGet<{ id: number }>(request, token, 'auth/is-authenticated/');
  const customers = await apiGet<{ results: Customer[] }>(request, token, 'users/customers/?page_size=50');
  const torino = customers.results.find((c) => c.code === 'E2E-DAY-TORINO')!;
  const aosta = customers.results.find((c) => c.code === 'E2E-DAY-AOSTA')!;
  expect(torino.city).toBe('Torino');
  expect(aosta.city).toBe('Aosta');

  // A product the two customers pay differently for (each has agreed prices on part of the catalogue).
  const listed = await apiGet<{ results: Listed[] }>(request, '', 'products/p/?page_size=100&locale=es');
  const simple = listed.results.filter((p) => !p.has_variants && (p.is_backorderable || p.quantity >= 20));
  let product: Listed | undefined;
  let prices = { torino: 0, aosta: 0 };
  for (const p of simple) {
    const [t, a] = [await price(request, token, p.code, torino.id), await price(request, token, p.code, aosta.id)];
    if (t !== a) {
      product = p;
      prices = { torino: t, aosta: a };
      break;
    }
  }
  expect(product, 'a product with two different agreed prices').toBeTruthy();
  const torinoCart = await cartOf(request, token, torino.id, me.id);
  const aostaCart = await cartOf(request, token, aosta.id, me.id);
  await emptyCart(request, token, torinoCart);
  await emptyCart(request, token, aostaCart);
  // Aosta already has an open cart with the same product (the agent took it last week).
  expect((await request.post(`${API}/carts/rows/`, { headers: tokenHeader(token), data: { cart: aostaCart, product: product!.id, qty: 4 } })).ok()).toBe(true);
  const euro = (n: number) => new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(n);

  await signInWithApi(page, DAY_AGENT, '/customers?next=%2Fquick-order');
  await expect(page.locator('[data-customer-code]')).toHaveCount(2);
  // Each customer shows its open cart.
  await expect(page.locator('[data-customer-code="E2E-DAY-AOSTA"] [data-customer-cart]')).toHaveAttribute('data-customer-cart', (prices.aosta * 4).toFixed(2));
  await expect(page.locator('[data-customer-code="E2E-DAY-TORINO"]')).toContainText('Carrito vacío');
  await page.locator('#customer-search').fill('Torino');
  await expect(page.locator('[data-customer-code]')).toHaveCount(1);
  await expect(page.locator('[data-customer-code="E2E-DAY-TORINO"]')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('[data-customer-code="E2E-DAY-TORINO"]').getByRole('button', { name: /^Elegir/ }).click();

  // Choosing goes on to the quick order, for Torino.
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.locator('[data-header-customer-name]')).toHaveText('Garden Center Il Glicine');
  await expect(page.locator('[data-quick-order="ready"]')).toBeVisible();
  await page.locator('[data-qo-paste]').fill(`${product!.code};2`);
  await page.locator('[data-qo-paste-apply]').click();
  await expect(page.locator('[data-qo-row="1"]')).toHaveAttribute('data-state', 'ok');
  await expect(page.locator('[data-qo-row="1"] [data-qo-item]')).toContainText(euro(prices.torino));
  await page.locator('[data-qo-add-all]').click();
  await expect(page.locator('[data-toast]').filter({ hasText: '1 línea añadida al carrito.' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Switch to Aosta on the way to the cart: its own cart, at its own price.
  await page.locator('[data-header-change]').click();
  await expect(page).toHaveURL(/\/customers\?next=/);
  await page.locator('#customer-search').fill('Aosta');
  await expect(page.locator('[data-customer-code]')).toHaveCount(1);
  await page.locator('[data-customer-code="E2E-DAY-AOSTA"]').getByRole('button', { name: /^Elegir/ }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.locator('[data-header-customer-name]')).toHaveText('Birrificio Monte Alto S.n.c.');
  // The quick order is the customer's own: Torino's rows are not here.
  await expect(page.locator('[data-qo-row="1"] [data-qo-code]')).toHaveValue('');
  await page.goto('/cart');
  await expect(page.locator('[data-cart-row]')).toHaveCount(1);
  await expect(page.locator('[data-row-qty]')).toHaveValue('4');
  await expect(page.locator('[data-unit-price]')).toHaveText(euro(prices.aosta));
  await expectNoAxeViolations(page);

  // And Torino's cart holds what the quick order put there, at Torino's price.
  const rows = await apiGet<{ results: { qty: number; price: number }[] }>(request, token, `carts/rows/?cart=${torinoCart}&page_size=100`);
  expect(rows.results.map((r) => [r.qty, r.price])).toEqual([[2, prices.torino]]);
});
