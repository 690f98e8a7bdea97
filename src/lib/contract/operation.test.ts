import { describe, expect, it } from 'vitest';
import { fillPath } from './operation';

describe('fillPath', () => {
  it('encodes a parameter as one segment', () => {
    expect(fillPath('addresses/{id}/', { id: 4 })).toBe('addresses/4/');
    expect(fillPath('products/p/{slug}/', { slug: 'a/b c' })).toBe('products/p/a%2Fb%20c/');
    expect(() => fillPath('addresses/{id}/', {})).toThrow('Missing path parameter id');
  });

  it('keeps the slashes of the rest parameter, encodes its segments, and lets it be empty', () => {
    const template = 'client-proxy/{name}/{path}';
    expect(fillPath(template, { name: 'search', path: 'items/7/' }, 'path')).toBe('client-proxy/search/items/7/');
    expect(fillPath(template, { name: 'search', path: 'caffè latte/x' }, 'path')).toBe('client-proxy/search/caff%C3%A8%20latte/x');
    expect(fillPath(template, { name: 'search', path: '' }, 'path')).toBe('client-proxy/search/');
  });
});
