// Every public route of spec section 2, in all three languages: the page answers in the
// visitor's language with the heading of the data it was built from, its links lead somewhere,
// and axe finds no violations. (Behaviour of each page is tested in its own spec.)
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const LOCALES = ['it', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];
const HOME: Record<Locale, string> = { it: '/home', en: '/home-en', es: '/home-es' };
const CONTACT: Record<Locale, string> = { it: '/contatti', en: '/contacts', es: '/contactos' };
const CONTENT_SLUGS = ['chi-siamo', 'mission', 'valori', 'settori', 'offerte', 'offerte-stagionali', 'codice-sconto'];

async function api<T>(request: APIRequestContext, path: string, locale: Locale): Promise<T> {
  const response = await request.get(`/api/v3/client/${path}${path.includes('?') ? '&' : '?'}locale=${locale}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

async function open(page: Page, path: string, locale: Locale) {
  const response = await page.goto(`${path}${path.includes('?') ? '&' : '?'}lan=${locale}`);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()['content-language']).toBe(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('h1')).toHaveCount(1);
}

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Same-site page links of the current page (no API, media or fragment-only links). */
const pageLinks = (page: Page) =>
  page.locator('a[href^="/"]').evaluateAll((links) =>
    [...new Set(links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!.split('#')[0]!))].filter((href) => href && !href.startsWith('/api/') && !href.startsWith('/media/')),
  );

/** Every same-site page link of the current page leads somewhere, in the page's language. */
async function expectLinksWork(page: Page, request: APIRequestContext, locale: Locale) {
  for (const href of await pageLinks(page)) {
    const response = await request.get(href.includes('?') ? `${href}&lan=${locale}` : `${href}?lan=${locale}`);
    expect(response.status(), `${href} linked from ${new URL(page.url()).pathname} (${locale})`).toBeLessThan(400);
  }
}

// One page with axe per test: an axe scan is the slowest step of a page check, and four in one
// test came close to the time limit on a loaded machine.
for (const locale of LOCALES) {
  test.describe(`public routes in ${locale}`, () => {
    test(`home (${locale})`, async ({ page, request }) => {
      const homeResponse = await page.goto(HOME[locale]);
      expect(homeResponse?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('[data-product-card]').first()).toBeVisible();
      await expectNoViolations(page, HOME[locale]);
      await expectLinksWork(page, request, locale);
    });

    test(`product listing (${locale})`, async ({ page, request }) => {
      const list = await api<{ count: number }>(request, 'products/p/?page_size=12', locale);
      await open(page, '/p', locale);
      await expect(page.locator('[data-listing] [data-product-card]')).toHaveCount(12);
      // Products added after the build count too: the island checks the prerendered list.
      await expect(page.locator('[data-listing]')).toHaveAttribute('data-count', String(list.count));
    });

    test(`category (${locale})`, async ({ page, request }) => {
      const category = await api<{ name: string }>(request, 'categories/enologia/', locale);
      await open(page, '/c/enologia', locale);
      await expect(page.locator('h1')).toHaveText(category.name);
      await expectNoViolations(page, '/c/enologia');
      await expectLinksWork(page, request, locale);
    });

    test(`product (${locale})`, async ({ page, request }) => {
      const list = await api<{ results: { slug: string }[] }>(request, 'products/p/?page_size=1', locale);
      const product = await api<{ title: string; slug: string }>(request, `products/p/${list.results[0]!.slug}/`, locale);
      await open(page, `/p/${product.slug}`, locale);
      await expect(page.locator('h1')).toHaveText(product.title);
      await expectNoViolations(page, `/p/${product.slug}`);
      await expectLinksWork(page, request, locale);
    });

    test(`news list and post (${locale})`, async ({ page, request }) => {
      await open(page, '/news', locale);
      const news = await api<{ results: { slug: string; title: string }[] }>(request, 'blog/?page_size=1', locale);
      const post = news.results[0]!;
      await expect(page.locator(`main a[href="/news/${post.slug}"]`).first()).toBeVisible();
      await open(page, `/news/${post.slug}`, locale);
      await expect(page.locator('h1')).toHaveText(post.title);
      await expectNoViolations(page, `/news/${post.slug}`);
    });

    test(`content pages (${locale})`, async ({ page, request }) => {
      for (const slug of CONTENT_SLUGS) {
        const { results } = await api<{ results: { title: string }[] }>(request, `promotions/canvasses/?kind=page&slug=${slug}`, locale);
        await open(page, `/${slug}`, locale);
        await expect(page.locator('h1'), slug).toContainText(results[0]!.title);
      }
      await expectNoViolations(page, `/${CONTENT_SLUGS.at(-1)}`);
    });

    test(`contact (${locale})`, async ({ page }) => {
      await open(page, CONTACT[locale], locale);
      await expect(page.locator('main form')).toBeVisible();
      await expect(page.locator('input[type="checkbox"]')).toHaveCount(1);
    });

    test(`the 404 page names the path and leads back (${locale})`, async ({ page }) => {
      const response = await page.goto(`/no-such-thing-${locale}/at-all?lan=${locale}`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('h1')).toContainText(`/no-such-thing-${locale}/at-all`);
      await expect(page.locator(`main a[href="${HOME[locale]}"]`)).toBeVisible();
    });
  });
}
