// Content pages from page-builder blocks, the editor preview and the contact page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The seeded PAGE_BUILDER_URL (server/seed/settings.ts).
const PAGE_BUILDER_ORIGIN = 'http://localhost:5173';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('content pages', () => {
  test('/chi-siamo renders its blocks in Italian, statically, with one h1', async ({ page }) => {
    const response = await page.goto('/chi-siamo');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page).toHaveTitle('Chi siamo | Vinoshop');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Fondata ad Alba nel 1987/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chi siamo');
    const blocks = page.locator('[data-page-blocks]');
    await expect(blocks.getByText('Dal 1987 al fianco di chi produce')).toBeVisible();
    await expect(blocks.getByRole('heading', { level: 2, name: 'La nostra storia' })).toBeVisible();
    await expect(blocks.locator('[data-block="features"] li')).toHaveCount(3);
    await expect(blocks.locator('blockquote')).toContainText('Abbiamo cominciato vendendo tappi');
    await expect(blocks.locator('[data-block="list"] li')).toHaveCount(4);
    await expect(blocks.getByRole('link', { name: 'Contattaci' })).toHaveAttribute('href', '/contatti');
    // Rendered at build time: the blocks are not an island.
    await expect(page.locator('astro-island [data-page-blocks]')).toHaveCount(0);
  });

  test('/chi-siamo in English', async ({ page }) => {
    await page.goto('/chi-siamo?lan=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await expect(page.getByText('Supporting producers since 1987')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Homebrewing' })).toBeVisible();
  });

  test('/offerte shows its products, in Italian and Spanish', async ({ page }) => {
    await page.goto('/offerte');
    const bestsellers = page.getByRole('region', { name: 'I più venduti in offerta' });
    await expect(bestsellers).toBeVisible();
    expect(await bestsellers.locator('[data-product-card]').count()).toBeGreaterThan(0);
    const winemaking = page.getByRole('region', { name: 'Offerte enologia' });
    expect(await winemaking.locator('[data-product-card]').count()).toBeGreaterThan(0);
    await expect(winemaking.getByRole('link', { name: /Vedi tutti/ })).toHaveAttribute('href', '/c/enologia');
    const firstCard = bestsellers.locator('[data-product-card]').first();
    await expect(firstCard.locator('a')).toHaveAttribute('href', /^\/p\/[a-z0-9-]+$/);
    await expect(firstCard.locator('[data-price]')).toContainText('€');

    await page.goto('/offerte?lan=es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ofertas');
    expect(await page.getByRole('region', { name: 'Los más vendidos en oferta' }).locator('[data-product-card]').count()).toBeGreaterThan(0);
  });

  test('offers pages show only discounted products, and the seasonal offers page is linked (ADR 0016)', async ({ page }) => {
    for (const path of ['/offerte', '/offerte-stagionali?lan=en']) {
      await page.goto(path);
      const cards = page.locator('[data-product-card]');
      expect(await cards.count()).toBeGreaterThan(0);
      // Every offer shows its list price struck through beside the offer price.
      expect(await cards.filter({ hasNot: page.locator('[data-price] s') }).count()).toBe(0);
    }
    for (const [lan, name] of [['it', 'Offerte stagionali'], ['en', 'Seasonal offers'], ['es', 'Ofertas de temporada']] as const) {
      await page.goto(`/offerte?lan=${lan}`);
      await expect(page.locator('footer').getByRole('link', { name, exact: true })).toHaveAttribute('href', '/offerte-stagionali');
      await expect(page.locator('[data-block="cta"]').getByRole('link', { name, exact: true })).toHaveAttribute('href', '/offerte-stagionali');
    }
  });

  test('/codice-sconto shows BENVENUTO10 with a working copy button', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/codice-sconto');
    const coupon = page.locator('[data-block="coupon"]');
    await expect(coupon.locator('[data-coupon-code]')).toHaveText('BENVENUTO10');
    const copy = coupon.getByRole('button', { name: 'Copia il codice BENVENUTO10' });
    await expect(copy).toBeVisible();
    await copy.click();
    await expect(coupon.getByRole('status')).toHaveText('Codice copiato negli appunti');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('BENVENUTO10');

    await page.goto('/codice-sconto?lan=en');
    await expect(page.getByRole('button', { name: 'Copy code BENVENUTO10' })).toBeVisible();
  });

  test('an unknown single-segment path is a 404', async ({ page }) => {
    const italian = await page.goto('/pagina-che-non-esiste');
    expect(italian?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata: /pagina-che-non-esiste');
    const english = await page.goto('/no-such-content-page?lan=en');
    expect(english?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /no-such-content-page');
  });

  // axe: every content page in each language is scanned in axe-routes.spec.ts, /codice-sconto in
  // public-routes.spec.ts.
});

