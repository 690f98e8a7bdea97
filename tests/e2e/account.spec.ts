// The account area in the browser, as b2b2@example.com (customer C0002, Birrificio Monte Alto):
// wishlist, address book, order history and detail (invoice PDF, reorder), details and the
// dashboard, in Italian and English. Only b2b2 is used here: every spec shares one database.
// Each test signs in through the API (the sign-in page has its own spec). axe scans the states
// these tests reach (an empty wishlist, a form with its errors, a dialog); every account page as
// it first draws is scanned in axe-routes.spec.ts, in all three languages.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { API, apiGet, apiLogin, expectNoAxeViolations, signInWithApi, useLocale, watchErrors } from './e2e-helpers';

const B2B2 = { email: 'b2b2@example.com', password: 'Customer-2026!' };
type Locale = 'it' | 'en';


const TEXT = {
  it: {
    added: 'Prodotto aggiunto alla lista dei desideri',
    already: 'Il prodotto è già nella lista dei desideri',
    removed: 'Prodotto rimosso dalla lista dei desideri',
    remove: 'Rimuovi',
    moveToCart: 'Sposta nel carrello',
    wishlistTitle: 'Lista dei desideri',
    wishlistEmpty: 'La tua lista dei desideri è vuota',
    notesSaved: 'Note salvate.',
    addAddress: 'Aggiungi un indirizzo',
    saveAddress: 'Salva indirizzo',
    required: 'Campo obbligatorio',
    addressCreated: 'Indirizzo creato correttamente',
    fields: { type: 'Tipo', name: 'Nome', street: 'Via e numero civico', city: 'Città', postal: 'CAP', country: 'Paese' },
    shipping: 'Spedizione',
    billing: 'Fatturazione',
    allTypes: 'Tutti i tipi',
    searchLabel: 'Cerca negli indirizzi',
    search: 'Cerca',
    typeFilter: 'Tipo di indirizzo',
    deleteTitle: 'Eliminare questo indirizzo?',
    confirmDelete: 'Sì, eliminalo',
    emptyFiltered: 'Nessun indirizzo corrisponde alla ricerca.',
    ordersTitle: 'Storico ordini',
    view: 'Vedi',
    back: 'Torna allo storico ordini',
    viewInvoice: 'Vedi fattura',
    reorder: 'Riordina',
    goToCart: 'Vai al carrello',
    invalidOrder: 'Ordine non valido',
    statusFilter: "Stato dell'ordine",
    current: 'Password attuale',
    newPassword: 'Nuova password',
    repeat: 'Ripeti la nuova password',
    changePassword: 'Cambia password',
    mustMatch: 'Le password devono coincidere',
    greeting: 'Ciao, Marco Bianchi',
    signOut: 'Esci',
  },
  en: {
    added: 'Product added to the wishlist',
    already: 'Product already in the wishlist',
    removed: 'Product removed from the wishlist',
    remove: 'Remove',
    moveToCart: 'Move to cart',
    wishlistTitle: 'Wishlist',
    wishlistEmpty: 'Your wishlist is empty',
    notesSaved: 'Notes saved.',
    addAddress: 'Add an address',
    saveAddress: 'Save address',
    required: 'This field is required',
    addressCreated: 'Address created successfully',
    fields: { type: 'Type', name: 'Name', street: 'Street and number', city: 'City', postal: 'Postal code', country: 'Country' },
    shipping: 'Shipping',
    billing: 'Billing',
    allTypes: 'All types',
    searchLabel: 'Search addresses',
    search: 'Search',
    typeFilter: 'Address type',
    deleteTitle: 'Delete this address?',
    confirmDelete: 'Yes, delete it',
    emptyFiltered: 'No addresses match your search.',
    ordersTitle: 'Order history',
    view: 'View',
    back: 'Back to order history',
    viewInvoice: 'View invoice',
    reorder: 'Reorder',
    goToCart: 'Go to the cart',
    invalidOrder: 'Invalid order',
    statusFilter: 'Order status',
    current: 'Current password',
    newPassword: 'New password',
    repeat: 'Repeat the new password',
    changePassword: 'Change password',
    mustMatch: 'Passwords must match',
    greeting: 'Hello, Marco Bianchi',
    signOut: 'Sign out',
  },
} as const;


async function apiToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request, B2B2)).token;
}

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

