// The product list (/p, search results) and category pages (/c/:slug): the prerendered first
// page, filters, order, pages and search kept in the address, in several languages.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { useLocale, watchErrors } from './e2e-helpers';


/** What the API answers for a list query: the reference the page must match. */
async function apiList(request: APIRequestContext, locale: string, query: Record<string, string | string[]> = {}) {
  const params = new URLSearchParams({ page_size: '12', locale });
  for (const [key, value] of Object.entries(query)) {
    params.delete(key);
    for (const v of [value].flat()) params.append(key, v);
  }
  const response = await request.get(`/api/v3/client/products/p/?${params}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { results: { slug: string; price: { standard_price: number } }[]; count: number };
  return { slugs: body.results.map((p) => p.slug), prices: body.results.map((p) => p.price.standard_price), count: body.count };
}

const listing = (page: Page) => page.locator('[data-listing]');
const cardSlugs = (page: Page) => page.locator('[data-listing] [data-product-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-card')));

/** Waits until the island runs and shows a settled list. */
async function settled(page: Page) {
  await expect(page.locator('[data-listing][data-hydrated][data-state="ready"]')).toBeVisible();
}

async function expectList(page: Page, expected: { slugs: string[]; count: number }) {
  await expect.poll(() => cardSlugs(page)).toEqual(expected.slugs);
  await expect(listing(page)).toHaveAttribute('data-count', String(expected.count));
  await settled(page);
}

test.describe('/p product list', () => {
  test('the first page is in the HTML: 12 products and real page links', async ({ request }) => {
    const html = await (await request.get('/p', { headers: { Cookie: 'lan=it' } })).text();
    expect(html.match(/data-product-card="/g)).toHaveLength(12);
    expect(html).toContain('href="/p?page=2"');
    expect(html).toMatch(/Pagina 1 di \d+/);
  });

  test('shows 12 products and the page count (it)', async ({ page, context, request }) => {
    const errors = watchErrors(page);
    await useLocale(context, 'it');
    await page.goto('/p');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tutti i prodotti');
    await expect(page.locator('[data-listing] [data-product-card]')).toHaveCount(12);
    // The island checks the prerendered list: products added after the build count too.
    const { count } = await apiList(request, 'it');
    await expect(listing(page)).toHaveAttribute('data-count', String(count));
    const pages = Math.ceil(count / 12);
    await expect(page.locator('[data-listing-status]')).toHaveText(`${count} prodotti · Pagina 1 di ${pages}`);
    const pagination = page.getByRole('navigation', { name: 'Pagine dei risultati' });
    await expect(pagination).toContainText(`Pagina 1 di ${pages}`);
    await expect(pagination.getByRole('link', { name: 'Pagina 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('link', { name: `Pagina ${pages}`, exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('sorting by price changes the order and the address (en)', async ({ page, context, request }) => {
    await useLocale(context, 'en');
    await page.goto('/p');
    await settled(page);
    const before = await cardSlugs(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\/p\?order_by=standard_price-asc$/);
    const expected = await apiList(request, 'en', { order_by: 'standard_price-asc' });
    await expectList(page, expected);
    expect(expected.slugs).not.toEqual(before);
    expect([...expected.prices].sort((a, b) => a - b)).toEqual(expected.prices);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await expect(page).toHaveURL(/order_by=standard_price-desc/);
    await expectList(page, await apiList(request, 'en', { order_by: 'standard_price-desc' }));
  });

  test('a category (with descendants) and shop = bestseller narrow the count (it)', async ({ page, context, request }) => {
    await useLocale(context, 'it');
    await page.goto('/p');
    await settled(page);
    const all = Number(await listing(page).getAttribute('data-count'));

    await page.getByRole('checkbox', { name: 'Enologia', exact: true }).check();
    await expect(page).toHaveURL(/\/p\?categories=enologia$/);
    const enologia = await apiList(request, 'it', { categories: 'enologia', include_cat_descendants: 'true' });
    await expectList(page, enologia);
    expect(enologia.count).toBeLessThan(all);
    expect(enologia.count).toBeGreaterThan(12);

    const showcase = page.getByRole('group', { name: 'Vetrina' });
    await showcase.getByRole('radio', { name: 'Più venduti' }).check();
    await expect(page).toHaveURL(/\/p\?categories=enologia&custom_field=shop:bestseller$/);
    const bestsellers = await apiList(request, 'it', { categories: 'enologia', include_cat_descendants: 'true', custom_field: 'shop:bestseller' });
    await expectList(page, bestsellers);
    expect(bestsellers.count).toBeLessThan(enologia.count);
    await expect(page.locator('[data-listing-status]')).toHaveText(new RegExp(`^${bestsellers.count} prodott[oi]`));

    // Without descendants: Enologia itself holds no product, its subcategories do.
    await page.getByRole('checkbox', { name: 'Includi le sottocategorie' }).uncheck();
    await expect(page).toHaveURL(/include_cat_descendants=false/);
    await expect(page.getByText('Nessun prodotto corrisponde ai filtri scelti.')).toBeVisible();
    await page.locator('[data-listing-empty]').getByRole('button', { name: 'Rimuovi tutti i filtri' }).click();
    await expect(page).toHaveURL(/\/p$/);
    await expectList(page, await apiList(request, 'it'));
    await expect(page.getByRole('heading', { level: 2, name: 'Prodotti' })).toBeFocused();
  });

  test('a price range works, and an invalid amount is explained (es)', async ({ page, context, request }) => {
    await useLocale(context, 'es');
    await page.goto('/p');
    await settled(page);
    const price = page.locator('[data-filter="price"]');
    await price.getByLabel('Desde (€)').fill('abc');
    await price.getByRole('button', { name: 'Aplicar' }).click();
    await expect(price.getByText('Introduce un importe válido, por ejemplo 12,50.')).toBeVisible();
    await expect(price.getByLabel('Desde (€)')).toBeFocused();
    await expect(price.getByLabel('Desde (€)')).toHaveAttribute('aria-invalid', 'true');

    await price.getByLabel('Desde (€)').fill('10');
    await price.getByLabel('Hasta (€)').fill('20,5');
    await price.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/\/p\?price_min=10\.00&price_max=20\.50$/);
    const expected = await apiList(request, 'es', { price_min: '10', price_max: '20.50' });
    await expectList(page, expected);
    expect(expected.prices.every((p) => p >= 10 && p <= 20.5)).toBe(true);
    await expect(page.getByRole('button', { name: /^Quitar el filtro: Precio de tarifa: de 10,00 € a 20,50 €$/ })).toBeVisible();

    await price.getByRole('radio', { name: 'Precio de oferta' }).check();
    await price.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/price_type=special/);
    await expectList(page, await apiList(request, 'es', { price_type: 'special', price_min: '10', price_max: '20.50' }));
  });

  test('page 2 differs from page 1, and the back button returns (en)', async ({ page, context, request }) => {
    await useLocale(context, 'en');
    await page.goto('/p');
    await settled(page);
    const first = await cardSlugs(page);
    const pagination = page.getByRole('navigation', { name: 'Result pages' });
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/p\?page=2$/);
    const second = await apiList(request, 'en', { page: '2' });
    await expectList(page, second);
    expect(second.slugs.filter((s) => first.includes(s))).toEqual([]);
    await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pagination).toContainText(/Page 2 of \d+/);
    await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeFocused();

    await pagination.getByRole('link', { name: 'Page 3', exact: true }).click();
    await expect(page).toHaveURL(/\/p\?page=3$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/p\?page=2$/);
    await expectList(page, second);
    await page.goBack();
    await expect(page).toHaveURL(/\/p$/);
    await expect.poll(() => cardSlugs(page)).toEqual(first);
  });

  test('reloading a filtered address restores the filters and the results (it)', async ({ page, context, request }) => {
    const errors = watchErrors(page);
    await useLocale(context, 'it');
    const address = '/p?search=tappi&categories=enologia&custom_field=shop:bestseller&order_by=standard_price-desc';
    await page.goto(address);
    const expected = await apiList(request, 'it', {
      search: 'tappi', categories: 'enologia', include_cat_descendants: 'true', custom_field: 'shop:bestseller', order_by: 'standard_price-desc',
    });
    expect(expected.count).toBeGreaterThan(0);
    for (let round = 0; round < 2; round++) {
      await expectList(page, expected);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risultati per «tappi»');
      await expect(page).toHaveTitle(/^Risultati per «tappi» \| /);
      await expect(page.getByLabel('Cerca nei prodotti')).toHaveValue('tappi');
      await expect(page.getByRole('checkbox', { name: 'Enologia', exact: true })).toBeChecked();
      await expect(page.getByRole('group', { name: 'Vetrina' }).getByRole('radio', { name: 'Più venduti' })).toBeChecked();
      await expect(page.getByLabel('Ordina per')).toHaveValue('standard_price-desc');
      await expect(page.getByRole('button', { name: 'Rimuovi il filtro: Ricerca: «tappi»' })).toBeVisible();
      await expect(page.locator('[data-listing-root]')).not.toHaveAttribute('data-pending');
      await page.reload();
    }
    expect(errors).toEqual([]);
  });

  test('an address past the last page or with an unknown order is corrected (en)', async ({ page, context, request }) => {
    await useLocale(context, 'en');
    const category = { categories: 'enologia', include_cat_descendants: 'true' };
    await page.goto('/p?categories=enologia&page=40&order_by=price-up');
    const last = Math.ceil((await apiList(request, 'en', category)).count / 12);
    await expect(page).toHaveURL(new RegExp(`/p\\?categories=enologia&page=${last}$`));
    await expectList(page, await apiList(request, 'en', { ...category, page: String(last) }));
    await expect(page.getByLabel('Sort by')).toHaveValue('name-asc');

    // Nothing matches: page 1 of nothing.
    await page.goto('/p?search=zzqqxx&page=3');
    await expect(page).toHaveURL(/\/p\?search=zzqqxx$/);
    await expect(page.locator('[data-listing-status]')).toHaveText('0 products');
  });

  test('the header search form lands on the results (es, it)', async ({ page, context, request }) => {
    await useLocale(context, 'es');
    await page.goto('/home-es');
    await page.getByRole('searchbox', { name: 'Buscar' }).first().fill('levadura');
    await page.getByRole('searchbox', { name: 'Buscar' }).first().press('Enter');
    await expect(page).toHaveURL(/\/p\?search=levadura$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de «levadura»');
    const spanish = await apiList(request, 'es', { search: 'levadura' });
    expect(spanish.count).toBeGreaterThan(0);
    await expectList(page, spanish);

    await useLocale(context, 'it');
    await page.goto('/home');
    await page.locator('header form[role="search"] input[name="search"]').fill('tappi');
    await page.locator('header form[role="search"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/p\?search=tappi$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risultati per «tappi»');
    const italian = await apiList(request, 'it', { search: 'tappi' });
    expect(italian.count).toBeGreaterThan(0);
    await expectList(page, italian);
  });

  // Issue 14, item 21: the results page itself shows the most relevant first (the API's order is
  // tested in tests/api/search-relevance.test.ts): products named with the word, then those that
  // only mention it, which A to Z would mix. The sort field says "Best match".
  for (const [locale, sortLabel, best, candidates] of [
    ['it', 'Ordina per', 'Pertinenza', [['lievito', /\blievit/i], ['tappi', /\btapp/i]]],
    ['en', 'Sort by', 'Best match', [['yeast', /\byeast/i]]],
  ] as const) {
    test(`search results come most relevant first, not A to Z (${locale})`, async ({ page, context, request }) => {
      await useLocale(context, locale);
      let chosen: { q: string; named: RegExp; relevance: { slugs: string[]; count: number } } | null = null;
      for (const [q, named] of candidates) {
        const relevance = await apiList(request, locale, { search: q });
        const alphabetical = await apiList(request, locale, { search: q, order_by: 'name-asc' });
        if (relevance.slugs.join() !== alphabetical.slugs.join()) {
          chosen = { q, named, relevance };
          break;
        }
      }
      expect(chosen, 'a search whose first page differs between relevance and A to Z').not.toBeNull();
      await page.goto(`/p?search=${chosen!.q}`);
      await expectList(page, chosen!.relevance);
      await expect(page.getByLabel(sortLabel)).toHaveValue('relevance-desc');
      await expect(page.getByLabel(sortLabel).locator('option:checked')).toHaveText(best);
      const names = await page.locator('[data-listing] [data-product-card] h2 a, [data-listing] [data-product-card] h3 a').allTextContents();
      expect(names).toHaveLength(chosen!.relevance.slugs.length);
      const flags = names.map((name) => chosen!.named.test(name));
      expect(flags[0], `${chosen!.q}: the first result is named with the word`).toBe(true);
      // Every name match comes before every result that only mentions the word.
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    });
  }

  test('an empty search offers to clear it; a failing API shows the error (en)', async ({ page, context }) => {
    await useLocale(context, 'en');
    await page.goto('/p?search=zzqqxx');
    await expect(page.getByText('No products match the chosen filters.')).toBeVisible();
    await expect(page.locator('[data-listing-status]')).toHaveText('0 products');

    await page.route('**/api/v3/client/products/p/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x","error_list":[]}' }));
    await page.locator('[data-listing-empty]').getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page.getByRole('alert')).toContainText('Unable to load products');
    await page.unroute('**/api/v3/client/products/p/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-listing] [data-product-card]')).toHaveCount(12);
  });

  test('island cards look like the prerendered ProductCard', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto('/home');
    const prerendered = page.locator('[data-product-card]').first();
    const slug = (await prerendered.getAttribute('data-product-card'))!;
    const skeleton = (selector: string) =>
      page.locator(selector).first().evaluate((root) => {
        const walk = (el: Element): unknown => ({
          tag: el.tagName,
          attrs: [...el.attributes].map((a) => `${a.name}=${a.name === 'loading' ? '' : a.value}`).sort(),
          text: [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').replace(/\s+/g, ' ').trim(),
          children: [...el.children].map(walk),
        });
        return walk(root);
      });
    // The live stock badge of a prerendered card is filled by one live call after load; compare
    // the cards once both say the same live figure, not whichever moment the call happened to end.
    await expect(prerendered.locator('[data-live-stock]')).not.toHaveAttribute('aria-busy', 'true');
    const expected = await skeleton(`[data-product-card="${slug}"]`);
    const code = (await prerendered.locator('p').first().textContent())!.match(/[A-Z]{3}-\d{4}/)![0];
    await page.goto(`/p?search=${code}`);
    await expect(page.locator(`[data-listing] [data-product-card="${slug}"]`)).toBeVisible();
    await settled(page);
    await expect(page.locator(`[data-listing] [data-product-card="${slug}"] [data-live-stock]`)).not.toHaveAttribute('aria-busy', 'true');
    expect(await skeleton(`[data-listing] [data-product-card="${slug}"]`)).toEqual(expected);
  });

  test('filters and pages work from the keyboard (es)', async ({ page, context, request }) => {
    await useLocale(context, 'es');
    await page.goto('/p');
    await settled(page);
    const search = page.getByLabel('Buscar productos');
    await search.focus();
    await page.keyboard.type('tapones');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/p\?search=tapones$/);
    await expectList(page, await apiList(request, 'es', { search: 'tapones' }));

    const showcase = page.locator('[data-filter="custom-field-shop"]');
    await showcase.getByRole('radio', { name: 'Cualquiera' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/custom_field=shop:bestseller/);
    await expectList(page, await apiList(request, 'es', { search: 'tapones', custom_field: 'shop:bestseller' }));
    await expect(page.locator('[data-listing-status]')).toHaveText(/^\d+ productos? · Página 1 de \d+$/);

    await page.getByRole('button', { name: 'Quitar el filtro: Búsqueda: «tapones»' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/p\?custom_field=shop:bestseller$/);
    await settled(page);
    await page.getByRole('navigation', { name: 'Páginas de resultados' }).getByRole('link', { name: 'Página 2', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/p\?custom_field=shop:bestseller&page=2$/);
    await expectList(page, await apiList(request, 'es', { custom_field: 'shop:bestseller', page: '2' }));
    await expect(page.getByRole('heading', { level: 2, name: 'Productos' })).toBeFocused();
  });

  test('no accessibility violations on /p', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto('/p?categories=enologia');
    await settled(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('no accessibility violations on /p with the filters open on a phone', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/p?categories=enologia');
    await settled(page);
    await page.getByRole('button', { name: /Mostra i filtri/ }).click();
    await expect(page.getByRole('button', { name: /Mostra i filtri/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Cerca nei prodotti')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test.describe('/c/:slug category pages', () => {
  test('/c/enologia shows its breadcrumb, subcategories and products (it)', async ({ page, context, request }) => {
    const errors = watchErrors(page);
    await useLocale(context, 'it');
    const response = await page.goto('/c/enologia');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enologia');
    const breadcrumb = page.getByRole('navigation', { name: 'Percorso di navigazione' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', '› Enologia']);
    await expect(breadcrumb.getByText('Enologia')).toHaveAttribute('aria-current', 'page');
    const subcategories = page.getByRole('navigation', { name: 'Sottocategorie' });
    await expect(subcategories.getByRole('link')).toHaveCount(7);
    await expect(subcategories.getByRole('link', { name: 'Tappi e tappatrici' })).toHaveAttribute('href', '/c/tappi-e-tappatrici');
    await expect(page.locator('[data-category-accent]')).toHaveAttribute('data-category-accent', /^#[0-9A-Fa-f]{6}$/);
    await settled(page);
    // The prerendered first page: products of Enologia and the categories below it.
    const inCategory = await apiList(request, 'it', { categories: 'enologia', include_cat_descendants: 'true', page_size: '100' });
    const shown = await cardSlugs(page);
    expect(shown).toHaveLength(12);
    expect(shown.filter((slug) => !inCategory.slugs.includes(slug!))).toEqual([]);
    await expect(page.locator('[data-listing-status]')).toHaveText(/^\d+ prodotti · Pagina 1 di \d+$/);
    expect(errors).toEqual([]);
  });

  test('the list of a category filters by its subcategories and pages in its own address (en)', async ({ page, context, request }) => {
    await useLocale(context, 'en');
    await page.goto('/c/enologia');
    await settled(page);
    const filters = page.locator('[data-filter="categories"]');
    await expect(filters.getByRole('checkbox', { name: 'Enologia' })).toHaveCount(0);
    const sub = page.locator('[data-subcategories] a').nth(1);
    const subName = (await sub.textContent())!.trim();
    const subSlug = (await sub.getAttribute('href'))!.replace('/c/', '');
    await filters.getByRole('checkbox', { name: subName, exact: true }).check();
    await expect(page).toHaveURL(new RegExp(`/c/enologia\\?categories=${subSlug}$`));
    await expectList(page, await apiList(request, 'en', { categories: subSlug, include_cat_descendants: 'true' }));
    await page.getByRole('button', { name: `Remove filter: ${subName}` }).click();
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/c\/enologia\?page=2$/);
    await expectList(page, await apiList(request, 'en', { categories: 'enologia', include_cat_descendants: 'true', page: '2' }));
  });

  test('/c/tappi-in-sughero shows Enologia › Tappi e tappatrici in the breadcrumb (it, es)', async ({ page, context, request }) => {
    await useLocale(context, 'it');
    await page.goto('/c/tappi-in-sughero');
    const breadcrumb = page.getByRole('navigation', { name: 'Percorso di navigazione' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', '› Enologia', '› Tappi e tappatrici', '› Tappi in sughero']);
    await expect(breadcrumb.getByRole('link', { name: 'Tappi e tappatrici' })).toHaveAttribute('href', '/c/tappi-e-tappatrici');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Tappi in sughero');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tappi in sughero');
    await expectList(page, await apiList(request, 'it', { categories: 'tappi-in-sughero', include_cat_descendants: 'true' }));

    await useLocale(context, 'es');
    await page.goto('/c/tappi-in-sughero');
    const names = (await (await request.get('/api/v3/client/categories/tappi-in-sughero/?locale=es')).json()) as { name: string; ancestors: { name: string }[] };
    const spanish = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(spanish.getByRole('listitem')).toHaveText(['Inicio', ...names.ancestors.map((a) => `› ${a.name}`), `› ${names.name}`]);
  });

  test('no accessibility violations on /c/enologia', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto('/c/enologia');
    await settled(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('an unknown category answers 404', async ({ page }) => {
    const response = await page.goto('/c/no-such-category?lan=en');
    expect(response?.status()).toBe(404);
    // A category has one address: its id is not another one.
    expect((await page.goto('/c/1'))?.status()).toBe(404);
  });
});
