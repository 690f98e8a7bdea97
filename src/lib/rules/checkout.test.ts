import { describe, expect, it } from 'vitest';
import {
  availableForOrder, exceedsOrderAmount, formatOrderNumber, MAX_ORDER_AMOUNT, missingCheckoutFields, orderTotals, parseOrderNumber, policyOffered, shippingPrice,
  stockSuffices,
} from './checkout';

describe('missingCheckoutFields', () => {
  it('lists every missing choice, one per field', () => {
    expect(missingCheckoutFields({}).map((p) => p.field)).toEqual(['billing_address', 'shipping_address', 'shipping_method', 'payment_method']);
    expect(missingCheckoutFields({ billing_address: 1, shipping_address: 2, shipping_method: null, payment_method: '' })).toEqual([
      { field: 'shipping_method', code: 'required', message: 'Choose a shipping method.' },
      { field: 'payment_method', code: 'required', message: 'Choose a payment method.' },
    ]);
  });
  it('accepts a complete choice', () => {
    expect(missingCheckoutFields({ billing_address: 1, shipping_address: 2, shipping_method: 3, payment_method: 4 })).toEqual([]);
  });
});

describe('shippingPrice', () => {
  it('is free from the threshold, otherwise the price', () => {
    expect(shippingPrice({ price: 9.9, freeFrom: 150 }, 149.99)).toBe(9.9);
    expect(shippingPrice({ price: 9.9, freeFrom: 150 }, 150)).toBe(0);
    expect(shippingPrice({ price: 59, freeFrom: null }, 10_000)).toBe(59);
  });
  it('charges the price when the amount is unknown', () => {
    expect(shippingPrice({ price: 9.9, freeFrom: 150 }, undefined)).toBe(9.9);
  });
});

describe('policyOffered', () => {
  it('offers the free-shipping policy only with its code, in any case', () => {
    expect(policyOffered('SPEDIZIONEGRATIS', 'SPEDIZIONEGRATIS', undefined)).toBe(false);
    expect(policyOffered('SPEDIZIONEGRATIS', 'SPEDIZIONEGRATIS', 'wrong')).toBe(false);
    expect(policyOffered('SPEDIZIONEGRATIS', 'SPEDIZIONEGRATIS', ' spedizionegratis ')).toBe(true);
  });
  it('always offers other policies, and every policy when no code is set', () => {
    expect(policyOffered('courier-it', 'SPEDIZIONEGRATIS', undefined)).toBe(true);
    expect(policyOffered('SPEDIZIONEGRATIS', '', undefined)).toBe(true);
  });
});

describe('orderTotals', () => {
  it('adds lines, shipping and VAT per rate', () => {
    const t = orderTotals({
      lines: [
        { total: 100, vatRate: 22, inPromotion: false },
        { total: 50, vatRate: 10, inPromotion: false },
      ],
      shipping: 9.9,
    });
    expect(t).toMatchObject({ subtotal: 150, discount: 0, goods: 150, shipping: 9.9 });
    expect(t.vat).toEqual([
      { rate: 10, base: 50, tax: 5 },
      { rate: 22, base: 109.9, tax: 24.18 },
    ]);
    expect(t.tax).toBe(29.18);
    expect(t.total).toBe(189.08);
  });

  it('takes the promotion off its lines and the coupon off what is left', () => {
    const t = orderTotals({
      lines: [
        { total: 200, vatRate: 22, inPromotion: true },
        { total: 200, vatRate: 22, inPromotion: false },
      ],
      promotionDiscount: 10,
      couponDiscount: 20,
    });
    expect(t.promotionDiscount).toBe(10);
    expect(t.couponDiscount).toBe(20);
    expect(t.discount).toBe(30);
    expect(t.goods).toBe(370);
    expect(t.vat).toEqual([{ rate: 22, base: 370, tax: 81.4 }]);
    expect(t.total).toBe(451.4);
  });

  it('lowers the VAT base of each rate in proportion to the discount', () => {
    const t = orderTotals({
      lines: [
        { total: 100, vatRate: 22, inPromotion: false },
        { total: 100, vatRate: 4, inPromotion: false },
      ],
      couponDiscount: 20,
    });
    expect(t.vat).toEqual([
      { rate: 4, base: 90, tax: 3.6 },
      { rate: 22, base: 90, tax: 19.8 },
    ]);
    expect(t.total).toBe(203.4);
  });

  it('never discounts more than the lines, nor below zero, and rounds to cents', () => {
    const t = orderTotals({ lines: [{ total: 10.005, vatRate: 22, inPromotion: false }], promotionDiscount: 5, couponDiscount: 50 });
    expect(t.promotionDiscount).toBe(0);
    expect(t.couponDiscount).toBe(10.01);
    expect(t.goods).toBe(0);
    expect(t.tax).toBe(0);
    expect(t.total).toBe(0);
  });

  it('answers zeros for no lines', () => {
    expect(orderTotals({ lines: [] })).toMatchObject({ subtotal: 0, tax: 0, total: 0, vat: [] });
  });
});

describe('stock for an order', () => {
  it('limits non-backorderable items to stock minus what other carts hold', () => {
    expect(availableForOrder({ quantity: 5, heldByOthers: 2, isBackorderable: false })).toBe(3);
    expect(availableForOrder({ quantity: 1, heldByOthers: 4, isBackorderable: false })).toBe(0);
    expect(stockSuffices({ qty: 3, quantity: 5, heldByOthers: 2, isBackorderable: false })).toBe(true);
    expect(stockSuffices({ qty: 4, quantity: 5, heldByOthers: 2, isBackorderable: false })).toBe(false);
  });
  it('never limits backorderable items', () => {
    expect(availableForOrder({ quantity: -3, heldByOthers: 9, isBackorderable: true })).toBeNull();
    expect(stockSuffices({ qty: 100, quantity: 0, heldByOthers: 0, isBackorderable: true })).toBe(true);
  });
});

describe('order numbers', () => {
  it('read year-counter and parse back', () => {
    expect(formatOrderNumber(2026, 123)).toBe('2026-000123');
    expect(parseOrderNumber('2026-000123')).toEqual({ year: 2026, sequence: 123 });
    expect(parseOrderNumber('2026-1234567')).toEqual({ year: 2026, sequence: 1234567 });
    expect(parseOrderNumber('FT-2026-00001')).toBeNull();
  });
});

describe('exceedsOrderAmount', () => {
  const totals = { subtotal: 100, tax: 22, total: 122, shipping: 0 };
  it('holds totals up to numeric(12,2) and refuses beyond, NaN and lines too', () => {
    expect(exceedsOrderAmount(totals)).toBe(false);
    expect(exceedsOrderAmount({ ...totals, total: MAX_ORDER_AMOUNT })).toBe(false);
    expect(exceedsOrderAmount({ ...totals, total: 1e10 })).toBe(true);
    expect(exceedsOrderAmount({ ...totals, tax: Number.NaN })).toBe(true);
    expect(exceedsOrderAmount(totals, [5, 1e10])).toBe(true);
  });
});
