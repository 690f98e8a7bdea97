import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/i18n';
import { LISTING_MESSAGE_KEYS, fillPlaceholders, listingText, type ListingMessages } from './messages';

describe('listing texts', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fillPlaceholders('Pagina {{page}} di {{ pageCount }}', { page: 2, pageCount: 14 })).toBe('Pagina 2 di 14');
    expect(fillPlaceholders('{{x}} y', {})).toBe('{{x}} y');
  });

  it('picks the plural form by the locale’s rules', () => {
    const messages = { 'listing.count_one': '{{count}} prodotto', 'listing.count_other': '{{count}} prodotti' } as ListingMessages;
    const text = listingText('it', messages);
    expect(text.count(1)).toBe('1 prodotto');
    expect(text.count(0)).toBe('0 prodotti');
    expect(text.count(66)).toBe('66 prodotti');
    expect(text.price(12.5).replace(/\s/g, ' ')).toBe('12,50 €');
  });
});

it('every string the island asks for is in the catalogues', () => {
  for (const locale of ['it', 'en', 'es'] as const) {
    for (const key of LISTING_MESSAGE_KEYS) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES[locale]);
      expect(typeof value, `${locale}: ${key}`).toBe('string');
    }
  }
});
