import { describe, expect, it } from 'vitest';
import { discountAmount, discountProblem, effectivePrice } from './pricing';

describe('effectivePrice', () => {
  it('prefers the customer price, then the season, then the special, then the standard price', () => {
    expect(effectivePrice({ standard: 10, special: 8, customer: 7, customerSeason: 6, season: 5 })).toEqual({ price: 6, source: 'customer' });
    expect(effectivePrice({ standard: 10, special: 8, customer: 7, season: 5 })).toEqual({ price: 7, source: 'customer' });
    expect(effectivePrice({ standard: 10, special: 8, season: 5 })).toEqual({ price: 5, source: 'season' });
    expect(effectivePrice({ standard: 10, special: 8 })).toEqual({ price: 8, source: 'special' });
    expect(effectivePrice({ standard: 10, special: null })).toEqual({ price: 10, source: 'standard' });
  });
});

describe('discountAmount', () => {
  it('takes a percentage or a fixed amount, never more than the total', () => {
    expect(discountAmount(200, { type: 'percentage', value: 10 })).toBe(20);
    expect(discountAmount(33.33, { type: 'percentage', value: 10 })).toBe(3.33);
    expect(discountAmount(150, { type: 'fixed', value: 20 })).toBe(20);
    expect(discountAmount(15, { type: 'fixed', value: 20 })).toBe(15);
    expect(discountAmount(0, { type: 'fixed', value: 20 })).toBe(0);
    expect(discountAmount(100, { type: 'percentage', value: 150 })).toBe(100);
  });
});

describe('discountProblem', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const rule = { isActive: true, validFrom: '2026-01-01T00:00:00Z', validTo: '2026-12-31T00:00:00Z', minOrder: 100, shopContext: 'all' as const };
  const ctx = { now, shopContext: 'b2b' as const, amount: 150, customerId: 1 };
  it('accepts a valid rule', () => expect(discountProblem(rule, ctx)).toBeNull());
  it.each([
    [{ isActive: false }, {}, 'inactive'],
    [{ validFrom: '2027-01-01T00:00:00Z' }, {}, 'not_started'],
    [{ validTo: '2026-11-01T00:00:00Z' }, {}, 'expired'],
    [{ shopContext: 'b2c' as const }, {}, 'wrong_context'],
    [{ customerId: 2 }, {}, 'wrong_customer'],
    [{ maxUses: 3, usedCount: 3 }, {}, 'used_up'],
    [{}, { amount: 99.99 }, 'min_order'],
  ])('%o %o → %s', (change, ctxChange, expected) => expect(discountProblem({ ...rule, ...change }, { ...ctx, ...ctxChange })).toBe(expected));
});
