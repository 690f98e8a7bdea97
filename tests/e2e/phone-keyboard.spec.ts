// Keyboard, phone and layout (issue 14, items 15, 16, 17, 19, 20 and the /customers landmarks):
// a keyboard-only journey from the home page to an order (no mouse or pointer event at all) in
// Italian and Spanish, with the reverse charge of Lucía's Spanish company on the way (item 3), the
// home slider's text contrast over a white picture, the header and the order tables on a 360 px
// phone, layout shift on the order detail page, and the product gallery by keyboard, mouse and
// touch, with the page's JavaScript budget for a visitor and for a signed-in customer.
// Users: keyboard@sierranorte.example (a copy of Lucía made for this spec: its cart and one new
// order per language), b2b2@example.com (orders, read only) and agent@example.com (read only).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { KEYBOARD_BUSINESS } from '../support/e2e-users';
import { API, apiGet, apiLogin, signInWithApi, tokenHeader, useLocale, type Locale } from './e2e-helpers';

/** Lucía's copy (Bodega Sierra Norte, reverse charged), whose cart only this spec fills. */
const LUCIA = { email: KEYBOARD_BUSINESS.email, password: KEYBOARD_BUSINESS.password };
const B2B2 = { email: 'b2b2@example.com', password: 'Customer-2026!' };
const AGENT = { email: 'agent@example.com', password: 'Agent-2026!' };
const PHONE = { width: 360, height: 740 };
const SKIP = { it: 'Vai al contenuto', en: 'Skip to content', es: 'Ir al contenido' } as const;
const HOME = { it: '/home', en: '/home-en', es: '/home-es' } as const;
/** Screenshots for the issue's closing note land here when SCREENS_DIR is set (docs/screens). */
const SCREENS = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string, selector?: string) {
  if (!SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  const file = path.join(SCREENS, name);
  if (selector) await page.locator(selector).first().screenshot({ path: file, scale: 'css' });
  else await page.screenshot({ path: file, scale: 'css' });
}

/** What has the focus, for messages. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.getAttribute('href') ?? ''}`;
  });
const focusMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Presses Tab (or Shift+Tab) until the focus is on `selector`; `onStop` may act on each stop. */
async function tabTo(page: Page, selector: string, options: { back?: boolean; max?: number; onStop?: () => Promise<void> } = {}) {
  for (let i = 0; i < (options.max ?? 120); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    if (await focusMatches(page, selector)) return;
    await options.onStop?.();
  }
  throw new Error(`Tab never reached ${selector}; the focus is on ${await describeFocus(page)}`);
}

/** The first Tab of a page lands on the skip link, and Enter puts the focus on the main content. */
async function skipToMain(page: Page, locale: Locale) {
  await page.keyboard.press('Tab');
  const skip = page.locator(':focus');
  await expect(skip).toHaveText(SKIP[locale]);
  await expect(skip).toHaveAttribute('href', '#main');
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
}

async function emptyCart(request: APIRequestContext, token: string) {
  const open = await request.post(`${API}/carts/get-or-create/?shop_context=b2b`, { headers: tokenHeader(token), data: {} });
  expect(open.ok()).toBe(true);
  const cart = (await open.json()) as { id: number };
  const rows = await apiGet<{ results: { id: number }[] }>(request, token, `carts/rows/?cart=${cart.id}&page_size=100&shop_context=b2b`);
  for (const row of rows.results) expect((await request.delete(`${API}/carts/row/${row.id}/?shop_context=b2b`, { headers: tokenHeader(token) })).ok()).toBe(true);
}

/** Relative luminance and contrast ratio (WCAG 2). */
const luminance = ([r, g, b]: number[]) => {
  const c = [r!, g!, b!].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
const rgba = (css: string) => {
  const m = css.match(/rgba?\(([^)]+)\)/);
  if (!m) return null;
  const [r, g, b, a] = m[1]!.split(/[ ,/]+/).filter(Boolean).map(Number);
  return { rgb: [r!, g!, b!], alpha: a ?? 1 };
};
/** A colour with an alpha laid over an opaque one. */
const over = (top: { rgb: number[]; alpha: number }, bottom: number[]) => top.rgb.map((v, i) => v * top.alpha + bottom[i]! * (1 - top.alpha));

test.describe('keyboard only', () => {
  test('the skip link is the first tab stop and reaches the main content (it, en, es)', async ({ page, context }) => {
    for (const locale of ['it', 'en', 'es'] as const) {
      await useLocale(context, locale);
      for (const p of ['/p', '/news', '/cart']) {
        await page.goto(p);
        await skipToMain(page, locale);
      }
    }
  });

  // Lucia's cart in two languages, one journey after the other.
  test.describe('journey', () => {
    test.describe.configure({ mode: 'serial' });
    for (const [locale, words] of [
      ['it', { added: 'Prodotto aggiunto al carrello', add: 'Aggiungi al carrello', count: '1 articolo nel carrello', vat: 'IVA 0% (inversione contabile)', note: 'inversione contabile (reverse charge)' }],
      ['es', { added: 'Producto añadido al carrito', add: 'Añadir al carrito', count: '1 artículo en el carrito', vat: 'IVA 0 % (inversión del sujeto pasivo)', note: 'Inversión del sujeto pasivo' }],
    ] as const) {
      test(`from the home page to an order with the keyboard alone: focus stays on "add to cart", the count is announced (${locale})`, async ({ page, context, request }) => {
        test.setTimeout(240_000);
        await useLocale(context, locale);
        const { token } = await apiLogin(request, LUCIA);
        await emptyCart(request, token);
        const listed = (await (await request.get(`${API}/products/p/?page_size=60&locale=${locale}`)).json()) as { results: { slug: string; code: string; title: string; has_variants: boolean; quantity: number; is_backorderable: boolean }[] };
        const product = listed.results.find((p) => !p.has_variants && p.quantity >= 10);
        expect(product, 'a simple product in stock').toBeTruthy();
        // Every pointer or mouse event the pages see, kept across pages: none may happen.
        await context.addInitScript(() => {
          for (const type of ['pointerdown', 'mousedown', 'mouseup', 'pointerup']) {
            addEventListener(type, () => sessionStorage.setItem('pointer-events', String(Number(sessionStorage.getItem('pointer-events') ?? 0) + 1)), true);
          }
        });
        const pointerEvents = () => page.evaluate(() => Number(sessionStorage.getItem('pointer-events') ?? 0));

        await signInWithApi(page, LUCIA, HOME[locale]);
        await expect(page.locator('[data-header-account]')).toBeVisible();
        await skipToMain(page, locale);
        // The search box is in the header, before the main content: back there with Shift+Tab.
        await tabTo(page, '#site-search', { back: true });
        await page.keyboard.type(product!.code);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/p\?search=/);
        await expect(page.locator('[data-listing][data-hydrated][data-state="ready"]')).toBeVisible();
        await skipToMain(page, locale);
        await tabTo(page, `main a[href="/p/${product!.slug}"]`);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/p/${product!.slug}$`));
        await expect(page.locator('[data-buy-box][data-hydrated][data-live="known"]')).toBeVisible();
        await expect(page.locator('[data-customer-price="ready"]')).toBeVisible();

        await skipToMain(page, locale);
        await tabTo(page, '[data-add-to-cart]');
        await page.keyboard.press('Enter');
        await expect(page.locator('[data-toast]').filter({ hasText: words.added })).toBeVisible();
        // The focus did not fall to the top of the document: it is still on the button.
        await expect(page.locator('[data-add-to-cart]')).toBeFocused();
        await expect(page.locator('[data-add-to-cart]')).toHaveText(words.add);
        // The new count is said in a polite live region.
        const announce = page.locator('[data-cart-announce]');
        await expect(announce).toHaveAttribute('aria-live', 'polite');
        await expect(announce).toHaveText(words.count);

        await tabTo(page, '[data-shop-header] a[href="/cart"]', { back: true });
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/cart$/);
        await expect(page.locator('[data-cart-state="ready"]')).toBeVisible();
        await skipToMain(page, locale);
        // The quantity stepper keeps the focus too while its change is on its way.
        await tabTo(page, '[data-cart-row] [data-row-qty] + button');
        await page.keyboard.press('Enter');
        await expect(page.locator('[data-cart-row] [data-row-qty]')).toHaveValue('2');
        await expect(page.locator('[data-cart-row] [data-row-qty] + button')).toBeFocused();
        await tabTo(page, 'a[data-proceed-checkout]');
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/cart\/checkout$/);
        await expect(page.locator('[data-checkout-state="ready"]')).toBeVisible();
        // Lucía buys for a Spanish company with a VAT number: reverse charge (item 3, ADR 0024),
        // its line and legal note in the page's language.
        await expect(page.locator('[data-order-review]').getByText(words.vat, { exact: true })).toBeVisible();
        await expect(page.locator('[data-vat-note-legal]')).toContainText(words.note);
        await skipToMain(page, locale);
        // Through the form to the confirm button; the payment method is chosen with Space on the way.
        await tabTo(page, '[data-place-order]', {
          onStop: async () => {
            const pick = await page.evaluate(() => {
              const el = document.activeElement;
              return !!el?.matches('[data-choices="payment_method"] input[type="radio"]') && !document.querySelector('[data-choices="payment_method"] input:checked');
            });
            if (pick) await page.keyboard.press('Space');
          },
        });
        await expect(page.locator('[data-choices="payment_method"] input:checked')).toHaveCount(1);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/cart\/order-complete\?order=\d+$/, { timeout: 30_000 });
        await expect(page.locator('[data-order-number]')).toHaveText(/^\d{4}-\d{6}$/);
        expect(await pointerEvents()).toBe(0);
        // The placed order says so too, on its page.
        await page.goto(`/account/orders/${new URL(page.url()).searchParams.get('order')}`);
        await expect(page.locator('[data-order-vat-note]')).toContainText(words.note);
      });
    }
  });
});

test.describe('home slider', () => {
  test('slide text has at least 4.5:1 against its panel, even over a white picture (it, en)', async ({ page, context }) => {
    for (const [locale, home] of [['it', '/home'], ['en', '/home-en']] as const) {
      await useLocale(context, locale);
      await page.goto(home);
      const slides = page.locator('[data-slider] li[aria-roledescription="slide"]');
      expect(await slides.count()).toBeGreaterThan(0);
      for (const slide of await slides.all()) {
        const panel = slide.locator('[data-slide-panel]');
        await expect(panel).toHaveCount(1);
        const measured = await panel.evaluate((el) => {
          const texts = [...el.querySelectorAll('h1, p')].filter((t) => (t.textContent ?? '').trim() && !t.querySelector('a'));
          const box = el.getBoundingClientRect();
          return {
            background: getComputedStyle(el).backgroundColor,
            opacity: getComputedStyle(el).opacity,
            texts: texts.map((t) => {
              const r = t.getBoundingClientRect();
              return { colour: getComputedStyle(t).color, inside: r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1 };
            }),
          };
        });
        expect(measured.opacity).toBe('1');
        const panelColour = rgba(measured.background);
        expect(panelColour, 'the panel has a background').not.toBeNull();
        // Worst case for light text: a white picture under the panel.
        const backdrop = over(panelColour!, [255, 255, 255]);
        expect(measured.texts.length).toBeGreaterThan(0);
        for (const text of measured.texts) {
          expect(text.inside).toBe(true);
          const colour = rgba(text.colour)!;
          expect(colour.alpha).toBe(1);
          expect(contrast(colour.rgb, backdrop)).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});

/** One header row: every visible control sits on the same line, the header is no taller than that line, nothing sticks out. */
async function expectOneRow(page: Page) {
  const rows = await page.locator('[data-shop-header]').evaluate((el) => {
    const visible = [...el.querySelectorAll<HTMLElement>('a[href], button, input, select')].filter((c) => c.offsetParent !== null && c.getBoundingClientRect().height > 0);
    const boxes = visible.map((c) => c.getBoundingClientRect());
    return { tops: boxes.map((b) => Math.round(b.top + b.height / 2)), tallest: Math.max(...boxes.map((b) => b.height)), height: el.getBoundingClientRect().height, right: Math.max(...boxes.map((b) => b.right)) };
  });
  expect(Math.max(...rows.tops) - Math.min(...rows.tops), 'controls on one line').toBeLessThanOrEqual(4);
  expect(rows.height).toBeLessThanOrEqual(rows.tallest + 32);
  expect(rows.right).toBeLessThanOrEqual(PHONE.width);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE });

  test('the header is one row, its menu opens from the keyboard with search and languages, nothing overflows (it, en)', async ({ page, context }) => {
    for (const [locale, home] of [['it', '/home'], ['en', '/home-en']] as const) {
      await useLocale(context, locale);
      await page.goto(home);
      const header = page.locator('[data-shop-header]');
      const toggle = header.locator('[data-menu-toggle]');
      await expect(toggle).toBeVisible();
      if (locale === 'it') await screenshot(page, 'phone-header-360.png', '[data-shop-header]');
      await expectOneRow(page);

      // The menu is a disclosure: Enter opens it, search and languages are inside, Escape closes it.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(header.getByRole('searchbox')).toBeVisible();
      await expect(header.getByRole('link', { name: 'Español' })).toBeVisible();
      await expect(page.locator('#site-menu')).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      if (locale === 'it') await screenshot(page, 'phone-header-360-menu.png', '[data-shop-header]');
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(header.getByRole('searchbox')).toBeHidden();
    }
  });

  /** Every cell of the table is on the screen, labelled with its column, with nothing to scroll sideways. */
  async function expectStacked(page: Page, table: string) {
    const cells = await page.locator(table).evaluate((el) => {
      const heads = [...el.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
      const row = el.querySelector('tbody tr')!;
      return {
        heads,
        width: innerWidth,
        cells: [...row.children].map((cell) => {
          const r = cell.getBoundingClientRect();
          return { label: cell.getAttribute('data-label'), before: getComputedStyle(cell, '::before').content, left: r.left, right: r.right, height: r.height };
        }),
        scroller: (() => {
          const region = el.closest('[role="region"]') ?? el.parentElement!;
          return region.scrollWidth - region.clientWidth;
        })(),
      };
    });
    expect(cells.scroller, 'no sideways scrolling').toBeLessThanOrEqual(0);
    for (const [i, cell] of cells.cells.entries()) {
      expect(cell.left).toBeGreaterThanOrEqual(0);
      expect(cell.right).toBeLessThanOrEqual(cells.width);
      expect(cell.height).toBeGreaterThan(0);
      // The first cell names the row (it is the card's title); the others carry their column's name.
      if (i > 0 && cells.heads[i]) {
        expect(cell.label).toBe(cells.heads[i]);
        expect(['none', 'normal', '']).not.toContain(cell.before);
      }
    }
  }

  for (const locale of ['it', 'en'] as const) {
    test(`the order list and an order's rows are stacked cards with labels (${locale})`, async ({ page, context, request }) => {
      await useLocale(context, locale);
      const { token } = await apiLogin(request, B2B2);
      const me = await apiGet<{ customer_profile: { id: number } }>(request, token, 'auth/is-authenticated/');
      const orders = await apiGet<{ results: { id: number }[] }>(request, token, `orders/?customer=${me.customer_profile.id}&page_size=1`);
      expect(orders.results.length).toBeGreaterThan(0);
      await signInWithApi(page, B2B2, '/account/orders');
      await expect(page.locator('[data-order-row]').first()).toBeVisible();
      // Signed in (account and sign-out buttons too) the header is still one row.
      await expect(page.locator('[data-header-signout]')).toBeVisible();
      await expectOneRow(page);
      await expectStacked(page, '[data-order-history] table');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      if (locale === 'it') await screenshot(page, 'phone-orders-360.png');
      await page.goto(`/account/orders/${orders.results[0]!.id}`);
      await expect(page.locator('[data-order-line]').first()).toBeVisible();
      await expectStacked(page, '[data-order-detail] table');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('order detail layout shift', () => {
  for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
    test(`cumulative layout shift is at most 0.1 while the order loads (${viewport.width} px)`, async ({ page, context, request }) => {
      await page.setViewportSize(viewport);
      await useLocale(context, 'it');
      const { token } = await apiLogin(request, B2B2);
      const me = await apiGet<{ customer_profile: { id: number } }>(request, token, 'auth/is-authenticated/');
      const orders = await apiGet<{ results: { id: number }[] }>(request, token, `orders/?customer=${me.customer_profile.id}&page_size=1`);
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The order's answer comes late, as on a slow network: the page must hold its place meanwhile.
      await page.route('**/api/v3/client/orders/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await signInWithApi(page, B2B2, `/account/orders/${orders.results[0]!.id}`);
      await expect(page.locator('[data-order-line]').first()).toBeVisible();
      await expect(page.locator('[data-order-documents], [data-order-detail] section p').first()).toBeVisible();
      await page.waitForTimeout(1000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThanOrEqual(0.1);
    });
  }
});

async function galleryProduct(page: Page) {
  const response = await page.request.get(`${API}/products/p/?page_size=1&locale=it`);
  const body = (await response.json()) as { results: { slug: string }[] };
  return `/p/${body.results[0]!.slug}`;
}
const mainPicture = (page: Page) => page.locator('[data-gallery-main] img');

test.describe('product gallery', () => {
  test('switches pictures and zooms by keyboard (it)', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto(await galleryProduct(page));
    const gallery = page.locator('[data-gallery][data-ready]');
    await expect(gallery).toBeVisible();
    const thumbs = gallery.locator('[data-gallery-thumb]');
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
    const first = await mainPicture(page).getAttribute('src');

    // Thumbnails are buttons: Tab reaches them, Enter shows the picture.
    await thumbs.first().focus();
    await page.keyboard.press('Tab');
    await expect(thumbs.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(mainPicture(page)).not.toHaveAttribute('src', first!);
    await expect(gallery.locator('[data-gallery-status]')).toHaveText('Immagine 2 di 3');
    // Arrow keys move between pictures (and wrap round).
    await page.keyboard.press('ArrowRight');
    await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(thumbs.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(mainPicture(page)).toHaveAttribute('src', first!);
    await page.keyboard.press('ArrowLeft');
    await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');

    // Zoom: a dialog with the large picture; Escape closes it and the focus comes back.
    const zoom = gallery.locator('[data-gallery-zoom]');
    await zoom.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img')).toHaveAttribute('alt', /\(3\)$/);
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.locator('img')).toHaveAttribute('alt', /\(2\)$/);
    await expect.poll(() => dialog.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await dialog.locator('img').boundingBox())!.width).toBeGreaterThan((await mainPicture(page).boundingBox())!.width * 0.9);
    await screenshot(page, 'gallery-zoom.png');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(zoom).toBeFocused();
    expect(await new AxeBuilder({ page }).include('[data-gallery]').analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
  });

  test('switches pictures with the mouse and by swiping, zooms and closes (en)', async ({ page, context }) => {
    await useLocale(context, 'en');
    await page.goto(await galleryProduct(page));
    const gallery = page.locator('[data-gallery][data-ready]');
    await expect(gallery).toBeVisible();
    const thumbs = gallery.locator('[data-gallery-thumb]');
    await thumbs.nth(2).click();
    await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(gallery.locator('[data-gallery-status]')).toHaveText('Image 3 of 3');
    await screenshot(page, 'gallery.png', '[data-gallery]');
    // A swipe to the left (pointer events, as a finger or a dragged mouse) shows the next picture.
    const box = (await mainPicture(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
    // And to the right, the previous one.
    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, y, { steps: 8 });
    await page.mouse.up();
    await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');

    await gallery.locator('[data-gallery-zoom]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, viewport: PHONE });

    test('a finger swipe switches pictures both ways (es)', async ({ page, context }) => {
      await useLocale(context, 'es');
      // The pointer events the gallery sees, by kind: a real touch arrives as pointerType "touch".
      await context.addInitScript(() => {
        const w = window as unknown as { __pointers: string[] };
        w.__pointers = [];
        addEventListener('pointerdown', (event) => w.__pointers.push(event.pointerType), true);
      });
      await page.goto(await galleryProduct(page));
      const gallery = page.locator('[data-gallery][data-ready]');
      await expect(gallery).toBeVisible();
      const thumbs = gallery.locator('[data-gallery-thumb]');
      await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
      await mainPicture(page).scrollIntoViewIfNeeded();
      const box = (await mainPicture(page).boundingBox())!;
      const y = Math.round(box.y + box.height / 2);
      // Chromium's own touch input (CDP), as a finger on a phone's screen sends it.
      const cdp = await context.newCDPSession(page);
      const swipe = async (fromX: number, toX: number) => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
        for (let i = 1; i <= 6; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: Math.round(fromX + ((toX - fromX) * i) / 6), y }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      // To the left: the next picture; to the right: back to the first.
      await swipe(Math.round(box.x + box.width * 0.8), Math.round(box.x + box.width * 0.2));
      await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(gallery.locator('[data-gallery-status]')).toHaveText('Imagen 2 de 3');
      await swipe(Math.round(box.x + box.width * 0.2), Math.round(box.x + box.width * 0.8));
      await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
      const kinds = await page.evaluate(() => (window as unknown as { __pointers: string[] }).__pointers);
      expect(kinds).toEqual(['touch', 'touch']);
    });
  });

  /**
   * Every script the product page loads, hydrated and idle, for a visitor or a signed-in customer
   * (whose buy box also loads the cart and wishlist stores): URL and gzip size.
   */
  async function productPageScripts(page: Page, customer?: { email: string; password: string }) {
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    const product = await galleryProduct(page);
    if (customer) await signInWithApi(page, customer, product);
    else await page.goto(product);
    await expect(page.locator('[data-gallery][data-ready]')).toBeVisible();
    await expect(page.locator('[data-buy-box][data-hydrated]')).toBeVisible();
    if (customer) await expect(page.locator('[data-buy-box] [data-customer-price="ready"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes: { url: string; gzip: number }[] = [];
    for (const url of scripts) sizes.push({ url, gzip: gzipSync(await (await page.request.get(url)).body(), { level: 9 }).byteLength });
    console.log(`product page JavaScript${customer ? ' (signed in)' : ''}: ${sizes.length} files, ${(sizes.reduce((n, s) => n + s.gzip, 0) / 1024).toFixed(1)} KB gzip`);
    return sizes;
  }

  test('the gallery costs the product page at most 2 KB of JavaScript, gzip (it)', async ({ page, context }) => {
    await useLocale(context, 'it');
    const sizes = await productPageScripts(page);
    // The gallery is the product page's own script (src/lib/gallery/gallery.ts): no React, no store.
    const own = sizes.filter((s) => /ProductPage\.astro_astro_type_script/.test(s.url));
    expect(own).toHaveLength(1);
    expect(own[0]!.gzip / 1024).toBeLessThanOrEqual(2);
  });

  test('the buy box costs the product page at most 4 KB of JavaScript, gzip, and a visitor loads no cart or wishlist code (it)', async ({ page, context }) => {
    await useLocale(context, 'it');
    const sizes = await productPageScripts(page);
    // The buy box's own script (src/lib/buy-box/); the cart and wishlist stores come only for a customer.
    const own = sizes.filter((s) => /BuyBox\.astro_astro_type_script/.test(s.url));
    expect(own).toHaveLength(1);
    expect(own[0]!.gzip / 1024).toBeLessThanOrEqual(4);
    // Known by their success messages' keys (chunk names do not tell the store from src/lib/rules/cart.ts).
    const storeCode: string[] = [];
    for (const { url } of sizes) {
      const body = await (await page.request.get(url)).text();
      if (/toasts\.productAddedTo(Cart|Wishlist)/.test(body)) storeCode.push(new URL(url).pathname);
    }
    expect(storeCode).toEqual([]);
  });

  test('the product page ships at most 90 KB of JavaScript, gzip (it)', async ({ page, context }) => {
    // Issue 14 item 20's budget: 104.8 KB while the buy box was a React island (React's runtime
    // alone is 64 KB); the buy box is now a plain script (src/lib/buy-box/), as the gallery is.
    await useLocale(context, 'it');
    const sizes = await productPageScripts(page);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.reduce((n, s) => n + s.gzip, 0) / 1024).toBeLessThanOrEqual(90);
  });

  test('the product page ships at most 90 KB of JavaScript, gzip, to a signed-in business customer too (it)', async ({ page, context }) => {
    // The same budget with the session, live values, cart and wishlist stores a customer loads.
    await useLocale(context, 'it');
    const sizes = await productPageScripts(page, B2B2);
    expect(sizes.reduce((n, s) => n + s.gzip, 0) / 1024).toBeLessThanOrEqual(90);
  });
});

test.describe('/customers landmarks', () => {
  for (const locale of ['it', 'en', 'es'] as const) {
    test(`axe (every rule, best practices included) finds nothing on /customers (${locale})`, async ({ page, context }) => {
      await useLocale(context, locale);
      await signInWithApi(page, AGENT, locale === 'it' ? '/home' : locale === 'en' ? '/home-en' : '/home-es');
      await expect(page.locator('[data-header-account]')).toContainText('Luca');
      await page.goto('/customers');
      await expect(page.locator('[data-customer-code]')).toHaveCount(3);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      // Every navigation and search landmark has its own name.
      const names = await page.evaluate(() =>
        [...document.querySelectorAll('nav, [role="navigation"], [role="search"]')]
          .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).display !== 'none')
          .map((el) => `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''}`),
      );
      expect(new Set(names).size).toBe(names.length);
      expect(names.every((n) => !n.endsWith(':'))).toBe(true);
    });
  }
});
