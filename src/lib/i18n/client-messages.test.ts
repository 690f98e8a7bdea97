import { describe, expect, it } from 'vitest';
import { createT, pickMessages, pickPaths, withFallback, type MessageTree, type T } from './client-messages';
import { messagesOf, translator } from './i18n';
import { islandMessages } from './island-messages';

const catalogue = {
  it: { shop: { cart: { count_one: '{{count}} articolo', count_other: '{{count}} articoli', hello: 'Ciao {{name}}', only: 'solo italiano' } } },
  en: { shop: { cart: { count_one: '{{count}} item', count_other: '{{count}} items', hello: 'Hello {{name}}' } } },
  es: {},
} satisfies Record<string, MessageTree>;
// The tests' tiny catalogue has keys the real one lacks: they go through a string-typed key.
const key = (k: string) => k;

describe('createT', () => {
  it('fills placeholders and picks plural forms by the locale’s rule', () => {
    const t = createT(catalogue.it, 'it');
    expect(t(key('shop.cart.count'), { count: 1 })).toBe('1 articolo');
    expect(t(key('shop.cart.count'), { count: 0 })).toBe('0 articoli');
    expect(t(key('shop.cart.count'), { count: 1_000_000 })).toBe('1000000 articoli');
    expect(t(key('shop.cart.hello'), { name: 'Giulia' })).toBe('Ciao Giulia');
    expect(t(key('shop.cart.hello'), {})).toBe('Ciao {{name}}');
    expect(t(key('shop.cart.missing'))).toBe('shop.cart.missing');
  });

  it('falls back to Italian key by key', () => {
    const en = createT(withFallback(catalogue, 'en'), 'en');
    expect(en(key('shop.cart.count'), { count: 1 })).toBe('1 item');
    expect(en(key('shop.cart.only'))).toBe('solo italiano');
    expect(createT(pickMessages(catalogue, 'es', ['shop']), 'es')(key('shop.cart.hello'), { name: 'Ana' })).toBe('Ciao Ana');
  });

  it('hands islands only the strings they name, still as a tree', () => {
    const tree = pickPaths(messagesOf('en'), ['listing.count_one', 'listing.count_other', 'meta.siteName']);
    expect(Object.keys(tree).sort()).toEqual(['listing', 'meta']);
    expect(Object.keys(tree.listing as MessageTree).sort()).toEqual(['count_one', 'count_other']);
    expect(createT(tree, 'en')('listing.count', { count: 2 })).toBe(translator('en')('listing.count', { count: 2 }));
  });

  it('hands islands the areas of the real catalogue', () => {
    const t = createT(islandMessages('es', ['errors', 'toasts']), 'es');
    expect(t('errors.couponNotValid')).toBe(translator('es')('errors.couponNotValid'));
    expect(t('errors.couponNotValid')).not.toBe(translator('it')('errors.couponNotValid'));
  });

  it('refuses, at typecheck, a written key the Italian catalogue lacks', () => {
    const t: T = translator('it');
    // @ts-expect-error: not a key of the catalogue (tsc fails here if the check stops working)
    expect(t('listing.noSuchKey')).toBe('listing.noSuchKey');
    // @ts-expect-error: a plural message is asked for without its form
    expect(t('listing.count_one', { count: 1 })).not.toBe('');
  });
});
