// Prices and dates for islands and pages, without i18next (which stays on the server). Intl
// formatters are costly to make: one per locale and style, kept.
import { INTL_LOCALE, type Locale } from './locales';

const money = new Map<Locale, Intl.NumberFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

export function euroFormat(locale: Locale): Intl.NumberFormat {
  let format = money.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' });
    money.set(locale, format);
  }
  return format;
}

export const formatEuro = (value: number, locale: Locale) => euroFormat(locale).format(value);

export function formatDay(value: string | Date, locale: Locale, style: 'long' | 'medium' | 'short' = 'medium') {
  const key = `${locale}:${style}`;
  let format = days.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style });
    days.set(key, format);
  }
  return format.format(new Date(value));
}
