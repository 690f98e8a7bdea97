// How an order is taxed (ADR 0024): the shop's own VAT, or reverse charge for a business in
// another EU country. The same rule for the API (orders) and the checkout island (preview).
//
// Intra-community supply of goods (art. 41 DL 331/1993, art. 138 and 196 Directive 2006/112/EC):
// a business customer registered for VAT in another member state, with the goods delivered
// there, is invoiced without VAT; the buyer accounts for it. Consumers, wherever they live, and
// Italian businesses pay the shop's VAT. The shop has no access to VIES, so it checks the
// number's format per country; the shop owner confirms the number before the goods leave.

export const VAT_TREATMENTS = ['standard', 'reverse_charge'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/** The shop's own country: its VAT applies to every sale that is not reverse charged. */
export const SHOP_COUNTRY = 'IT';

/** EU member states (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT',
  'RO', 'SE', 'SI', 'SK',
] as const;

/**
 * The format of a VAT identification number after its prefix, per EU prefix (Greece is EL).
 * From the European Commission's VIES format table; a format check, not proof that it exists.
 */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The VAT prefix of a country (Greece: EL). */
const prefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

/** Spaces, dots and dashes are how people type numbers, not part of them. */
export const normalizeVatNumber = (value: string) => value.replace(/[\s.\-]/g, '').toUpperCase();

/** The member state of a VAT number whose format is valid for it (GR for EL), or null. */
export function euVatCountry(vatNumber: string | null | undefined): string | null {
  if (!vatNumber) return null;
  const n = normalizeVatNumber(vatNumber);
  const prefix = n.slice(0, 2);
  const format = VAT_FORMATS[prefix];
  if (!format || !format.test(n.slice(2))) return null;
  return prefix === 'EL' ? 'GR' : prefix;
}

export interface VatTreatmentInput {
  customerKind: 'b2b' | 'b2c';
  /** The VAT number on the billing address, else the customer's. */
  vatNumber: string | null | undefined;
  /** Where the goods go (the shipping address). */
  shippingCountry: string;
  /** The billing address's country. */
  billingCountry: string;
}

export interface VatTreatmentDecision {
  treatment: VatTreatment;
  /** Why, for the shopper and the tests. */
  reason: 'consumer' | 'domestic' | 'no_valid_vat_number' | 'outside_eu' | 'intra_community';
}

const isEu = (country: string) => (EU_COUNTRIES as readonly string[]).includes(country.toUpperCase());

/** Reverse charge for a business with a well-formed VAT number of another member state, delivered and billed in the EU outside Italy. */
export function vatTreatment(input: VatTreatmentInput): VatTreatmentDecision {
  if (input.customerKind !== 'b2b') return { treatment: 'standard', reason: 'consumer' };
  const shipping = input.shippingCountry.toUpperCase();
  const billing = input.billingCountry.toUpperCase();
  if (shipping === SHOP_COUNTRY || billing === SHOP_COUNTRY) return { treatment: 'standard', reason: 'domestic' };
  if (!isEu(shipping) || !isEu(billing)) return { treatment: 'standard', reason: 'outside_eu' };
  const country = euVatCountry(input.vatNumber);
  if (!country || country === SHOP_COUNTRY || prefixOf(country) !== prefixOf(billing)) return { treatment: 'standard', reason: 'no_valid_vat_number' };
  return { treatment: 'reverse_charge', reason: 'intra_community' };
}

export const isReverseCharge = (treatment: VatTreatment) => treatment === 'reverse_charge';

/** Message key of the legal note printed on a reverse-charged order, its PDF and its mail. */
export const REVERSE_CHARGE_NOTE_KEY = 'shop.vat.reverseChargeNote';
