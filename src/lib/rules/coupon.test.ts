import { describe, expect, it } from 'vitest';
import { couponOutcome, couponProblem, normalizeCouponCode, type CouponRule } from './coupon';

const now = new Date('2026-05-01T10:00:00Z');
const rule = (over: Partial<CouponRule>): CouponRule => ({
  type: 'percentage', value: 10, isActive: true, validFrom: null, validTo: null, minOrder: 0, shopContext: 'all', maxUses: null, usedCount: 0, customerId: null,
  firstOrderOnly: false, oncePerCustomer: false, customerKind: null, ...over,
});
const newcomer = { kind: 'b2c' as const, orderCount: 0, usedCoupon: false };
const ctx = { now, shopContext: 'b2b' as const, customerId: 3, customer: { ...newcomer, kind: 'b2b' as const }, orderAmount: 200, base: 200 };

describe('couponOutcome', () => {
  it('takes a percentage or a fixed amount off the base', () => {
    expect(couponOutcome(rule({}), ctx)).toEqual({ ok: true, discount: 20, finalPrice: 180 });
    expect(couponOutcome(rule({ type: 'fixed', value: 20 }), { ...ctx, base: 150 })).toEqual({ ok: true, discount: 20, finalPrice: 130 });
  });
  it('compares the minimum with the order amount', () => {
    expect(couponOutcome(rule({ minOrder: 150 }), { ...ctx, orderAmount: 149.99 })).toEqual({ ok: false, problem: 'min_amount' });
    expect(couponOutcome(rule({ minOrder: 150 }), { ...ctx, orderAmount: 150 }).ok).toBe(true);
  });
  it.each([
    ['expired', { validTo: new Date('2026-04-30') }],
    ['not_yet_valid', { validFrom: new Date('2026-05-02') }],
    ['inactive', { isActive: false }],
    ['wrong_context', { shopContext: 'b2c' as const }],
    ['used_up', { maxUses: 5, usedCount: 5 }],
    ['wrong_customer', { customerId: 4 }],
    ['wrong_customer_kind', { customerKind: 'b2c' as const }],
  ])('refuses a coupon that is %s', (problem, over) => {
    expect(couponOutcome(rule(over), ctx)).toEqual({ ok: false, problem });
  });
  it('never takes off more than the base', () => {
    expect(couponOutcome(rule({ type: 'fixed', value: 50 }), { ...ctx, base: 30 })).toEqual({ ok: true, discount: 30, finalPrice: 0 });
  });
});

describe('couponProblem: the published terms', () => {
  const welcome = rule({ firstOrderOnly: true, oncePerCustomer: true, shopContext: 'all' });
  const at = (customer: typeof newcomer) => ({ ...ctx, shopContext: customer.kind, customer });

  it('lets a customer without orders use a first-order coupon', () => {
    expect(couponProblem(welcome, at(newcomer))).toBeNull();
  });
  it('refuses it to a customer who has ordered before', () => {
    expect(couponProblem(welcome, at({ ...newcomer, orderCount: 6 }))).toBe('not_first_order');
  });
  it('says already_used before not_first_order when the customer used it', () => {
    expect(couponProblem(welcome, at({ ...newcomer, orderCount: 1, usedCoupon: true }))).toBe('already_used');
    expect(couponProblem(rule({ oncePerCustomer: true }), at({ ...newcomer, orderCount: 3, usedCoupon: true }))).toBe('already_used');
    expect(couponProblem(rule({ oncePerCustomer: true }), at({ ...newcomer, orderCount: 3 }))).toBeNull();
  });
  it('checks the kind of customer, not the context the client asked for', () => {
    const consumersOnly = rule({ customerKind: 'b2c' });
    expect(couponProblem(consumersOnly, { ...ctx, shopContext: 'b2c', customer: { ...newcomer, kind: 'b2b' } })).toBe('wrong_customer_kind');
    expect(couponProblem(consumersOnly, at(newcomer))).toBeNull();
  });
  it('counts the dates to the instant', () => {
    expect(couponProblem(rule({ validFrom: now, validTo: now }), ctx)).toBeNull();
    expect(couponProblem(rule({ validTo: new Date(now.getTime() - 1) }), ctx)).toBe('expired');
    expect(couponProblem(rule({ validFrom: new Date(now.getTime() + 1) }), ctx)).toBe('not_yet_valid');
  });
});

describe('normalizeCouponCode', () => {
  it('ignores case and blanks', () => {
    expect(normalizeCouponCode('  benvenuto10 ')).toBe('BENVENUTO10');
  });
});
