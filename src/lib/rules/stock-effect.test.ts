import { describe, expect, it } from 'vitest';
import { cartRowsHoldStock, DEFAULT_CART_HOLD_MINUTES, holdEnd, holdingContexts, parseHoldMinutes, parseStockEffect } from './stock-effect';

describe('stock effect of cart rows', () => {
  it('follows CART_ROWS_AFFECT_STOCK and its type', () => {
    expect(cartRowsHoldStock({ affectsStock: true, type: 'all' }, 'b2c')).toBe(true);
    expect(cartRowsHoldStock({ affectsStock: true, type: 'b2b' }, 'b2b')).toBe(true);
    expect(cartRowsHoldStock({ affectsStock: true, type: 'b2b' }, 'b2c')).toBe(false);
    expect(cartRowsHoldStock({ affectsStock: true, type: 'b2c' }, 'b2c')).toBe(true);
    expect(cartRowsHoldStock({ affectsStock: false, type: 'all' }, 'b2b')).toBe(false);
    expect(holdingContexts({ affectsStock: true, type: 'all' })).toEqual(['b2b', 'b2c']);
    expect(holdingContexts({ affectsStock: false, type: 'all' })).toEqual([]);
  });
  it('reads the settings, defaulting the type to all', () => {
    expect(parseStockEffect('true', 'b2c')).toEqual({ affectsStock: true, type: 'b2c' });
    expect(parseStockEffect('false', 'weird')).toEqual({ affectsStock: false, type: 'all' });
    expect(parseStockEffect(undefined, undefined)).toEqual({ affectsStock: false, type: 'all' });
  });
});

describe('hold time of cart rows', () => {
  it('reads CART_HOLD_MINUTES, defaulting what is missing or absurd', () => {
    expect(parseHoldMinutes('15')).toBe(15);
    expect(parseHoldMinutes(' 90 ')).toBe(90);
    for (const bad of [undefined, '', '0', '-5', '1.5', 'soon', '999999']) expect(parseHoldMinutes(bad)).toBe(DEFAULT_CART_HOLD_MINUTES);
    expect(holdEnd(new Date('2026-01-01T10:00:00Z'), 30).toISOString()).toBe('2026-01-01T10:30:00.000Z');
  });
});
