import { describe, expect, it } from 'vitest';
import { eInvoicingIssue, normalizeVatNumber, sdiCodeIssue, vatNumberIssue } from './trade-account';

describe('trade account rules', () => {
  it('accepts Italian VAT numbers with a right check digit, with or without IT', () => {
    expect(vatNumberIssue('01234567897')).toBeNull();
    expect(vatNumberIssue('IT 012 345 678 97')).toBeNull();
    expect(vatNumberIssue('it01234567897')).toBeNull();
    expect(vatNumberIssue('01234567890')).toBe('checkDigit');
    expect(vatNumberIssue('IT0123456789')).toBe('format');
  });
  it('accepts other EU formats and refuses the rest', () => {
    expect(vatNumberIssue('ESB12345678')).toBeNull();
    expect(vatNumberIssue('DE123456789')).toBeNull();
    expect(vatNumberIssue('12345')).toBe('format');
    expect(vatNumberIssue('US123456789')).toBe('format');
    expect(vatNumberIssue('')).toBe('format');
    expect(normalizeVatNumber('es-b.123 456 78')).toBe('ESB12345678');
  });
  it('wants an SDI code of 7 characters, or a PEC, from an Italian company only', () => {
    expect(sdiCodeIssue('abc1234')).toBeNull();
    expect(sdiCodeIssue('ABC12')).toBe('format');
    expect(eInvoicingIssue('01234567897', null, null)).toBe('sdiOrPecRequired');
    expect(eInvoicingIssue('01234567897', 'ABC1234', null)).toBeNull();
    expect(eInvoicingIssue('IT01234567897', '', 'amministrazione@pec.example.it')).toBeNull();
    expect(eInvoicingIssue('ESB12345678', null, null)).toBeNull();
  });
});
