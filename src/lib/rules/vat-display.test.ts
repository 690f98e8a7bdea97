import { describe, expect, it } from 'vitest';
import { grossOf, grossTotals, shownPrice, showsVatIncluded, vatLabelKey, vatViewerOf } from './vat-display';

describe('vat display', () => {
  it('shows consumers and anonymous visitors prices with VAT, businesses without', () => {
    expect(showsVatIncluded({ kind: 'anonymous' })).toBe(true);
    expect(showsVatIncluded({ kind: 'customer', customerKind: 'b2c' })).toBe(true);
    expect(showsVatIncluded({ kind: 'customer', customerKind: 'b2b' })).toBe(false);
  });

  it('shows an agent what its chosen customer sees, the public price before choosing', () => {
    expect(showsVatIncluded({ kind: 'agent', customerKind: 'b2b' })).toBe(false);
    expect(showsVatIncluded({ kind: 'agent', customerKind: 'b2c' })).toBe(true);
    expect(showsVatIncluded({ kind: 'agent', customerKind: null })).toBe(true);
  });

  it('adds VAT to the net price, rounded to the cent', () => {
    expect(grossOf(16.8, 22)).toBe(20.5);
    expect(grossOf(10, 4)).toBe(10.4);
    expect(grossOf(3.33, 10)).toBe(3.66);
    expect(grossOf(12.5, 0)).toBe(12.5);
  });

  it('answers the shown amount and its label', () => {
    expect(shownPrice(16.8, 22, { kind: 'customer', customerKind: 'b2c' })).toEqual({ amount: 20.5, vatIncluded: true, label: 'vat.included' });
    expect(shownPrice(16.8, 22, { kind: 'customer', customerKind: 'b2b' })).toEqual({ amount: 16.8, vatIncluded: false, label: 'vat.excluded' });
    expect(shownPrice(16.8, 22, { kind: 'anonymous' })).toMatchObject({ amount: 20.5, label: 'vat.included' });
    expect(shownPrice(16.8, 22, false).amount).toBe(16.8);
    expect(vatLabelKey(true)).toBe('vat.included');
  });

  it('derives the viewer from the caller', () => {
    expect(vatViewerOf({ isAgent: false, customerKind: null })).toEqual({ kind: 'anonymous' });
    expect(vatViewerOf({ isAgent: false, customerKind: 'b2b' })).toEqual({ kind: 'customer', customerKind: 'b2b' });
    expect(vatViewerOf({ isAgent: true, customerKind: null })).toEqual({ kind: 'agent', customerKind: null });
  });
});

describe('grossTotals', () => {
  it('adds VAT to rows and shipping and takes the discount as the difference to the total', () => {
    // 100 at 22% and 50 at 10%, 10% off (15), shipping 10: bases 90 at 22, 45 at 10, 10 at 22.
    const total = 90 + 19.8 + 45 + 4.5 + 10 + 2.2;
    expect(grossTotals([{ total: 100, vatRate: 22 }, { total: 50, vatRate: 10 }], { shipping: 10, total }, 22)).toEqual({ rows: 177, shipping: 12.2, paymentFee: 0, discount: 17.7, total });
  });

  it('adds a payment fee with VAT, so the lines still add up to the total', () => {
    // 100 at 22 %, shipping 10, fee 3.28: 122 + 12.2 + 4 = 138.2 with VAT.
    const total = 100 + 10 + 3.28 + 22 + 2.2 + 0.72;
    expect(grossTotals([{ total: 100, vatRate: 22 }], { shipping: 10, paymentFee: 3.28, total }, 22)).toEqual({ rows: 122, shipping: 12.2, paymentFee: 4, discount: 0, total });
  });
});
