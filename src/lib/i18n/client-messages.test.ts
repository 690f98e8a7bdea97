import { describe, expect, it } from 'vitest';
import { createT, pickMessages } from './client-messages';
import { islandMessages } from './island-messages';

describe('client messages', () => {
  it('fills placeholders and picks plural forms', () => {
    const t = createT({ cart: { items_one: '{{count}} articolo', items_other: '{{count}} articoli', hello: 'Ciao {{name}}' } }, 'it');
    expect(t('cart.items', { count: 1 })).toBe('1 articolo');
    expect(t('cart.items', { count: 3 })).toBe('3 articoli');
    expect(t('cart.hello', { name: 'Giulia' })).toBe('Ciao Giulia');
    expect(t('cart.missing')).toBe('cart.missing');
  });

  it('falls back to Italian for a key the locale lacks', () => {
    const catalogue = { it: { a: { x: 'uno', y: 'due' } }, en: { a: { x: 'one' } }, es: {} };
    const tree = pickMessages(catalogue, 'en', ['a']);
    expect(createT(tree, 'en')('a.x')).toBe('one');
    expect(createT(tree, 'en')('a.y')).toBe('due');
    expect(createT(pickMessages(catalogue, 'es', ['a']), 'es')('a.x')).toBe('uno');
  });

  it('hands islands the areas of the real catalogue', () => {
    const t = createT(islandMessages('es', ['errors', 'toasts']), 'es');
    expect(t('errors.couponNotValid')).not.toBe('errors.couponNotValid');
    expect(t('toasts.productAddedToCart')).not.toBe('toasts.productAddedToCart');
  });
});
