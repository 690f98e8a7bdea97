import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { FRESH_PRODUCT, RENAMED_NAME } from '../support/fresh-product';

test.describe('language from the root route', () => {
  for (const [header, home, lang] of [
    ['es-ES,es;q=0.9', '/home-es', 'es'],
    ['en-GB,en;q=0.9', '/home-en', 'en'],
    ['it-IT,it;q=0.9', '/home', 'it'],
    ['de-DE', '/home', 'it'],
  ] as const) {
    test(`Accept-Language ${header} → ${home}`, async ({ request }) => {
      const response = await request.get('/', { headers: { 'Accept-Language': header }, maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()['location']).toBe(home);
      expect(response.headers()['set-cookie']).toContain(`lan=${lang}; Path=/; Max-Age=31536000`);
    });
  }

  test('a remembered language wins over the browser', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Language': 'es', Cookie: 'lan=en' }, maxRedirects: 0 });
    expect(response.headers()['location']).toBe('/home-en');
  });
});

test.describe('home variants', () => {
  test('/home-es is Spanish, with the seeded slider and products', async ({ page }) => {
    const response = await page.goto('/home-es');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-language']).toBe('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('[data-slider="home-es"] li')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Los más vendidos' })).toBeVisible();
    expect(await page.locator('[data-product-card]').count()).toBeGreaterThan(8);
  });

  test('/home is Italian', async ({ page }) => {
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.locator('[data-slider="home"] li').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'I più venduti' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeAttached();
  });

  test('pages are compressed and say their language and cache rules', async ({ request }) => {
    const response = await request.get('/home', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers()['vary']).toContain('Cookie');
    expect(response.headers()['content-language']).toBe('it');
    const html = await response.text();
    const asset = html.match(/\/_astro\/[^"']+\.css/)?.[0];
    expect(asset).toBeTruthy();
    const css = await request.get(asset!);
    expect(css.headers()['cache-control']).toContain('immutable');
  });
});

test.describe('product pages', () => {
  test('follow the lan cookie, and the language switch changes it', async ({ page, context }) => {
    await context.addCookies([{ name: 'lan', value: 'en', url: page.url() === 'about:blank' ? (process.env.E2E_BASE_URL ?? 'http://localhost:4321') : page.url() }]);
    await page.goto('/home-en');
    const firstCard = page.locator('[data-product-card] a').first();
    const slug = (await firstCard.getAttribute('href'))!;
    await page.goto(slug);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.goto(slug);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('a product changed after the build shows its new state without a rebuild', async ({ page }) => {
    const slug = process.env.E2E_RENAMED_SLUG!;
    await page.goto(`/p/${slug}?lan=it`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RENAMED_NAME);
    // Regenerated once when the shop started (it changed while the shop was stopped), then a static file.
    const again = await page.request.get(`/p/${slug}?lan=it`);
    expect(again.headers()['x-shop-page']).toBe('regenerated');
    expect(again.headers()['cache-tag']).toMatch(/(^|,)product:\d+(,|$)/);
    expect(await again.text()).toContain(RENAMED_NAME);
    // Its payload follows the page.
    const payload = await page.request.get(`/p/${slug}/payload.json?lan=it`);
    expect(payload.status()).toBe(200);
    expect(((await payload.json()) as { data: { product: { title: string } } }).data.product.title).toBe(RENAMED_NAME);
  });

  test('prerendered pages have their payload JSON beside them', async ({ request }) => {
    const list = (await (await request.get('/api/v3/client/products/p/?page_size=1&locale=en')).json()) as { results: { slug: string; title: string }[] };
    const { slug, title } = list.results[0]!;
    const response = await request.get(`/p/${slug}/payload.json?lan=en`);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = (await response.json()) as { locale: string; data: { product: { title: string }; related: unknown[] } };
    expect(body.locale).toBe('en');
    expect(body.data.product.title).toBe(title);
    const category = (await (await request.get('/c/enologia/payload.json?lan=es')).json()) as { data: { category: { slug: string } } };
    expect(category.data.category.slug).toBe('enologia');
    expect((await request.get('/p/no-such-product/payload.json')).status()).toBe(404);
  });

  test('a product added after the build gets its page as a file, without a rebuild', async ({ page }) => {
    const response = await page.goto(`/p/${FRESH_PRODUCT.slug}?lan=it`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-shop-page']).toBe('regenerated');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FRESH_PRODUCT.name.it);
  });
});

test.describe('error pages', () => {
  test('an unknown path gets the translated 404 with the path', async ({ page }) => {
    const response = await page.goto('/no-such-page/at-all?lan=en');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /no-such-page/at-all');
    const italian = await page.goto('/p/no-such-product?lan=it');
    expect(italian?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata: /p/no-such-product');
    await expect(page.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/home');
  });

  test('build internals are not reachable as pages', async ({ request }) => {
    expect((await request.get('/it/home')).status()).toBe(404);
    expect((await request.get('/fresh/it/p/x')).status()).toBe(404);
  });

  test('the API answers JSON errors, compressed when large', async ({ request }) => {
    const bad = await request.get('/api/v3/client/products/p/?order_by=nope-asc');
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ detail: expect.any(String), error_list: [expect.objectContaining({ field: 'order_by' })] });
    const list = await request.get('/api/v3/client/products/p/?page=1&page_size=12', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(['br', 'gzip']).toContain(list.headers()['content-encoding']);
    const body = await list.json();
    expect(body.results).toHaveLength(12);
    expect(body.count).toBeGreaterThanOrEqual(150);
  });
});

test.describe('news', () => {
  test('the list links to articles, in the visitor language', async ({ page }) => {
    await page.goto('/news?lan=es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Noticias');
    const first = page.locator('main article a').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });
});

test.describe('findable', () => {
  test('robots.txt comes from DEFAULT_ROBOTS and points to the sitemap', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /account');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('sitemap.xml lists pages with their language alternates', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('/home-es</loc>');
    expect(xml).toMatch(/<loc>[^<]+\/p\/[a-z0-9-]+<\/loc>/);
    expect(xml).toMatch(/hreflang="en" href="[^"]+\/c\/enologia\?lan=en"/);
    expect(xml).toContain('/news/');
    expect(xml).toContain('/chi-siamo</loc>');
  });

  test('pages carry their build id and the server answers the current one', async ({ page, request }) => {
    await page.goto('/home');
    const pageBuild = await page.locator('meta[name="shop-build"]').getAttribute('content');
    const manifest = await (await request.get('/build-manifest.json')).json();
    expect(pageBuild).toBeTruthy();
    expect(manifest.buildId).toBe(pageBuild);
  });

  test('pages have canonical and hreflang links; ?lan= serves that language', async ({ page }) => {
    await page.goto('/news?lan=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/news\?lan=en$/);
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', /\/news\?lan=es$/);
  });
});

test('the extra head and body snippets of the settings are on every page', async ({ page }) => {
  for (const path of ['/home', '/news']) {
    await page.goto(path);
    await expect(page.locator('head meta[name="e2e-extra-head"]')).toHaveAttribute('content', 'default');
    await expect(page.locator('head meta[name="e2e-extra-head-ecsys"]')).toHaveAttribute('content', 'ecsys');
    expect(await page.evaluate(() => (window as unknown as { __e2eExtraScript?: boolean }).__e2eExtraScript)).toBe(true);
  }
});

test('pictures come in sized modern formats', async ({ request, page }) => {
  await page.goto('/home');
  const srcset = await page.locator('[data-product-card] img').first().getAttribute('srcset');
  expect(srcset).toMatch(/\?w=320 320w/);
  const url = srcset!.split(',')[1]!.trim().split(' ')[0]!;
  const avif = await request.get(url, { headers: { Accept: 'image/avif,image/webp,*/*' } });
  expect(avif.status()).toBe(200);
  expect(avif.headers()['content-type']).toBe('image/avif');
  const webp = await request.get(url, { headers: { Accept: 'image/webp,*/*' } });
  expect(webp.headers()['content-type']).toBe('image/webp');
  expect((await request.get(url.replace(/w=\d+/, 'w=333'))).headers()['content-type']).toBe('image/webp');
});

test('switching language keeps the query of the page', async ({ page }) => {
  await page.goto('/p?search=lievito&lan=it');
  await page.locator('header a[data-lang-switch="en"]').click();
  await expect(page).toHaveURL(/\/p\?search=lievito&lan=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

// The home page in each language (public-routes.spec.ts), the news list and the 404 page in each
// (axe-routes.spec.ts) are scanned there; here, pages reached by following a link.
test.describe('accessibility', () => {
  test('axe finds no violations on a product page opened from the home page', async ({ page }) => {
    await page.goto('/home-en');
    await page.locator('[data-product-card] a').first().click();
    await expect(page.locator('[data-product]')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });

  test('axe finds no violations on a news article opened from the list', async ({ page }) => {
    await page.goto('/news?lan=es');
    await page.locator('main article a').first().click();
    // The scan waits for the article, not the list it was opened from.
    await expect(page).toHaveURL(/\/news\/[^/?]+$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.waitForLoadState('load');
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });
});

test('a product page shows a section for each kind of related product', async ({ page }) => {
  await page.goto('/home');
  await page.locator('[data-product-card] a').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Prodotti correlati' })).toBeVisible();
  await expect(page.locator('section[aria-labelledby="related-related"] [data-product-card]').first()).toBeVisible();
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(json!)).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'EUR' } });
});

test('the language switch on the contact page goes to that language’s contact path', async ({ page }) => {
  await page.goto('/contatti?lan=it');
  await page.locator('header a[hreflang="es"]').click();
  await expect(page).toHaveURL(/\/contactos\?lan=es$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/contacts\?lan=en$/);
});
