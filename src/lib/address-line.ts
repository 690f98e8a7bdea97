// An address on one line, for choices and summaries: each part once (a company often is also the
// name), the country by its name in the page's language.
import type { AddressSnapshotOut } from './contract/addresses';
import { countryName } from './i18n/format';
import type { Locale } from './i18n/locales';

export { countryName };

/** The parts of an address in reading order, leaving out `shown` (already the choice's title). */
export function addressLine(a: AddressSnapshotOut, locale: Locale, shown?: string): string {
  const place = `${a.postal_code} ${a.city}${a.province ? ` (${a.province})` : ''}`;
  const parts = [a.company, a.name, a.street, place, countryName(a.country, locale)];
  return [...new Set(parts.filter((p): p is string => Boolean(p) && p !== shown))].join(', ');
}
