// Prices and dates for islands, without i18next (which stays on the server).
import { INTL_LOCALE, type Locale } from './locales';

export const formatEuro = (value: number, locale: Locale) =>
  new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' }).format(value);

export const formatDay = (value: string | Date, locale: Locale, style: 'long' | 'medium' | 'short' = 'medium') =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style }).format(new Date(value));
