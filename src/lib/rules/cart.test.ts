import { describe, expect, it } from 'vitest';
import { bestPromotion, cartQuantityProblem, cartRowAction, cartTotals, maxRowQuantity, rowStock, type PromotionCandidate, type StockCheck } from './cart';
import type { CouponRule } from './coupon';

const now = new Date('2026-05-01T10:00:00Z');
const base: StockCheck = { requested: 1, current: 0, stock: 10, heldByOthers: 0, rowsHoldStock: true, isBackorderable: false };
const check = (over: Partial<StockCheck>) => cartQuantityProblem({ ...base, ...over });

describe('cartRowAction', () => {
  it('adds a product not in the cart and sets the quantity of one that is', () => {
    expect(cartRowAction(3, false)).toBe('add');
    expect(cartRowAction(3, true)).toBe('update');
  });
  it('removes the row at 0 or less', () => {
    expect(cartRowAction(0, true)).toBe('remove');
    expect(cartRowAction(-2, true)).toBe('remove');
  });
  it('changes nothing at 0 or less for a product not in the cart: 0 and -1 agree', () => {
    expect(cartRowAction(0, false)).toBe('none');
    expect(cartRowAction(-1, false)).toBe('none');
    expect(cartRowAction(Number.NaN, true)).toBe('negative_quantity');
  });
});

describe('cartQuantityProblem', () => {
  it('allows up to the stock and refuses beyond it', () => {
    expect(check({ requested: 10 })).toBeNull();
    expect(check({ requested: 11 })).toBe('quantity_not_available');
  });
  it('always allows a backorderable product', () => {
    expect(check({ requested: 500, isBackorderable: true })).toBeNull();
    expect(check({ requested: 5, stock: 0, heldByOthers: 3, isBackorderable: true })).toBeNull();
  });
  it('subtracts what other carts hold', () => {
    expect(check({ requested: 7, heldByOthers: 3 })).toBeNull();
    expect(check({ requested: 8, heldByOthers: 3 })).toBe('quantity_not_available');
  });
  it('with the stock effect, compares the increase with the units nobody holds', () => {
    // Stock 10, others hold 3, this row 4: shown 7, free 3.
    expect(check({ requested: 7, current: 4, heldByOthers: 3 })).toBeNull();
    expect(check({ requested: 8, current: 4, heldByOthers: 3 })).toBe('quantity_not_available');
  });
  it('without the stock effect, compares the requested quantity with the row stock', () => {
    expect(check({ requested: 10, current: 4, rowsHoldStock: false })).toBeNull();
    expect(check({ requested: 11, current: 4, rowsHoldStock: false })).toBe('quantity_not_available');
  });
  it('never refuses lowering a quantity, even over the stock', () => {
    expect(check({ requested: 5, current: 8, stock: 2 })).toBeNull();
  });
  it('refuses non-positive or fractional quantities', () => {
    expect(check({ requested: 0 })).toBe('negative_quantity');
    expect(check({ requested: -3 })).toBe('negative_quantity');
    expect(check({ requested: 1.5 })).toBe('negative_quantity');
  });
  it('tells the most a row may hold', () => {
    expect(rowStock(10, 4)).toBe(6);
    expect(maxRowQuantity({ stock: 10, heldByOthers: 4, isBackorderable: false })).toBe(6);
    expect(maxRowQuantity({ stock: 2, heldByOthers: 4, isBackorderable: false })).toBe(0);
    expect(maxRowQuantity({ stock: 2, heldByOthers: 4, isBackorderable: true })).toBeNull();
  });
});

const promo = (over: Partial<PromotionCandidate>): PromotionCandidate => ({
  id: 1, type: 'percentage', value: 10, isActive: true, validFrom: null, validTo: null, minOrder: 0, shopContext: 'all', productIds: [], ...over,
});
const lines = [
  { productId: 1, total: 100 },
  { productId: 2, total: 250 },
];
const ctx = { now, shopContext: 'b2b' as const };

describe('bestPromotion', () => {
  it('applies one without products to the whole subtotal', () => {
    expect(bestPromotion([promo({})], lines, ctx)).toEqual({ id: 1, discount: 35 });
  });
  it('applies one with products to those rows only', () => {
    expect(bestPromotion([promo({ productIds: [2] })], lines, ctx)).toEqual({ id: 1, discount: 25 });
    expect(bestPromotion([promo({ productIds: [9] })], lines, ctx)).toBeNull();
  });
  it('picks the one taking off the most', () => {
    const got = bestPromotion([promo({ id: 1, value: 5 }), promo({ id: 2, type: 'fixed', value: 30 }), promo({ id: 3, value: 8 })], lines, ctx);
    expect(got).toEqual({ id: 2, discount: 30 });
  });
  it('skips expired, future, wrong-context and below-minimum promotions', () => {
    expect(bestPromotion([promo({ validTo: new Date('2026-01-01') })], lines, ctx)).toBeNull();
    expect(bestPromotion([promo({ validFrom: new Date('2026-06-01') })], lines, ctx)).toBeNull();
    expect(bestPromotion([promo({ shopContext: 'b2c' })], lines, ctx)).toBeNull();
    expect(bestPromotion([promo({ minOrder: 351 })], lines, ctx)).toBeNull();
    expect(bestPromotion([promo({ minOrder: 350 })], lines, ctx)).toEqual({ id: 1, discount: 35 });
  });
});

const coupon = (over: Partial<CouponRule>): CouponRule => ({
  type: 'fixed', value: 20, isActive: true, validFrom: null, validTo: null, minOrder: 0, shopContext: 'all', maxUses: null, usedCount: 0, customerId: null,
  firstOrderOnly: false, oncePerCustomer: false, customerKind: null, ...over,
});

describe('cartTotals', () => {
  const c = { ...ctx, customerId: 7, customer: { kind: 'b2b' as const, orderCount: 0, usedCoupon: false } };
  it('takes the promotion, then the coupon on what is left', () => {
    const t = cartTotals(lines, [promo({ value: 10 })], coupon({ type: 'percentage', value: 10 }), c);
    expect(t).toEqual({ subtotal: 350, promotion: { id: 1, discount: 35 }, coupon: { discount: 31.5, isValid: true, problem: null }, discount: 66.5, finalPrice: 283.5 });
  });
  it('keeps an invalid coupon with nothing taken off', () => {
    const t = cartTotals(lines, [], coupon({ minOrder: 400 }), c);
    expect(t.coupon).toEqual({ discount: 0, isValid: false, problem: 'min_amount' });
    expect(t.finalPrice).toBe(350);
  });
  it('never goes below zero', () => {
    const t = cartTotals([{ productId: 1, total: 10 }], [], coupon({ value: 50 }), c);
    expect(t.finalPrice).toBe(0);
    expect(t.discount).toBe(10);
  });
  it('answers zeros for an empty cart', () => {
    expect(cartTotals([], [promo({})], null, c)).toEqual({ subtotal: 0, promotion: null, coupon: null, discount: 0, finalPrice: 0 });
  });
});
