// Static pages carry content only: stock state, availability and the customer's price come from
// one batched live call (products/live/) per page, or from the list answer on listing pages.
import { expect, test, type Page } from '@playwright/test';
import { API, useLocale, watchErrors } from './e2e-helpers';

const STOCK_TEXT_IT = { available: 'Disponibile', low: 'Ultimi pezzi', backorder: 'Ordinabile', unavailable: 'Non disponibile' } as const;
type StockState = keyof typeof STOCK_TEXT_IT;
interface Live { id: number; quantity: number; is_backorderable: boolean; stock_state: StockState }

/** Counts the page's calls to products/live/. */
function liveCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/products/live/')) calls.push(request.url());
  });
  return calls;
}

test.describe('live values', () => {
  test('a product page has no stock in its HTML; the badge and buy box fill from one live call (it)', async ({ page, context, request }) => {
    const list = (await (await request.get(`${API}/products/p/?page_size=30&locale=it&order_by=name-asc`)).json()) as { results: { id: number; slug: string; has_variants: boolean }[] };
    const product = list.results.find((p) => !p.has_variants)!;
    const html = await (await request.get(`/p/${product.slug}`, { headers: { Cookie: 'lan=it' } })).text();
    expect(html).toContain(`data-live-stock="${product.id}"`);
    expect(html).not.toContain('data-stock-state=');
    expect(html).not.toContain('"availability"');
    // Nor in the buy box's props (inlined as HTML-escaped JSON; "quantity" is also a message key there).
    expect(html).not.toMatch(/&quot;quantity&quot;:\[0,\d/);
    for (const field of ['is_backorderable', 'stock_state']) expect(html).not.toContain(`&quot;${field}&quot;`);

    const live = (await (await request.get(`${API}/products/live/?ids=${product.id}`)).json()) as { results: Live[] };
    const expected = live.results[0]!;
    await useLocale(context, 'it');
    const errors = watchErrors(page);
    const calls = liveCalls(page);
    await page.goto(`/p/${product.slug}`);
    const badge = page.locator(`[data-product="${product.slug}"] [data-live-stock="${product.id}"]`).first();
    await expect(badge).toHaveAttribute('data-stock-state', expected.stock_state);
    await expect(badge).toHaveText(STOCK_TEXT_IT[expected.stock_state]);
    await expect(badge).not.toHaveAttribute('aria-busy', 'true');
    // Related products' cards are filled by the same call.
    const cards = page.locator('[data-product-card] [data-live-stock]');
    if ((await cards.count()) > 0) await expect(cards.first()).toHaveAttribute('data-stock-state', /available|low|backorder|unavailable/);
    const stockLine = page.locator('[data-buy-box][data-hydrated] [data-buy-stock]');
    // The buy box says the badge's words (src/lib/rules/stock.ts), not a text of its own.
    await expect(stockLine).toContainText(STOCK_TEXT_IT[expected.stock_state]);
    expect(calls).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('listing cards take their stock from the list answer, with no live call (it)', async ({ page, context, request }) => {
    await useLocale(context, 'it');
    const errors = watchErrors(page);
    const calls = liveCalls(page);
    const html = await (await request.get('/p', { headers: { Cookie: 'lan=it' } })).text();
    expect(html).not.toContain('data-stock-state=');
    await page.goto('/p');
    await expect(page.locator('[data-listing][data-hydrated][data-state="ready"]')).toBeVisible();
    const badges = page.locator('[data-listing] [data-product-card] [data-live-stock]');
    await expect(badges).toHaveCount(12);
    await expect(page.locator('[data-listing] [data-product-card] [data-live-stock][data-stock-state]')).toHaveCount(12);
    const api = (await (await request.get(`${API}/products/p/?page_size=12&locale=it`)).json()) as { results: { id: number; stock_state: StockState }[] };
    const first = api.results[0]!;
    await expect(page.locator(`[data-listing] [data-live-stock="${first.id}"]`)).toHaveText(STOCK_TEXT_IT[first.stock_state]);
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the home page fills every product strip with one live call', async ({ page, context }) => {
    await useLocale(context, 'it');
    const calls = liveCalls(page);
    await page.goto('/home');
    const badges = page.locator('[data-product-card] [data-live-stock]');
    expect(await badges.count()).toBeGreaterThan(8);
    await expect(page.locator('[data-product-card] [data-live-stock][aria-busy="true"]')).toHaveCount(0);
    await expect(page.locator('[data-product-card] [data-live-stock][data-stock-state]')).toHaveCount(await badges.count());
    expect(calls).toHaveLength(1);
  });
});
