import { describe, expect, it } from 'vitest';
import { formatEuro } from './format';
import { MESSAGES, translator } from './i18n';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const valueAt = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);

describe('translation messages', () => {
  const it_ = keys(MESSAGES.it as Tree).sort();

  it.each(['en', 'es'] as const)('%s has exactly the Italian keys', (locale) => {
    expect(keys(MESSAGES[locale] as Tree).sort()).toEqual(it_);
  });

  it.each(['en', 'es'] as const)('%s keeps every placeholder and leaves nothing empty', (locale) => {
    for (const key of it_) {
      const own = valueAt(MESSAGES[locale] as Tree, key) as string;
      expect(own.trim(), key).not.toBe('');
      expect(placeholders(own), key).toEqual(placeholders(valueAt(MESSAGES.it as Tree, key) as string));
    }
  });

  it('translates with plurals and placeholders in each locale', () => {
    expect(translator('en')('errors.couponNotValid')).toBe('The coupon is not valid.');
    expect(translator('it')('listing.count', { count: 1 })).toBe('1 prodotto');
    expect(translator('es')('listing.count', { count: 3 })).toBe('3 productos');
  });

  it('formats prices in EUR per locale', () => {
    expect(formatEuro(12345.5, 'it').replace(/\s/g, ' ')).toBe('12.345,50 €');
    expect(formatEuro(12345.5, 'en')).toBe('€12,345.50');
    expect(formatEuro(12345.5, 'es').replace(/\s/g, ' ')).toBe('12.345,50 €');
  });
});
