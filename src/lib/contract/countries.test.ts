import { describe, expect, it } from 'vitest';
import { countryOptions } from '../stores/account-addresses';
import { isCountryCode } from './constants';
import { ISO_COUNTRY_CODES, SHOP_COUNTRIES } from './countries';

const WITHDRAWN = ['YU', 'CS', 'AN', 'SU', 'DD', 'BU', 'TP', 'ZR', 'YD', 'NH', 'RH', 'HV', 'DY', 'VD', 'FX'];
const NOT_COUNTRIES = ['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'UK', 'XK', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ'];

describe('country list (issue 14 item 11)', () => {
  it('is the current ISO 3166-1 list: 249 codes, none twice', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
  });

  for (const locale of ['it', 'en', 'es']) {
    it(`offers every country once, by a name of its own, without withdrawn codes (${locale})`, () => {
      const options = countryOptions(locale);
      const codes = options.map((o) => o.code);
      expect(options).toHaveLength(249);
      expect(new Set(codes).size).toBe(codes.length);
      expect(new Set(options.map((o) => o.name)).size).toBe(options.length);
      for (const code of [...WITHDRAWN, ...NOT_COUNTRIES]) expect(codes).not.toContain(code);
      // Named by the runtime in the page's language, never the bare code.
      for (const o of options) expect(o.name).not.toBe(o.code);
    });
  }

  it('names each country in the page language', () => {
    const name = (locale: string, code: string) => countryOptions(locale).find((o) => o.code === code)?.name;
    expect([name('it', 'DE'), name('en', 'DE'), name('es', 'DE')]).toEqual(['Germania', 'Germany', 'Alemania']);
    expect([name('it', 'GB'), name('en', 'GB'), name('es', 'GB')]).toEqual(['Regno Unito', 'United Kingdom', 'Reino Unido']);
  });

  it("puts Italy first, then the shop's other countries by name, then the rest of the world by name", () => {
    const options = countryOptions('it');
    expect(options[0]).toMatchObject({ code: 'IT', name: 'Italia', group: 'shop' });
    const shop = options.slice(0, SHOP_COUNTRIES.length);
    expect(shop.every((o) => o.group === 'shop')).toBe(true);
    expect(new Set(shop.map((o) => o.code))).toEqual(new Set(SHOP_COUNTRIES));
    const names = (list: typeof options) => list.map((o) => o.name);
    const sorted = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, 'it'));
    expect(names(shop.slice(1))).toEqual(sorted(names(shop.slice(1))));
    const world = options.slice(SHOP_COUNTRIES.length);
    expect(world.every((o) => o.group === 'other')).toBe(true);
    expect(names(world)).toEqual(sorted(names(world)));
  });

  it('accepts only current codes in an address', () => {
    for (const code of ['IT', 'SS', 'SX', 'CW', 'BQ', 'RS', 'ME']) expect(isCountryCode(code)).toBe(true);
    for (const code of [...WITHDRAWN, ...NOT_COUNTRIES, 'it', 'ITA', '']) expect(isCountryCode(code)).toBe(false);
  });
});
