import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, stockState } from './stock';

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
