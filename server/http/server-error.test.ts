import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFailure, builtErrorPages, errorPageFile, failureLocale } from './server-error';

let dir: string;
let server: Server;
let base: string;

// A handler that fails outside any page renderer, answered the way server.ts answers it.
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-error-'));
  for (const [locale, title] of [['it', 'Errore interno del server'], ['en', 'Internal Server Error']]) {
    const file = path.join(dir, errorPageFile(locale as 'it' | 'en'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `<!doctype html><html lang="${locale}"><title>${title}</title></html>`);
  }
  const pages = builtErrorPages(dir);
  server = createServer((req, res) => {
    res.setHeader('X-Shop-Page', 'prerendered');
    Promise.reject(new Error('secret stack detail')).catch(() => answerFailure(req, res, pages, { unavailable: req.url?.includes('away') }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a failure outside the page renderer', () => {
  it('answers a page path with the built 500 page in the visitor\'s language, not plain text', async () => {
    const italian = await fetch(`${base}/p/vino`);
    expect(italian.status).toBe(500);
    expect(italian.headers.get('content-type')).toMatch(/^text\/html/);
    expect(italian.headers.get('content-language')).toBe('it');
    expect(italian.headers.get('x-shop-page')).toBeNull();
    expect(await italian.text()).toContain('Errore interno del server');

    const english = await fetch(`${base}/cart`, { headers: { cookie: 'lan=en' } });
    expect(english.status).toBe(500);
    const body = await english.text();
    expect(body).toContain('<html lang="en">');
    expect(body).not.toContain('secret stack detail');
    expect((await fetch(`${base}/cart?lan=en`)).headers.get('content-language')).toBe('en');
  });

  it('says 503 with Retry-After on the same page while the database is away', async () => {
    const away = await fetch(`${base}/away`, { headers: { cookie: 'lan=en' } });
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(await away.text()).toContain('Internal Server Error');
  });

  it('keeps the JSON error body on API paths', async () => {
    const api = await fetch(`${base}/api/v3/client/products/p/`);
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ detail: 'Unknown server error', error_list: [], code: 'Unexpected' });
  });

  it('falls back to plain text only when the build has no page for the language', async () => {
    const spanish = await fetch(`${base}/cart`, { headers: { cookie: 'lan=es' } });
    expect(spanish.status).toBe(500);
    expect(await spanish.text()).toBe('Internal Server Error');
  });

  it('reads the language even from a URL that does not parse', () => {
    expect(failureLocale({ url: '//?lan=en', headers: {} })).toBe('en');
    expect(failureLocale({ url: '//', headers: { cookie: 'a=b; lan=es' } })).toBe('es');
    expect(failureLocale({ url: '/?lan=xx', headers: {} })).toBe('it');
  });
});
