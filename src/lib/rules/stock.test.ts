import { describe, expect, it } from 'vitest';
import { STOCK_STATES } from '../live/stock-badge';
import { AVAILABILITY_KEYS, availability, availabilityKey, LOW_STOCK_THRESHOLD, stockState } from './stock';

describe('stockState', () => {
  it.each([
    [100, false, 'available'],
    [LOW_STOCK_THRESHOLD + 1, false, 'available'],
    [LOW_STOCK_THRESHOLD, false, 'low'],
    [1, true, 'low'],
    [0, true, 'backorder'],
    [-3, true, 'backorder'],
    [0, false, 'unavailable'],
  ] as const)('%i units, backorderable %s → %s', (qty, backorder, expected) => expect(stockState(qty, backorder)).toBe(expected));
});

describe('availability: one text per live figure', () => {
  it.each([
    [12, false, 'product.stock.available'],
    [12, true, 'product.stock.available'],
    [3, true, 'product.stock.low'],
    [3, false, 'product.stock.low'],
    [0, true, 'product.stock.backorder'],
    [-2, true, 'product.stock.backorder'],
    [0, false, 'product.stock.unavailable'],
  ] as const)('%i units, backorderable %s → %s', (qty, backorder, key) => {
    expect(availability(qty, backorder)).toEqual({ state: stockState(qty, backorder), key });
  });

  it('has one key per state, each in the catalogue of every locale', async () => {
    expect(AVAILABILITY_KEYS).toEqual(STOCK_STATES.map(availabilityKey));
    const { MESSAGES } = await import('../i18n/i18n');
    for (const [locale, tree] of Object.entries(MESSAGES)) {
      for (const key of AVAILABILITY_KEYS) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
        expect(typeof text, `${locale} ${key}`).toBe('string');
      }
    }
  });
});
