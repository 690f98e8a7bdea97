// The countries of ISO 3166-1 as they are today (alpha-2, 249 codes): the only country codes an
// address may carry. Written out rather than probed from Intl, which also names withdrawn codes
// (YU, CS, AN, SU, DD…), duplicates (UK) and regions that are no country (EU, UN, QO…). Names
// come from Intl.DisplayNames in the page's language; the shop's own countries come first.

export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ ' +
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const ISO_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);

/** A current ISO 3166-1 alpha-2 country code (upper case). */
export const isIsoCountryCode = (code: string): boolean => ISO_SET.has(code);

/** The shop's home country: first in every list. */
export const HOME_COUNTRY = 'IT';

/**
 * The countries the shop ships to (its shipping zones: Italy with San Marino and the Vatican,
 * then the European Union), offered before the rest of the world.
 */
export const SHOP_COUNTRIES: readonly string[] = [
  'IT', 'SM', 'VA',
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

export interface CountryOption {
  code: string;
  name: string;
  /** `shop`: a country the shop ships to; `other`: the rest of the world. */
  group: 'shop' | 'other';
}

const namesCache = new Map<string, Intl.DisplayNames>();

/** A country's name in a language (the code itself when the runtime has none). */
export function countryDisplayName(code: string, locale: string): string {
  let names = namesCache.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    namesCache.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Every country, named in `locale`: the home country first, then the other countries the shop
 * ships to by name, then the rest of the world by name.
 */
export function countryOptions(locale: string): CountryOption[] {
  const collator = new Intl.Collator(locale);
  const byName = (a: CountryOption, b: CountryOption) => collator.compare(a.name, b.name);
  const shop = new Set(SHOP_COUNTRIES);
  const all = ISO_COUNTRY_CODES.map((code): CountryOption => ({ code, name: countryDisplayName(code, locale), group: shop.has(code) ? 'shop' : 'other' }));
  const home = all.filter((c) => c.code === HOME_COUNTRY);
  const others = all.filter((c) => c.group === 'shop' && c.code !== HOME_COUNTRY).sort(byName);
  const world = all.filter((c) => c.group === 'other').sort(byName);
  return [...home, ...others, ...world];
}
