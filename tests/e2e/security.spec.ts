// Issue 11, items 3, 4 and 9: sign-in never sends the visitor to another site, a link from data
// never runs script, and every page, the editor preview and the API send the security headers;
// the pages' own scripts (islands, hydration, inline helpers, the owner's extra scripts) all run
// under the Content-Security-Policy without a single violation.
import { expect, test, type Page } from '@playwright/test';
import { HOSTILE_SLIDER } from '../support/hostile-data';
import { API, BASE_URL, signInWithApi } from './e2e-helpers';

const CONSUMER = { email: 'consumer@example.com', password: 'Consumer-2026!' };
const PAGE_BUILDER_ORIGIN = 'http://localhost:5173';
const SHOP = new URL(BASE_URL);

/** Everything the browser reports against the page's policy, by event and by console. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to (execute|load|apply|frame)/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** Sends any visit to evil.example to a page of our own, so no lookup leaves the machine. */
async function trapEvil(page: Page): Promise<void> {
  await page.context().route(/^https?:\/\/evil\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }));
}

test.describe('sign-in stays on the site', () => {
  // Each ?next= as the reproducer writes it: %09 tab, %0D CR, %0A LF, %5C backslash.
  const hostile = ['%2F%09%2Fevil.example', '%2F%0D%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%5Cevil.example', '%2F%09%5C%2Fevil.example', '%2F.%2F%2Fevil.example'];

  test('signing in with a hostile ?next= lands on the shop, and so does a signed-in visit', async ({ page }) => {
    await trapEvil(page);
    await page.goto(`/auth/login?next=${hostile[0]}`);
    await page.locator('#signin-username').fill(CONSUMER.email);
    await page.locator('form[data-auth-state] button[type="submit"]').click();
    await page.locator('#signin-password').fill(CONSUMER.password);
    await page.locator('form[data-auth-state] button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).not.toMatch(/^\/auth/);
    expect(new URL(page.url()).host).toBe(SHOP.host);

    // Signed in now: the route guard sends the visitor on from the sign-in page at once.
    for (const next of hostile) {
      await page.goto(`/auth/login?next=${next}`);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).not.toMatch(/^\/auth/);
      expect(new URL(page.url()).host, next).toBe(SHOP.host);
    }
    // A same-site ?next= still works.
    await page.goto(`/auth/login?next=${encodeURIComponent('/p?search=malto')}`);
    await expect(page).toHaveURL(/\/p\?search=malto$/);
  });
});

test('a slide whose link is javascript: renders no link and runs nothing', async ({ page }) => {
  await page.goto('/home');
  const slider = page.locator(`[data-slider="${HOSTILE_SLIDER}"]`);
  await expect(slider.locator('li').first()).toBeVisible();
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  // The other slides keep their buttons: one fewer link than slides.
  const slides = await slider.locator('ul li').count();
  await expect(slider.locator('ul li a')).toHaveCount(slides - 1);
  expect(await page.evaluate(() => (window as unknown as { __slideScript?: boolean }).__slideScript)).toBeUndefined();
});

test.describe('security headers', () => {
  const expectCommon = (headers: Record<string, string>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    // The e2e shop is served over http: no HSTS there (it is sent when PUBLIC_SITE_URL is https).
    expect(headers['strict-transport-security']).toBeUndefined();
  };

  test('pages: no framing, a script policy without unsafe-inline in the page', async ({ request }) => {
    for (const path of ['/home', '/p/malto-pale-ale', '/auth/login', '/no-such-page-at-all']) {
      const response = await request.get(path);
      const headers = response.headers();
      expectCommon(headers);
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      const html = await response.text();
      const policy = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? headers['content-security-policy'] ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      expect(policy, path).toContain("script-src-attr 'none'");
    }
    // The same answer again comes from the hot cache (server/http/hot-pages.ts): same headers.
    const again = (await request.get('/home')).headers();
    expect(again['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(again['x-frame-options']).toBe('DENY');
  });

  test('the editor preview may be framed by the page builder only', async ({ request }) => {
    const headers = (await request.get('/pgb-editor-preview')).headers();
    expectCommon(headers);
    expect(headers['content-security-policy']).toContain(`frame-ancestors ${PAGE_BUILDER_ORIGIN};`);
    expect(headers['x-frame-options']).toBeUndefined();
  });

  test('API answers, errors included', async ({ request }) => {
    for (const path of [`${API}/config/system/DEFAULT_LOCALE/`, `${API}/no-such-operation/`]) {
      const headers = (await request.get(path)).headers();
      expectCommon(headers);
      expect(headers['content-security-policy'], path).toContain("default-src 'none'");
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  });

  test('another site cannot frame a page, nor the preview', async ({ page }) => {
    // "Another site": the shop under its other loopback name (localhost vs 127.0.0.1) is another
    // origin, and a local one, so the browser's private-network rules stay out of the way.
    const other = new URL(BASE_URL);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    await page.goto(`${other.origin}/robots.txt`);
    const framedLoaded = async (path: string) => {
      const src = `${BASE_URL}${path}`;
      await page.evaluate((url) => {
        document.querySelector('iframe')?.remove();
        const frame = document.createElement('iframe');
        frame.src = url;
        document.documentElement.append(frame);
      }, src);
      // A page refused by frame-ancestors never gets its own document into the frame (the
      // browser shows its error page there instead).
      return expect
        .poll(async () => {
          const frame = page.frames().find((f) => f !== page.mainFrame());
          return frame?.evaluate(() => document.querySelector('link[rel="icon"][href="/favicon.svg"]') !== null).catch(() => false) ?? false;
        }, { timeout: 5_000 })
        .toBe(true)
        .then(() => true, () => false);
    };
    expect(await framedLoaded('/home')).toBe(false);
    expect(await framedLoaded('/p/malto-pale-ale')).toBe(false);
    expect(await framedLoaded('/pgb-editor-preview')).toBe(false);
  });
});

test.describe('the pages run under their policy', () => {
  test('public pages: no violation, islands hydrate, the owner script and the listing script run', async ({ page }) => {
    const violations = await watchPolicy(page);
    for (const path of ['/home', '/p/malto-pale-ale', '/p?search=malto', '/c/enologia', '/contatti', '/auth/login', '/news', '/chi-siamo', '/pgb-editor-preview']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(violations, path).toEqual([]);
    }
    // The owner's extra body script (tests/support/fresh-product.ts) is allowed by its hash.
    await page.goto('/home');
    expect(await page.evaluate(() => (window as unknown as { __e2eExtraScript?: boolean }).__e2eExtraScript)).toBe(true);
    // The sign-in island hydrated (it takes input and moves to the password step).
    await page.goto('/auth/login');
    await page.locator('#signin-username').fill(CONSUMER.email);
    await page.locator('form[data-auth-state] button[type="submit"]').click();
    await expect(page.locator('#signin-password')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('signed-in pages: cart, checkout and account run without a violation', async ({ page }) => {
    const violations = await watchPolicy(page);
    await signInWithApi(page, CONSUMER, '/cart');
    for (const path of ['/cart', '/cart/checkout', '/account', '/account/orders']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(violations, path).toEqual([]);
    }
  });
});
