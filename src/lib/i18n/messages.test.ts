import { describe, expect, it } from 'vitest';
import { createI18n, formatPrice, MESSAGES } from './i18n';

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

  it('falls back to Italian for a key a locale lacks', () => {
    const i18n = createI18n('en');
    i18n.addResource('it', 'translation', 'onlyItalian', 'Solo in italiano');
    expect(i18n.t('onlyItalian')).toBe('Solo in italiano');
    expect(i18n.t('errors.couponNotValid')).toBe('The coupon is not valid.');
  });

  it('formats prices in EUR per locale', () => {
    expect(formatPrice(12345.5, 'it').replace(/\s/g, ' ')).toBe('12.345,50 €');
    expect(formatPrice(12345.5, 'en')).toBe('€12,345.50');
    expect(formatPrice(12345.5, 'es').replace(/\s/g, ' ')).toBe('12.345,50 €');
  });
});
