// Every number, price, date and country name the shop shows, on the server and in the browser,
// in the page's language. Intl objects are costly to make (a list render would make hundreds):
// one per locale and style, kept for the life of the process or page.
import { INTL_LOCALE, type Locale } from './locales';

const made = new Map<string, unknown>();
function once<F>(key: string, make: () => F): F {
  let value = made.get(key) as F | undefined;
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}

/** The locale's plural rule: the one every `_one` / `_other` message goes through. */
export const pluralRules = (locale: Locale): Intl.PluralRules => once(`plural:${locale}`, () => new Intl.PluralRules(INTL_LOCALE[locale]));

export const euroFormat = (locale: Locale): Intl.NumberFormat =>
  once(`eur:${locale}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' }));

/** A price in EUR: "12,50 €", "€12.50". */
export const formatEuro = (value: number, locale: Locale): string => euroFormat(locale).format(value);

/**
 * An amount with two decimals and no grouping, as a person types it in a field ("12,50" in it
 * and es, "12.50" in en): the price filter's inputs.
 */
export const formatAmount = (value: number, locale: Locale): string =>
  once(`amount:${locale}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })).format(value);

/** A file's size in kB or MB, with the locale's unit spelling. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const unit = bytes >= 1_000_000 ? 'megabyte' : 'kilobyte';
  const format = once(`size:${locale}:${unit}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'unit', unit, maximumFractionDigits: 1 }));
  return format.format(unit === 'megabyte' ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}

/** A calendar day ("3 marzo 2026", "03/03/2026"). */
export function formatDay(value: string | Date, locale: Locale, style: 'long' | 'medium' | 'short' = 'medium'): string {
  return once(`day:${locale}:${style}`, () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style })).format(new Date(value));
}

/** A country's name in the locale, or its code when the runtime does not know it. */
export function countryName(code: string, locale: Locale): string {
  try {
    return once(`region:${locale}`, () => new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
}
