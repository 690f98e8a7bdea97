import { describe, expect, it } from 'vitest';
import { resolvePage, isPublicFile } from './page-routing';
import { safeRelative, type StaticIndex } from './static-files';

const index = (files: string[]): StaticIndex => {
  const set = new Set(files);
  return { root: '/x', has: (r) => set.has(r), get: (r) => (set.has(r) ? { size: 1, mtimeMs: 0, br: false, gz: false } : undefined) };
};

describe('safeRelative', () => {
  it('normalizes and refuses to leave the folder', () => {
    expect(safeRelative('/p/abc')).toBe('p/abc');
    expect(safeRelative('/a/../b')).toBe('b');
    // Climbing above the root stays at the root: the result is always inside the folder.
    expect(safeRelative('/../etc/passwd')).toBe('etc/passwd');
    expect(safeRelative('/%2e%2e/%2e%2e/etc/passwd')).toBe('etc/passwd');
    expect(safeRelative('/a/..%5c..%5cx')).toBeNull();
    expect(safeRelative('/bad%zz')).toBeNull();
    expect(safeRelative('/a%00b')).toBeNull();
  });
});

describe('resolvePage', () => {
  const dist = index(['it/home/index.html', 'en/home/index.html', 'es/p/tappo/index.html', 'favicon.svg']);
  it('serves the file of the locale', () => {
    expect(resolvePage(dist, 'home', 'it')).toEqual({ kind: 'file', relative: 'it/home/index.html', page: 'home', payload: false });
    expect(resolvePage(dist, 'home-en', 'it')).toEqual({ kind: 'file', relative: 'it/home/index.html', page: 'home', payload: false });
    expect(resolvePage(dist, 'p/tappo/', 'es')).toEqual({ kind: 'file', relative: 'es/p/tappo/index.html', page: 'p/tappo', payload: false });
  });
  it('generates pages without a file (product, category, news, content) and anything else is not found', () => {
    expect(resolvePage(dist, 'p/nuovo', 'it')).toEqual({ kind: 'on-demand', page: 'p/nuovo', payload: false });
    expect(resolvePage(dist, 'p/Bad_Slug', 'it')).toEqual({ kind: 'not-found' });
    expect(resolvePage(dist, 'nope/deeper', 'it')).toEqual({ kind: 'not-found' });
  });
  it('serves a page payload beside its page, generated when the page has none yet', () => {
    const withPayload = index(['es/p/tappo/index.html', 'es/p/tappo/payload.json', 'it/account/orders/view/index.html']);
    expect(resolvePage(withPayload, 'p/tappo/payload.json', 'es')).toEqual({ kind: 'file', relative: 'es/p/tappo/payload.json', page: 'p/tappo', payload: true });
    expect(resolvePage(withPayload, 'p/nuovo/payload.json', 'es')).toEqual({ kind: 'on-demand', page: 'p/nuovo', payload: true });
    // Like its page, a single-segment path may be a content page created after the build.
    expect(resolvePage(withPayload, 'chi-siamo/payload.json', 'es')).toEqual({ kind: 'on-demand', page: 'chi-siamo', payload: true });
    expect(resolvePage(withPayload, 'p/a/b/payload.json', 'es')).toEqual({ kind: 'not-found' });
  });
  it('serves the one order shell for every order id', () => {
    const shells = index(['it/account/orders/view/index.html']);
    expect(resolvePage(shells, 'account/orders/42', 'it')).toEqual({ kind: 'file', relative: 'it/account/orders/view/index.html', page: 'account/orders/view', payload: false });
    expect(resolvePage(shells, 'account/orders/abc', 'it')).toEqual({ kind: 'not-found' });
  });
  it('never exposes locale folders as public files', () => {
    expect(isPublicFile(dist, 'favicon.svg')).toBe(true);
    expect(isPublicFile(dist, 'it/home/index.html')).toBe(false);
  });
});
