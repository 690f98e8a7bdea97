// Quick order (issue 16): a business customer pastes 20 lines with 3 bad ones, sees each reason on
// its line, puts the 17 good ones in the cart in one call and finds them there (it); the form by
// keyboard, with suggestions on code and name (en). User: quick@example.test, a copy of Cantina
// dei Colli of its own (tests/support/b2b-e2e-users.ts), so no other spec sees its cart.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import writeXlsxFile from 'write-excel-file/node';
import { QUICK_BUYER } from '../support/b2b-e2e-users';
import { API, apiGet, apiLogin, expectNoAxeViolations, signInWithApi, tokenHeader, useLocale } from './e2e-helpers';

interface Listed {
  id: number;
  code: string;
  name: string;
  has_variants: boolean;
  quantity: number;
  is_backorderable: boolean;
}

async function emptyCart(request: APIRequestContext, token: string) {
  const open = await request.post(`${API}/carts/get-or-create/`, { headers: tokenHeader(token), data: {} });
  expect(open.ok()).toBe(true);
  const cart = (await open.json()) as { id: number };
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100`);
  for (const row of rows.results) expect((await request.delete(`${API}/carts/row/${row.id}/`, { headers: tokenHeader(token) })).ok()).toBe(true);
}

/** Products a cart takes one or two of whatever the other specs do: plenty in stock, or backorderable. */
async function orderableProducts(request: APIRequestContext, count: number, locale = 'it'): Promise<Listed[]> {
  const listed = await apiGet<{ results: Listed[] }>(request, '', `products/p/?page_size=100&locale=${locale}`);
  const simple = listed.results.filter((p) => !p.has_variants && (p.is_backorderable || p.quantity >= 20));
  expect(simple.length).toBeGreaterThanOrEqual(count);
  return simple.slice(0, count);
}

test.describe('quick order', () => {
  test('20 pasted lines, 3 bad ones with their reasons, the 17 good ones into the cart in one go (it)', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await useLocale(context, 'it');
    const { token } = await apiLogin(request, QUICK_BUYER);
    await emptyCart(request, token);
    const products = await orderableProducts(request, 18);
    const good = products.slice(0, 17);
    const listed = await apiGet<{ results: Listed[] }>(request, '', 'products/p/?page_size=100&locale=it');
    const withVariants = listed.results.find((p) => p.has_variants);
    expect(withVariants, 'a product sold by its versions').toBeTruthy();

    // 17 good lines in the three separators, and three bad ones among them (lines 4, 11 and 18).
    const lines = good.map((p, i) => `${p.code}${['\t', ';', ','][i % 3]}${(i % 2) + 1}`);
    lines.splice(3, 0, 'NOPE-0000;2');
    lines.splice(10, 0, `${products[17]!.code};2,5`);
    lines.splice(17, 0, `${withVariants!.code};1`);
    expect(lines).toHaveLength(20);

    await signInWithApi(page, QUICK_BUYER, '/quick-order');
    await expect(page.locator('[data-quick-order="ready"]')).toBeVisible();
    await expect(page.locator('[data-header-quick-order]')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.locator('[data-qo-paste]').fill(lines.join('\n'));
    await page.locator('[data-qo-paste-apply]').click();
    await expect(page.locator('[data-qo-note]')).toHaveText('20 righe aggiunte dall\'elenco.');
    // Pasting checks at once: every line gets its result.
    await expect(page.locator('[data-qo-summary]')).toHaveText('17 righe valide su 20');
    const rows = page.locator('[data-qo-row]');
    await expect(rows.and(page.locator('[data-state="ok"]'))).toHaveCount(17);
    await expect(page.locator('[data-qo-row="4"]')).toHaveAttribute('data-state', 'unknown_code');
    await expect(page.locator('[data-qo-row="4"] [data-qo-reason]')).toHaveText('Codice sconosciuto');
    await expect(page.locator('[data-qo-row="11"]')).toHaveAttribute('data-state', 'invalid_qty');
    await expect(page.locator('[data-qo-row="11"] [data-qo-reason]')).toHaveText('Quantità non valida: scrivi un numero intero da 1 a 99999');
    await expect(page.locator('[data-qo-row="11"] [data-qo-qty]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-qo-row="18"]')).toHaveAttribute('data-state', 'choose_variant');
    await expect(page.locator('[data-qo-row="18"] [data-qo-reason]')).toHaveText('Articolo con più versioni: scrivi il codice della versione');
    // The reason is part of the field's description, so a screen reader says it with the field.
    const describedBy = await page.locator('[data-qo-row="4"] [data-qo-code]').getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Codice sconosciuto');
    await expectNoAxeViolations(page);

    await page.locator('[data-qo-add-all]').click();
    await expect(page.locator('[data-toast]').filter({ hasText: '17 righe aggiunte al carrello.' })).toBeVisible();
    await expect(rows.and(page.locator('[data-state="added"]'))).toHaveCount(17);
    // The bad lines keep their reasons.
    await expect(page.locator('[data-qo-row="4"]')).toHaveAttribute('data-state', 'unknown_code');

    await page.locator('[data-qo-go-cart]').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator('[data-cart-state="ready"]')).toBeVisible();
    await expect(page.locator('[data-cart-row]')).toHaveCount(17);
    const cart = (await (await request.post(`${API}/carts/get-or-create/?lazy=true`, { headers: tokenHeader(token), data: {} })).json()) as { id: number };
    const inCart = await apiGet<{ results: { qty: number; product_detail: { code: string } }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100`);
    expect(inCart.results.map((r) => `${r.product_detail.code}:${r.qty}`).sort()).toEqual(good.map((p, i) => `${p.code}:${(i % 2) + 1}`).sort());
  });

  test('by keyboard: Enter goes from code to quantity to the next line; a suggestion by name fills the code; an XLSX upload (en)', async ({ page, context, request }) => {
    await useLocale(context, 'en');
    // Names in the page's language: the suggestions search the names shoppers read.
    const [first, second] = await orderableProducts(request, 2, 'en');
    await signInWithApi(page, QUICK_BUYER, '/quick-order');
    await expect(page.locator('[data-quick-order="ready"]')).toBeVisible();
    await page.locator('[data-qo-clear]').click();

    const code1 = page.locator('[data-qo-row="1"] [data-qo-code]');
    await code1.focus();
    await page.keyboard.type(first!.code);
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-qo-row="1"] [data-qo-qty]')).toBeFocused();
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-qo-row="2"] [data-qo-code]')).toBeFocused();

    // The start of the second product's name: the suggestions list it, arrows and Enter choose it.
    await page.keyboard.type(second!.name.slice(0, 20));
    const listbox = page.getByRole('listbox', { name: 'Suggestions for line 2' });
    await expect(listbox).toBeVisible();
    const option = listbox.locator(`[data-qo-suggestion="${second!.code}"]`);
    await expect(option).toBeVisible();
    const index = await listbox.getByRole('option').evaluateAll((all, code) => all.findIndex((o) => o.getAttribute('data-qo-suggestion') === code), second!.code);
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-qo-row="2"] [data-qo-code]')).toHaveValue(second!.code);
    await expect(page.locator('[data-qo-row="2"] [data-qo-qty]')).toBeFocused();
    await expect(page.locator('[data-qo-row="2"] [data-qo-qty]')).toHaveValue('1');
    await page.keyboard.press('Enter');
    // Past the last line, Enter makes a new one.
    await expect(page.locator('[data-qo-row="3"] [data-qo-code]')).toBeFocused();

    await page.locator('[data-qo-validate]').click();
    await expect(page.locator('[data-qo-summary]')).toHaveText('2 of 2 lines are valid');
    await expectNoAxeViolations(page);
    // The rows are kept for this customer in the tab: a reload shows them again.
    await page.reload();
    await expect(page.locator('[data-qo-row="1"] [data-qo-code]')).toHaveValue(first!.code);
    await expect(page.locator('[data-qo-row="1"] [data-qo-qty]')).toHaveValue('3');
    await page.locator('[data-qo-clear]').click();

    // An Excel workbook as uploaded: a header row, a quantity as a number and one as text, an
    // empty row, a code alone (1) and 2.5 (refused as in a CSV). Its reader loads only now.
    const [third] = (await orderableProducts(request, 3, 'en')).slice(2);
    const xlsx = await writeXlsxFile([['Code', 'Quantity'], [first!.code, 3], [second!.code, '2'], [null, null], [third!.code], [first!.code, 2.5]]).toBuffer();
    await page.locator('[data-qo-file]').setInputFiles({ name: 'order.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
    await expect(page.locator('[data-qo-note]')).toHaveText('4 lines read from order.xlsx.');
    await expect(page.locator('[data-qo-summary]')).toHaveText('3 of 4 lines are valid');
    await expect(page.locator('[data-qo-row="2"] [data-qo-qty]')).toHaveValue('2');
    await expect(page.locator('[data-qo-row="3"]')).toHaveAttribute('data-state', 'ok');
    await expect(page.locator('[data-qo-row="4"]')).toHaveAttribute('data-state', 'invalid_qty');
    await expect(page.locator('[data-qo-row="4"] [data-qo-qty]')).toHaveValue('2.5');
    // A zip that is no workbook is answered in words, and the rows stay as they were.
    await page.locator('[data-qo-file]').setInputFiles({ name: 'broken.xlsx', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004 not a workbook') });
    await expect(page.locator('[data-qo-note]')).toHaveText('broken.xlsx cannot be read: use a CSV or XLSX file (save an older .xls workbook as XLSX or CSV) and try again.');
    await expect(page.locator('[data-qo-summary]')).toHaveText('3 of 4 lines are valid');
    await page.locator('[data-qo-clear]').click();
  });

  test('on a 360 px phone the form fits, and the island costs at most 15 KB of JavaScript beyond React, gzip (es)', async ({ page, context }) => {
    await useLocale(context, 'es');
    await page.setViewportSize({ width: 360, height: 740 });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await signInWithApi(page, QUICK_BUYER, '/quick-order');
    await expect(page.locator('[data-quick-order="ready"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // What the quick-order page loads that a page with another React island (the wishlist) does
    // not: the island, its stores and what only they use. React, the header and the cart and
    // wishlist stores are on both.
    const quickOrder = new Set(scripts);
    scripts.clear();
    await page.goto('/account/wishlist');
    await expect(page.locator('[data-wishlist], [data-account-empty]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const own = [...quickOrder].filter((url) => !scripts.has(url));
    let gzip = 0;
    for (const url of own) gzip += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).byteLength;
    console.log(`quick order's own JavaScript: ${own.length} files, ${(gzip / 1024).toFixed(1)} KB gzip (${own.map((u) => new URL(u).pathname).join(', ')})`);
    expect(gzip / 1024).toBeLessThanOrEqual(15);
  });
});