/** Starts from an empty wishlist (a run stopped half-way may have left a row). */
async function clearWishlist(request: APIRequestContext) {
  const token = await apiToken(request);
  const headers = { Authorization: `Token ${token}` };
  const header = (await (await request.post(`${API}/wishlists/get-or-create/?lazy=true`, { headers, data: {} })).json()) as { id: number | null };
  if (header.id === null) return;
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `wishlists/rows/?wishlist=${header.id}&page_size=100`);
  for (const row of rows.results) expect((await request.delete(`${API}/wishlists/row/${row.id}/`, { headers })).status()).toBe(204);
}

/** A product b2b2 can buy: in stock, with a page. */
async function buyableProduct(request: APIRequestContext, locale: Locale): Promise<{ id: number; slug: string; name: string }> {
  const list = await request.get(`${API}/products/p/?page_size=24&locale=${locale}`);
  const { results } = (await list.json()) as { results: { id: number; slug: string; name: string; quantity: number; stock_state: string }[] };
  const found = results.find((p) => p.quantity > 5 && p.stock_state === 'available') ?? results[0]!;
  return { id: found.id, slug: found.slug, name: found.name };
}

// Both wishlist tests empty and fill b2b2's one wishlist: one after the other. The other tests
// touch only what they create (an address of their own) or add to the cart, and run in parallel.
test.describe('wishlist', () => {
  test.describe.configure({ mode: 'serial' });
  for (const locale of ['it', 'en'] as const) {
    const t = TEXT[locale];
    test(`${locale}: wishlist — add from the product page, duplicate warning, notes, remove, empty state, move to cart`, async ({ page, context }) => {
      const errors = watchErrors(page);
      await useLocale(context, locale);
      const product = await buyableProduct(page.request, locale);
      await clearWishlist(page.request);
      await signInWithApi(page, B2B2, '/account/wishlist');
      await expect(page.getByRole('heading', { level: 1, name: t.wishlistTitle })).toBeVisible();
      await expect(page.getByText(t.wishlistEmpty)).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(`/p/${product.slug}`);
      // The button is in the page before the buy box hydrates; a click before that does nothing.
      const addButton = page.locator('[data-buy-box][data-hydrated] [data-add-to-wishlist]');
      await expect(addButton).toBeVisible();
      await addButton.click();
      await expect(toast(page, t.added)).toBeVisible();
      await addButton.click();
      await expect(toast(page, t.already)).toBeVisible();

      await page.goto('/account/wishlist');
      const row = page.locator('[data-wishlist-row]');
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('link', { name: product.name })).toHaveAttribute('href', `/p/${product.slug}`);
      const notes = row.getByRole('textbox');
      await notes.fill('Per la cotta di ottobre');
      await notes.blur();
      await expect(row.getByText(t.notesSaved)).toBeVisible();
      await page.reload();
      await expect(page.locator('[data-wishlist-row] textarea')).toHaveValue('Per la cotta di ottobre');
      await expectNoAxeViolations(page);

      await page.locator('[data-wishlist-row]').getByRole('button', { name: new RegExp(`^${t.remove} `) }).click();
      await expect(toast(page, t.removed)).toBeVisible();
      await expect(page.getByText(t.wishlistEmpty)).toBeVisible();

      // Back in the wishlist, then moved to the cart: the row leaves, the cart holds the product.
      await page.goto(`/p/${product.slug}`);
      await page.locator('[data-buy-box][data-hydrated] [data-add-to-wishlist]').click();
      await expect(toast(page, t.added)).toBeVisible();
      await page.goto('/account/wishlist');
      await page.locator('[data-wishlist-row]').getByRole('button', { name: new RegExp(`^${t.moveToCart}`) }).click();
      await expect(page.getByText(t.wishlistEmpty)).toBeVisible();
      const token = await apiToken(page.request);
      const cart = (await (await page.request.post(`${API}/carts/get-or-create/?lazy=true`, { headers: { Authorization: `Token ${token}` }, data: {} })).json()) as { id: number };
      const cartRows = await apiGet<{ results: { product: number }[] }>(page.request, token, `carts/rows/?cart=${cart.id}&page_size=100`);
      expect(cartRows.results.map((r) => r.product)).toContain(product.id);
      expect(errors).toEqual([]);
    });
  }
});

