import { describe, expect, it } from 'vitest';
import { couponOutcome, normalizeCouponCode, type CouponRule } from './coupon';

const now = new Date('2026-05-01T10:00:00Z');
const rule = (over: Partial<CouponRule>): CouponRule => ({
  type: 'percentage', value: 10, isActive: true, validFrom: null, validTo: null, minOrder: 0, shopContext: 'all', maxUses: null, usedCount: 0, customerId: null, ...over,
});
const ctx = { now, shopContext: 'b2b' as const, customerId: 3, orderAmount: 200, base: 200 };

describe('couponOutcome', () => {
  it('takes a percentage or a fixed amount off the base', () => {
    expect(couponOutcome(rule({}), ctx)).toEqual({ ok: true, discount: 20, finalPrice: 180 });
    expect(couponOutcome(rule({ type: 'fixed', value: 20 }), { ...ctx, base: 150 })).toEqual({ ok: true, discount: 20, finalPrice: 130 });
  });
  it('compares the minimum with the order amount', () => {
    expect(couponOutcome(rule({ minOrder: 150 }), { ...ctx, orderAmount: 149.99 })).toEqual({ ok: false, problem: 'min_order' });
    expect(couponOutcome(rule({ minOrder: 150 }), { ...ctx, orderAmount: 150 }).ok).toBe(true);
  });
  it.each([
    ['expired', { validTo: new Date('2026-04-30') }],
    ['not_started', { validFrom: new Date('2026-05-02') }],
    ['inactive', { isActive: false }],
    ['wrong_context', { shopContext: 'b2c' as const }],
    ['used_up', { maxUses: 5, usedCount: 5 }],
    ['wrong_customer', { customerId: 4 }],
  ])('refuses a coupon that is %s', (problem, over) => {
    expect(couponOutcome(rule(over), ctx)).toEqual({ ok: false, problem });
  });
  it('never takes off more than the base', () => {
    expect(couponOutcome(rule({ type: 'fixed', value: 50 }), { ...ctx, base: 30 })).toEqual({ ok: true, discount: 30, finalPrice: 0 });
  });
});

describe('normalizeCouponCode', () => {
  it('ignores case and blanks', () => {
    expect(normalizeCouponCode('  benvenuto10 ')).toBe('BENVENUTO10');
  });
});
