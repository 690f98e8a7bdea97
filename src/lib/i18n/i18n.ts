// One i18next instance per page render or island (never a shared global one), with Italian
// as the fallback for any key a locale lacks.
import i18next, { type i18n, type TFunction } from 'i18next';
import en from '../../content/messages/en.json';
import es from '../../content/messages/es.json';
import it from '../../content/messages/it.json';
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locales';

export const MESSAGES = { it, en, es } as const;
export type Messages = typeof it;

export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['it', 'en', 'es'],
    resources: { it: { translation: it }, en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** A translate function for one locale (synchronous: resources are bundled). */
export const translator = (locale: Locale): TFunction => createI18n(locale).t;

export function formatPrice(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' }).format(value);
}

export function formatDate(value: string | Date, locale: Locale, style: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style }).format(new Date(value));
}