for (const locale of ['it', 'en'] as const) {
  const t = TEXT[locale];

  test(`${locale}: addresses — validation, add, search, filter by type, delete with confirmation`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    await signInWithApi(page, B2B2, '/account/addresses');
    await expect(page.locator('[data-address-id]').first()).toBeVisible();

    await page.getByRole('button', { name: t.addAddress }).click();
    const form = page.locator('[data-address-form]');
    await form.getByRole('button', { name: t.saveAddress }).click();
    await expect(form.locator('#address-type')).toBeFocused();
    await expect(form.getByText(t.required).first()).toBeVisible();
    await expect(form.locator('#address-name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    const name = `Magazzino E2E ${locale.toUpperCase()} ${Date.now() % 100000}`;
    await form.locator('#address-type').selectOption('Shipping');
    await form.locator('#address-name').fill(name);
    await form.locator('#address-street').fill('Via del Luppolo 7');
    await form.locator('#address-city').fill('Aosta');
    await form.locator('#address-postal_code').fill('1');
    await form.getByRole('button', { name: t.saveAddress }).click();
    await expect(form.locator('#address-postal_code')).toBeFocused();
    await form.locator('#address-postal_code').fill('11100');
    await expect(form.locator('#address-country')).toHaveValue('IT');
    await form.getByRole('button', { name: t.saveAddress }).click();
    await expect(toast(page, t.addressCreated)).toBeVisible();
    await expect(form).toHaveCount(0);

    await page.locator('#address-search').fill(name);
    await page.getByRole('search', { name: t.searchLabel }).getByRole('button', { name: t.search }).click();
    const card = page.locator(`[data-address-name="${name}"]`);
    await expect(card).toHaveCount(1);
    await expect(page.locator('[data-address-id]')).toHaveCount(1);

    await page.getByLabel(t.typeFilter).selectOption('Billing');
    await expect(page.getByText(t.emptyFiltered)).toBeVisible();
    await page.getByLabel(t.typeFilter).selectOption('Shipping');
    await expect(card).toHaveCount(1);

    // The card's other button edits the address in place (issue 14 item 9).
    const deleteButton = card.locator('button:not([data-address-edit])');
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: t.deleteTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(name);
    await expectNoAxeViolations(page);
    // Escape keeps the address and gives the focus back.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await deleteButton.click();
    await dialog.getByRole('button', { name: t.confirmDelete }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(page.getByText(t.emptyFiltered)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`${locale}: order history — columns, cards on a phone, status filter`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    const token = await apiToken(page.request);
    const orders = await apiGet<{ count: number }>(page.request, token, 'orders/?page_size=1');
    expect(orders.count).toBeGreaterThan(0);

    await signInWithApi(page, B2B2, '/account/orders');
    await expect(page.getByRole('heading', { level: 1, name: t.ordersTitle })).toBeVisible();
    const rows = page.locator('[data-order-row]');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBe(Math.min(10, orders.count));
    await expect(page.getByRole('columnheader')).toHaveCount(7);

    // On a phone each order is a card with labelled cells (issue 14): nothing to scroll sideways,
    // neither the table's region nor the page (tests/e2e/phone-keyboard.spec.ts checks the labels).
    await page.setViewportSize({ width: 375, height: 740 });
    const region = page.getByRole('region', { name: await page.locator('#order-history-caption').innerText() });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The status filter shows only orders of that status.
    const firstStatus = await rows.first().locator('[data-order-status]').getAttribute('data-order-status');
    await page.getByLabel(t.statusFilter).selectOption(firstStatus!);
    await expect
      .poll(async () => [...new Set(await page.locator('[data-order-row] [data-order-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-order-status'))))])
      .toEqual([firstStatus]);
    await page.getByLabel(t.statusFilter).selectOption('');
    await expect(rows).toHaveCount(Math.min(10, orders.count));
    expect(errors).toEqual([]);
  });

  test(`${locale}: an order opens from the history`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    await signInWithApi(page, B2B2, '/account/orders');
    const rows = page.locator('[data-order-row]');
    await expect(rows.first()).toBeVisible();
    const firstNumber = await rows.first().locator('th').textContent();
    await rows.first().getByRole('link', { name: new RegExp(firstNumber!.trim()) }).click();
    await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
    await expect(page.locator(`[data-order-detail="${firstNumber!.trim()}"]`)).toBeVisible();
    await expect(page.getByRole('link', { name: t.back })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`${locale}: order detail — invoice PDF, reorder, a wrong id`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    const token = await apiToken(page.request);
    const orders = await apiGet<{ results: { id: number; number: string }[] }>(page.request, token, 'orders/?page_size=50');
    let withInvoice: { id: number; number: string } | null = null;
    let rowsCount = 0;
    for (const order of orders.results) {
      const detail = await apiGet<{ documents: Record<string, unknown>; rows_count: number }>(page.request, token, `orders/${order.id}/`);
      // Several rows: reorder must still say so in one toast (issue 14, item 8).
      if (detail.documents.invoice && detail.rows_count >= 2) {
        rowsCount = detail.rows_count;
        withInvoice = order;
        break;
      }
    }
    expect(withInvoice).not.toBeNull();

    // The invoice is a PDF fetched with the token.
    await signInWithApi(page, B2B2, `/account/orders/${withInvoice!.id}`);
    await expect(page.locator(`[data-order-detail="${withInvoice!.number}"]`)).toBeVisible();
    const pdfResponse = page.waitForResponse((r) => r.url().includes('/orders/doc/') && r.url().includes('type=invoice'));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t.viewInvoice }).click();
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 4).toString()).toBe('%PDF');

    // Reorder puts the rows in the cart and says so, in one toast for all its rows (issue 14,
    // item 8): every toast the page shows from the press on is counted, also one gone again.
    await page.evaluate(() => {
      const w = window as unknown as { __toasts: string[] };
      w.__toasts = [];
      new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) if (node instanceof HTMLElement && node.matches('[data-toast]')) w.__toasts.push(node.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: t.reorder, exact: true }).click();
    const summary = page.locator('[data-reorder-summary]');
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts), { message: `reordering ${rowsCount} rows` }).toHaveLength(1);
    await expect(summary.getByRole('link', { name: t.goToCart })).toHaveAttribute('href', '/cart');
    const cart = await page.request.post(`${API}/carts/get-or-create/?lazy=true`, { headers: { Authorization: `Token ${token}` }, data: {} });
    expect(((await cart.json()) as { rows_count: number }).rows_count).toBeGreaterThan(0);

    // A wrong id is an invalid order.
    await page.goto('/account/orders/999999');
    await expect(page.locator('[data-order-missing] [data-account-error]')).toContainText(t.invalidOrder);
    expect(errors).toEqual([]);
  });

  test(`${locale}: details — profile and "Passwords must match"`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    await signInWithApi(page, B2B2, '/account/details');
    await expect(page.locator('[data-profile-email]')).toHaveText(B2B2.email);
    await expect(page.locator('[data-profile-customer]')).toContainText('Birrificio Monte Alto');
    await page.getByLabel(t.current, { exact: true }).fill(B2B2.password);
    await page.getByLabel(t.newPassword, { exact: true }).fill('Luppolo-Nuovo-2031!');
    await page.getByLabel(t.repeat, { exact: true }).fill('Luppolo-Nuovo-2031?');
    let calls = 0;
    page.on('request', (r) => void (r.url().includes('password-change') && calls++));
    await page.getByRole('button', { name: t.changePassword }).click();
    await expect(page.getByText(t.mustMatch)).toBeVisible();
    await expect(page.getByLabel(t.repeat, { exact: true })).toBeFocused();
    expect(calls).toBe(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test(`${locale}: downloads`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    await signInWithApi(page, B2B2, '/account/downloads');
    await expect(page.locator('[data-document-id]').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`${locale}: dashboard, and signing out from it`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    await signInWithApi(page, B2B2, '/account');
    await expect(page.getByRole('heading', { name: t.greeting })).toBeVisible();
    await expect(page.locator('[data-account-customer]')).toContainText('Birrificio Monte Alto');
    await expect(page.locator('[data-latest-orders] li')).toHaveCount(3);

    // A second tab on a private page follows the sign-out made in the first (the storage event).
    const otherTab = await context.newPage();
    await otherTab.goto('/account/downloads');
    await expect(otherTab.locator('[data-document-id]').first()).toBeVisible();
    await page.locator('[data-account-dashboard]').getByRole('button', { name: t.signOut, exact: true }).click();
    // Home, not the sign-in page: the route guard must not race the sign-out's own navigation.
    await page.waitForURL(/\/home(-en|-es)?$/);
    expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();
    await expect(otherTab).toHaveURL(/\/auth\/login\?next=%2Faccount%2Fdownloads$/);
    expect(errors).toEqual([]);
  });
}
