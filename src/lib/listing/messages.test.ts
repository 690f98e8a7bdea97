import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/i18n';
import { LOCALES } from '../i18n/locales';
import { LISTING_MESSAGE_KEYS, listingText } from './messages';
import { listingMessages } from '../page-data/listing';

describe('listing texts', () => {
  it('picks the plural form by the locale’s rules', () => {
    const text = listingText('it', { listing: { count_one: '{{count}} prodotto', count_other: '{{count}} prodotti' } });
    expect(text.count(1)).toBe('1 prodotto');
    expect(text.count(0)).toBe('0 prodotti');
    expect(text.count(66)).toBe('66 prodotti');
    expect(text.price(12.5).replace(/\s/g, ' ')).toBe('12,50 €');
  });

  it('reads the strings the page hands over, placeholders filled', () => {
    const text = listingText('en', listingMessages('en'));
    expect(text.count(1)).toBe('1 product');
    expect(text.t('listing.pageOf', { page: 2, pageCount: 14 })).not.toMatch(/{{/);
  });
});

it('every string the island asks for is in the catalogues', () => {
  for (const locale of LOCALES) {
    for (const key of LISTING_MESSAGE_KEYS) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES[locale]);
      expect(typeof value, `${locale}: ${key}`).toBe('string');
    }
  }
});
