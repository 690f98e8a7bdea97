// Unknown page paths of any characters end at the 404 page, never at a 500: the path the visitor
// typed travels to the on-demand 404 route in a header, which must hold whatever they typed.
import { describe, expect, it } from 'vitest';
import { requestPath } from '../../src/lib/page-data/request-locale';
import { pathHeaderValue, resolvePage } from './page-routing';
import { safeRelative, type StaticIndex } from './static-files';

const index: StaticIndex = { root: '/x', has: (r) => r === 'it/home/index.html', get: () => undefined };

const HOSTILE = [
  '/%E2%80%9Cvino%E2%80%9D', '/“vino”', '/p/%E2%80%9Cvino%E2%80%9D', '/%0D%0ASet-Cookie:%20x=1', '/a%0Ab', '/%09', '/🍷', '/%F0%9F%8D%B7',
  '/%C3%BF%C4%80', '/ÿĀ', '/%00', '/%C0%AF', '/%E0%A4%A', '/%ED%A0%80', '/%', '/a%2Fb', '/%5C..%5C', `/${'a'.repeat(8000)}`, '/news/%E2%80%9C',
];

describe('hostile page paths', () => {
  it.each(HOSTILE)('%s resolves to no page, and its path survives the trip through a header', (raw) => {
    const url = new URL(raw, 'http://shop.local');
    const relative = safeRelative(url.pathname);
    if (relative === null) return; // answered with the 404 page and the path "/"
    expect(resolvePage(index, relative, 'it').kind).not.toBe('file');
    const publicPath = `/${relative.replace(/\/+$/, '')}`;
    const value = pathHeaderValue(publicPath);
    // What undici (Astro's Request) does with the header: it throws on CR, LF, NUL and chars above U+00FF.
    const request = new Request('http://shop.local/404', { headers: { 'x-shop-path': value } });
    expect(requestPath(request, new URL(request.url))).toBe(publicPath.toWellFormed());
  });

  it('keeps an ordinary path readable', () => {
    expect(pathHeaderValue('/p/tappo-sughero')).toBe('/p/tappo-sughero');
    expect(pathHeaderValue('/“vino”')).toBe('/%E2%80%9Cvino%E2%80%9D');
  });
});
