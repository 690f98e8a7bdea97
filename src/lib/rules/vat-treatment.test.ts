import { describe, expect, it } from 'vitest';
import { orderTotals } from './checkout';
import { euVatCountry, vatTreatment } from './vat-treatment';

const spanishCompany = { customerKind: 'b2b' as const, vatNumber: 'ESB12345678', shippingCountry: 'ES', billingCountry: 'ES' };

describe('vatTreatment (ADR 0024)', () => {
  it('reverse charges a business with a well-formed VAT number of another EU state, delivered there', () => {
    expect(vatTreatment(spanishCompany)).toEqual({ treatment: 'reverse_charge', reason: 'intra_community' });
    expect(vatTreatment({ ...spanishCompany, vatNumber: 'es b-1234567-8' }).treatment).toBe('reverse_charge');
    expect(vatTreatment({ customerKind: 'b2b', vatNumber: 'FR12345678901', shippingCountry: 'FR', billingCountry: 'FR' }).treatment).toBe('reverse_charge');
    expect(vatTreatment({ customerKind: 'b2b', vatNumber: 'EL123456789', shippingCountry: 'GR', billingCountry: 'GR' }).treatment).toBe('reverse_charge');
    expect(vatTreatment({ customerKind: 'b2b', vatNumber: 'DE123456789', shippingCountry: 'AT', billingCountry: 'DE' }).treatment).toBe('reverse_charge');
  });

  it("charges the shop's VAT to consumers wherever they are", () => {
    expect(vatTreatment({ ...spanishCompany, customerKind: 'b2c' })).toEqual({ treatment: 'standard', reason: 'consumer' });
  });

  it('charges Italian VAT to Italian businesses and to goods delivered in Italy', () => {
    expect(vatTreatment({ customerKind: 'b2b', vatNumber: 'IT02345678901', shippingCountry: 'IT', billingCountry: 'IT' }).reason).toBe('domestic');
    expect(vatTreatment({ ...spanishCompany, shippingCountry: 'IT' }).reason).toBe('domestic');
  });

  it('charges VAT when the number is missing, malformed, Italian or of another state than the billing address', () => {
    expect(vatTreatment({ ...spanishCompany, vatNumber: null }).reason).toBe('no_valid_vat_number');
    expect(vatTreatment({ ...spanishCompany, vatNumber: 'ES123' }).reason).toBe('no_valid_vat_number');
    expect(vatTreatment({ ...spanishCompany, vatNumber: 'IT02345678901' }).reason).toBe('no_valid_vat_number');
    expect(vatTreatment({ ...spanishCompany, vatNumber: 'FR12345678901' }).reason).toBe('no_valid_vat_number');
  });

  it('leaves sales outside the EU to the standard treatment', () => {
    expect(vatTreatment({ customerKind: 'b2b', vatNumber: 'CHE123456789', shippingCountry: 'CH', billingCountry: 'CH' }).reason).toBe('outside_eu');
  });

  it('checks the format per country', () => {
    expect(euVatCountry('ATU12345678')).toBe('AT');
    expect(euVatCountry('AT12345678')).toBeNull();
    expect(euVatCountry('NL123456789B01')).toBe('NL');
    expect(euVatCountry('XX123')).toBeNull();
    expect(euVatCountry('')).toBeNull();
  });
});

describe('orderTotals with a payment fee and reverse charge', () => {
  const lines = [{ total: 100, vatRate: 22, inPromotion: false }, { total: 50, vatRate: 10, inPromotion: false }];

  it('adds the payment fee to the total, with VAT at the shipping rate', () => {
    const t = orderTotals({ lines, shipping: 10, paymentFee: 3.28 });
    expect(t.paymentFee).toBe(3.28);
    expect(t.vat).toEqual([{ rate: 10, base: 50, tax: 5 }, { rate: 22, base: 113.28, tax: 24.92 }]);
    expect(t.total).toBe(150 + 10 + 3.28 + 29.92);
  });

  it('charges no VAT under reverse charge, on goods, shipping and fees', () => {
    const t = orderTotals({ lines, shipping: 10, paymentFee: 2, reverseCharge: true });
    expect(t.tax).toBe(0);
    expect(t.vat).toEqual([{ rate: 0, base: 162, tax: 0 }]);
    expect(t.total).toBe(162);
  });
});
