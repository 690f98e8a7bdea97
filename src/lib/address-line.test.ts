import { describe, expect, it } from 'vitest';
import { addressLine } from './address-line';

const colli = {
  name: 'Cantina dei Colli S.r.l.', company: 'Cantina dei Colli S.r.l.', street: 'Via Roma 4', city: 'Barolo', postal_code: '12060',
  province: 'CN', country: 'IT', phone: null, email: null, vat_number: null,
};

describe('addressLine', () => {
  it('says each part once, with the country in the page language', () => {
    expect(addressLine(colli, 'it')).toBe('Cantina dei Colli S.r.l., Via Roma 4, 12060 Barolo (CN), Italia');
    expect(addressLine({ ...colli, company: null, name: 'Chiara Conti', country: 'ES', province: null }, 'en')).toBe('Chiara Conti, Via Roma 4, 12060 Barolo, Spain');
  });

  it('leaves out what the choice already shows as its title', () => {
    expect(addressLine(colli, 'es', 'Cantina dei Colli S.r.l.')).toBe('Via Roma 4, 12060 Barolo (CN), Italia');
  });
});