test.describe('contact page', () => {
  test('/contatti shows the Italian form, /contacts?lan=en the English one', async ({ page }) => {
    await page.goto('/contatti');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contatti');
    await expect(page.getByLabel('Nome e cognome')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /informativa sulla privacy/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /informativa sulla privacy/ })).toHaveAttribute('href', '/privacy');
    await expect(page.getByRole('button', { name: 'Invia il messaggio' })).toBeEnabled();
    // The bot check is off in the seeded shop: no script is loaded for it.
    await expect(page.locator('script[src*="recaptcha"]')).toHaveCount(0);
    await expect(page.locator('[data-bot-check-notice]')).toHaveCount(0);

    await page.goto('/contacts?lan=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();

    await page.goto('/contactos?lan=es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacto');
  });

  test('without the consent the form shows the error and sends nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v3/client/contact')) sent.push(request.url());
    });
    await page.goto('/contatti');
    await expect(page.getByRole('button', { name: 'Invia il messaggio' })).toBeEnabled();
    await page.getByRole('button', { name: 'Invia il messaggio' }).click();
    await expect(page.getByLabel('Nome e cognome')).toBeFocused();
    await expect(page.getByText('Questo campo è obbligatorio')).toHaveCount(3);

    await page.getByLabel('Nome e cognome').fill('Anna Rossi');
    await page.getByLabel('Email').fill('anna@example.com');
    await page.getByLabel('Messaggio').fill('Vorrei ricevere il listino per aziende.');
    await page.getByRole('button', { name: 'Invia il messaggio' }).click();
    const consent = page.getByRole('checkbox', { name: /informativa sulla privacy/ });
    await expect(consent).toBeFocused();
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expect(consent).toHaveAccessibleDescription("Accetta l'informativa sulla privacy");
    expect(sent).toEqual([]);
  });

  test('a valid message is sent and confirmed, in Italian and English', async ({ page }) => {
    await page.goto('/contatti');
    await page.getByLabel('Nome e cognome').fill('Anna Rossi');
    await page.getByLabel('Email').fill('anna@example.com');
    await page.getByLabel('Azienda (facoltativo)').fill('Cantina Rossi');
    await page.getByLabel('Oggetto (facoltativo)').fill('Listino aziende');
    await page.getByLabel('Messaggio').fill('Vorrei ricevere il listino per aziende.');
    await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    const answer = page.waitForResponse((r) => r.url().includes('/api/v3/client/contact') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Invia il messaggio' }).click();
    expect((await answer).status()).toBe(201);
    const success = page.locator('[data-contact-state="sent"]');
    await expect(success.getByRole('heading', { name: 'Messaggio inviato' })).toBeVisible();
    await expect(success).toBeFocused();
    await success.getByRole('button', { name: 'Scrivi un altro messaggio' }).click();
    await expect(page.getByLabel('Nome e cognome')).toHaveValue('');

    await page.goto('/contacts?lan=en');
    await page.getByLabel('Full name').fill('John Smith');
    await page.getByLabel('Email').fill('john@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Please send me your trade price list.');
    await page.getByRole('checkbox', { name: /privacy notice/ }).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  });

  // The page as it first draws is scanned in axe-routes.spec.ts (contact, in each language).
  test('axe finds no violations on the contact page with its errors', async ({ page }) => {
    await page.goto('/contatti');
    await expect(page.getByRole('button', { name: 'Invia il messaggio' })).toBeEnabled();
    await page.getByRole('button', { name: 'Invia il messaggio' }).click();
    await expect(page.getByLabel('Nome e cognome')).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

test.describe('editor preview', () => {
  const document = {
    title: 'Pagina di prova',
    blocks: [
      { type: 'hero', title: 'Anteprima dal page builder', subtitle: 'Un sottotitolo' },
      { type: 'heading', level: 2, text: 'Sezione di prova' },
      { type: 'products', title: 'Bestseller in anteprima', customField: { key: 'shop', value: 'bestseller' }, limit: 4 },
      { type: 'coupon', code: 'SCONTO20', text: '20 € di sconto' },
    ],
  };

  async function post(page: Page, data: unknown, origin: string) {
    await page.evaluate(([d, o]) => window.dispatchEvent(new MessageEvent('message', { data: d, origin: o as string })), [data, origin] as const);
  }

  test('renders a document from the page builder origin and ignores any other', async ({ page }) => {
    const response = await page.goto('/pgb-editor-preview');
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('header, footer')).toHaveCount(0);
    await expect(page.locator('[data-preview-state="listening"]')).toBeVisible();

    await post(page, document, 'http://evil.example');
    await post(page, { blocks: [{ type: 'script', src: 'x' }] }, PAGE_BUILDER_ORIGIN);
    await expect(page.locator('[data-preview-state="listening"]')).toBeVisible();
    await expect(page.getByText('Anteprima dal page builder')).toHaveCount(0);

    await post(page, document, PAGE_BUILDER_ORIGIN);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina di prova');
    await expect(page.getByText('Anteprima dal page builder')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sezione di prova' })).toBeVisible();
    const products = page.getByRole('region', { name: 'Bestseller in anteprima' });
    await expect(products.locator('[data-product-card]')).toHaveCount(4);
    await expect(page.locator('[data-coupon-code]')).toHaveText('SCONTO20');

    // Proving that nothing happened: every heading the page shows is recorded, the foreign
    // document is posted and a frame rendered, then one from the page builder follows. Once that
    // one shows, the foreign one was either shown in between (recorded) or never accepted.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
      new MutationObserver(() => seen.push(window.document.querySelector('h1')?.textContent ?? '')).observe(window.document.body, { subtree: true, childList: true, characterData: true });
    });
    await post(page, { title: 'Da un altro sito', blocks: [] }, 'http://evil.example');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await post(page, { ...document, title: 'Pagina di prova, seconda stesura' }, PAGE_BUILDER_ORIGIN);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina di prova, seconda stesura');
    expect(await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen)).not.toContain('Da un altro sito');
    await expectNoAxeViolations(page);
  });

  test('the preview follows the language', async ({ page }) => {
    await page.goto('/pgb-editor-preview?lan=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('[data-preview-state="listening"]')).toBeVisible();
    await post(page, { title: 'Test page', blocks: [{ type: 'coupon', code: 'BENVENUTO10', text: '10% off' }] }, PAGE_BUILDER_ORIGIN);
    await expect(page.getByRole('button', { name: 'Copy code BENVENUTO10' })).toBeVisible();
  });
});
