// What a trade account request must carry (ADR 0025), the same for the API and the form: a VAT
// number in a valid format (an Italian one with its check digit), and for an Italian company the
// SDI recipient code or a certified mail address (PEC) its invoices are sent to.

/** Why a VAT number is refused. */
export type VatNumberIssue = 'format' | 'checkDigit';
export type SdiIssue = 'format';
/** `sdiOrPecRequired`: an Italian company gives one of the two. */
export type EInvoicingIssue = 'sdiOrPecRequired';

/** Upper case, without spaces, dots and dashes: "it 012.345-67890" → "IT01234567890". */
export const normalizeVatNumber = (raw: string) => raw.replace(/[\s.-]/g, '').toUpperCase();

/** An EU country prefix and 2 to 13 letters or digits; or 11 digits, Italian without its prefix. */
const EU_VAT = /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{2,13}$/;

/** Whether the (normalised) number is an Italian partita IVA: bare 11 digits or IT + 11 digits. */
export const isItalianVatNumber = (vat: string) => /^(IT)?\d{11}$/.test(vat) || vat.startsWith('IT');

/** The check digit of an Italian partita IVA (the 11th digit), from the first ten. */
function italianCheckDigitOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

export function vatNumberIssue(raw: string): VatNumberIssue | null {
  const vat = normalizeVatNumber(raw);
  const italian = /^(IT)?(\d{11})$/.exec(vat);
  if (italian) return italianCheckDigitOk(italian[2]!) ? null : 'checkDigit';
  if (vat.startsWith('IT')) return 'format';
  return EU_VAT.test(vat) ? null : 'format';
}

/** The SDI recipient code: 7 letters or digits (6 for public administration is not for a shop). */
export const normalizeSdiCode = (raw: string) => raw.replace(/\s/g, '').toUpperCase();
export const sdiCodeIssue = (raw: string): SdiIssue | null => (/^[A-Z0-9]{7}$/.test(normalizeSdiCode(raw)) ? null : 'format');

/** An Italian company needs the SDI code or a PEC; a company elsewhere in the EU needs neither. */
export function eInvoicingIssue(vatNumber: string, sdiCode: string | null | undefined, pec: string | null | undefined): EInvoicingIssue | null {
  if (!isItalianVatNumber(normalizeVatNumber(vatNumber))) return null;
  return sdiCode?.trim() || pec?.trim() ? null : 'sdiOrPecRequired';
}

/** English messages the API sends (the storefront translates by code). */
export const TRADE_ACCOUNT_MESSAGES = {
  format: 'Enter a valid VAT number, e.g. IT01234567897 or ESB12345678.',
  checkDigit: 'This Italian VAT number is not valid: check the digits.',
  sdiFormat: 'The SDI recipient code has 7 letters or digits.',
  sdiOrPecRequired: 'An Italian company gives its SDI recipient code or its PEC address.',
} as const;
