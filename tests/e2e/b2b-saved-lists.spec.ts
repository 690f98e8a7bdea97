// Saved lists (issue 16): a business customer saves its cart as a list, empties the cart and adds
// the list back, with what happened to each row (en); creates, renames and deletes a list with a
// confirmation (es). User: lists@example.test, a copy of Birrificio Monte Alto of its own
// (tests/support/b2b-e2e-users.ts). Also the previously-bought page of the demo customer
// b2b@example.com (read only): its past products with their last order dates (en, it).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LIST_BUYER } from '../support/b2b-e2e-users';
import { API, apiGet, apiLogin, expectNoAxeViolations, signInWithApi, tokenHeader, useLocale } from './e2e-helpers';

const DEMO_B2B = { email: 'b2b@example.com', password: 'Customer-2026!' };

interface Listed {
  id: number;
  code: string;
  slug: string;
  has_variants: boolean;
  quantity: number;
  is_backorderable: boolean;
}

async function openCart(request: APIRequestContext, token: string): Promise<number> {
  const open = await request.post(`${API}/carts/get-or-create/`, { headers: tokenHeader(token), data: {} });
  expect(open.ok()).toBe(true);
  return ((await open.json()) as { id: number }).id;
}

async function emptyCart(request: APIRequestContext, token: string) {
  const cart = await openCart(request, token);
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart}&page_size=100`);
  for (const row of rows.results) expect((await request.delete(`${API}/carts/row/${row.id}/`, { headers: tokenHeader(token) })).ok()).toBe(true);
}

/** Deletes the customer's lists of that name (each test has names of its own: they run in parallel). */
async function deleteLists(request: APIRequestContext, token: string, name: string) {
  const lists = await apiGet<{ results: { id: number; name: string }[] }>(request, token, 'saved-lists/?page_size=100');
  for (const list of lists.results.filter((l) => l.name === name)) expect((await request.delete(`${API}/saved-lists/${list.id}/`, { headers: tokenHeader(token) })).ok()).toBe(true);
}

test.describe('saved lists', () => {
  test('save the cart as a list, empty the cart, add the list back (en)', async ({ page, context, request }) => {
    test.setTimeout(150_000);
    await useLocale(context, 'en');
    const { token } = await apiLogin(request, LIST_BUYER);
    await emptyCart(request, token);
    await deleteLists(request, token, 'Weekly brewing order');
    const listed = await apiGet<{ results: Listed[] }>(request, '', 'products/p/?page_size=60&locale=en');
    const picked = listed.results.filter((p) => !p.has_variants && (p.is_backorderable || p.quantity >= 20)).slice(0, 3);
    expect(picked).toHaveLength(3);
    const cart = await openCart(request, token);
    for (const [i, p] of picked.entries()) {
      const set = await request.post(`${API}/carts/rows/`, { headers: tokenHeader(token), data: { cart, product: p.id, qty: i + 2 } });
      expect(set.ok(), `${set.status()}`).toBe(true);
    }

    await signInWithApi(page, LIST_BUYER, '/cart');
    await expect(page.locator('[data-cart-row]')).toHaveCount(3);
    await page.getByRole('button', { name: 'Save the cart as a list' }).click();
    const name = page.locator('[data-save-list-name]');
    await expect(name).toBeFocused();
    await name.fill('Weekly brewing order');
    await expectNoAxeViolations(page);
    await page.locator('[data-save-list-confirm]').click();
    await expect(page.locator('[data-toast]').filter({ hasText: '3 products saved in the list “Weekly brewing order”.' })).toBeVisible();

    // The cart is emptied (by the API: the cart page's own removal is cart-checkout.spec.ts's).
    await emptyCart(request, token);
    await page.goto('/account/lists');
    const card = page.locator('[data-saved-list="Weekly brewing order"]');
    await expect(card).toBeVisible();
    await expect(card).toContainText('3 products');
    await expectNoAxeViolations(page);
    await card.getByRole('link', { name: 'Open the list Weekly brewing order' }).first().click();
    await expect(page).toHaveURL(/\/account\/lists\/\d+$/);
    await expect(page.locator('[data-list-row]')).toHaveCount(3);
    await expect(page.locator(`[data-list-row="${picked[1]!.code}"] [data-list-row-qty]`)).toHaveValue('3');
    await expectNoAxeViolations(page);

    await page.locator('[data-list-to-cart]').click();
    await expect(page.locator('[data-toast]').filter({ hasText: '3 lines added to the cart.' })).toBeVisible();
    await expect(page.locator('[data-list-result="added"]')).toHaveCount(3);
    await expect(page.locator('#list-results-title')).toBeFocused();
    await page.getByRole('link', { name: 'Go to the cart' }).click();
    await expect(page.locator('[data-cart-row]')).toHaveCount(3);
    const rows = await apiGet<{ results: { qty: number; product: number }[] }>(request, token, `carts/rows/?cart=${cart}&page_size=100`);
    expect(rows.results.map((r) => `${r.product}:${r.qty}`).sort()).toEqual(picked.map((p, i) => `${p.id}:${i + 2}`).sort());
  });

  test('create, rename and delete a list, with a confirmation before deleting (es)', async ({ page, context, request }) => {
    await useLocale(context, 'es');
    const { token } = await apiLogin(request, LIST_BUYER);
    await deleteLists(request, token, 'Pedido de vendimia');
    await deleteLists(request, token, 'Vendimia 2026');
    await signInWithApi(page, LIST_BUYER, '/account/lists');
    await expect(page.locator('[data-saved-lists]')).toBeVisible();
    // A name of its own, so the other test's lists do not matter.
    await page.getByLabel('Nombre de la nueva lista').fill('Pedido de vendimia');
    await page.getByRole('button', { name: 'Crear la lista' }).click();
    await expect(page.locator('[data-toast]').filter({ hasText: 'Lista «Pedido de vendimia» creada.' })).toBeVisible();
    const card = page.locator('[data-saved-list="Pedido de vendimia"]');
    await card.getByRole('button', { name: 'Cambiar nombre de la lista Pedido de vendimia' }).click();
    const rename = page.getByLabel('Nuevo nombre de la lista');
    await expect(rename).toBeFocused();
    await rename.fill('Vendimia 2026');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-toast]').filter({ hasText: 'La lista ahora se llama «Vendimia 2026».' })).toBeVisible();
    const renamed = page.locator('[data-saved-list="Vendimia 2026"]');
    await expect(renamed.getByRole('button', { name: 'Cambiar nombre de la lista Vendimia 2026' })).toBeFocused();

    const remove = renamed.getByRole('button', { name: 'Eliminar la lista Vendimia 2026' });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar la lista?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Se eliminarán la lista «Vendimia 2026» y sus productos.');
    await expectNoAxeViolations(page);
    // Escape keeps the list; the focus comes back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await remove.click();
    await dialog.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(page.locator('[data-toast]').filter({ hasText: 'Lista «Vendimia 2026» eliminada.' })).toBeVisible();
    await expect(renamed).toHaveCount(0);
    const lists = await apiGet<{ results: { name: string }[] }>(request, token, 'saved-lists/?page_size=100');
    expect(lists.results.map((l) => l.name)).not.toContain('Vendimia 2026');
  });
});

test('"Add to a list" on the product page, with the quantity typed there (it)', async ({ page, context, request }) => {
  await useLocale(context, 'it');
  const { token } = await apiLogin(request, LIST_BUYER);
  await deleteLists(request, token, 'Da riordinare');
  const listed = await apiGet<{ results: Listed[] }>(request, '', 'products/p/?page_size=60&locale=it');
  const product = listed.results.find((p) => !p.has_variants && (p.is_backorderable || p.quantity >= 20))!;
  await signInWithApi(page, LIST_BUYER, `/p/${product.slug}`);
  await expect(page.locator('[data-buy-box][data-hydrated]')).toBeVisible();
  const open = page.locator('[data-add-to-list]');
  await expect(open).toBeVisible();
  await page.locator('[data-buy-qty]').fill('6');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-list-select]')).toBeFocused();
  await page.getByLabel('Nome della nuova lista').fill('Da riordinare');
  // Enter saves to the list; it does not put the product in the cart.
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-toast]').filter({ hasText: 'Aggiunto alla lista «Da riordinare».' })).toBeVisible();
  await expect(page.locator('[data-list-panel]')).toBeHidden();
  await expect(open).toBeFocused();
  await expectNoAxeViolations(page);
  const lists = await apiGet<{ results: { id: number; name: string }[] }>(request, token, 'saved-lists/?page_size=100');
  const list = lists.results.find((l) => l.name === 'Da riordinare')!;
  const rows = await apiGet<{ results: { product: number; qty: number }[] }>(request, token, `saved-lists/${list.id}/rows/`);
  expect(rows.results.map((r) => [r.product, r.qty])).toEqual([[product.id, 6]]);
});

test.describe('previously bought', () => {
  for (const locale of ['en', 'it'] as const) {
    test(`the demo customer's past products with their last order dates (${locale})`, async ({ page, context, request }) => {
      await useLocale(context, locale);
      const { token } = await apiLogin(request, DEMO_B2B);
      const bought = await apiGet<{ count: number; results: { code: string; last_ordered_at: string; last_qty: number; orderable: boolean }[] }>(
        request, token, 'purchased/?page_size=20&order_by=last_ordered-desc',
      );
      expect(bought.count).toBeGreaterThan(0);

      await signInWithApi(page, DEMO_B2B, '/account/purchased');
      await expect(page.locator('[data-purchased-row]').first()).toBeVisible();
      await expect(page.locator('[data-purchased-status]')).toHaveText(locale === 'en' ? `${bought.count} product${bought.count === 1 ? '' : 's'} bought` : `${bought.count} articol${bought.count === 1 ? 'o acquistato' : 'i acquistati'}`);
      const shown = await page.locator('[data-purchased-row]').evaluateAll((rows) =>
        rows.map((r) => `${r.getAttribute('data-purchased-row')} ${r.querySelector('[data-last-date]')?.getAttribute('data-last-date')}`),
      );
      expect(shown).toEqual(bought.results.map((b) => `${b.code} ${b.last_ordered_at.slice(0, 10)}`));
      // The date in the page's language.
      const first = bought.results[0]!;
      const day = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'it-IT', { dateStyle: 'medium' }).format(new Date(first.last_ordered_at));
      await expect(page.locator(`[data-purchased-row="${first.code}"] time`)).toHaveText(day);
      await expectNoAxeViolations(page);

      // Searching by code narrows the list to that product.
      await page.locator('#purchased-search').fill(first.code);
      await expect(page.locator('[data-purchased-row]')).toHaveCount(1);
      await expect(page.locator(`[data-purchased-row="${first.code}"]`)).toBeVisible();
      if (locale === 'en') {
        // "To quick order" puts a product that can be ordered now there, with its last quantity.
        const orderable = bought.results.find((b) => b.orderable)!;
        await page.locator('#purchased-search').fill(orderable.code);
        await expect(page.locator('[data-purchased-row]')).toHaveCount(1);
        await page.locator(`[data-purchased-row="${orderable.code}"] [data-purchased-quick]`).click();
        await page.locator('[data-purchased-open-quick]').click();
        await expect(page).toHaveURL(/\/quick-order$/);
        await expect(page.locator('[data-qo-row="1"] [data-qo-code]')).toHaveValue(orderable.code);
        await expect(page.locator('[data-qo-row="1"] [data-qo-qty]')).toHaveValue(String(orderable.last_qty));
        await page.locator('[data-qo-clear]').click();
      }
    });
  }
});
