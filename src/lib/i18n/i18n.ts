// One i18next instance per locale (never one switched between languages), with Italian
// as the fallback for any key a locale lacks. Messages are split by capability: the frame and
// public pages in messages/<locale>.json, the signed-in parts in messages/<area>/<locale>.json,
// each file holding one top-level key named after its area.
import i18next, { type i18n, type TFunction } from 'i18next';
import accountEn from '../../content/messages/account/en.json';
import accountEs from '../../content/messages/account/es.json';
import accountIt from '../../content/messages/account/it.json';
import agentEn from '../../content/messages/agent/en.json';
import agentEs from '../../content/messages/agent/es.json';
import agentIt from '../../content/messages/agent/it.json';
import authEn from '../../content/messages/auth/en.json';
import authEs from '../../content/messages/auth/es.json';
import authIt from '../../content/messages/auth/it.json';
import en from '../../content/messages/en.json';
import es from '../../content/messages/es.json';
import it from '../../content/messages/it.json';
import shopEn from '../../content/messages/shop/en.json';
import shopEs from '../../content/messages/shop/es.json';
import shopIt from '../../content/messages/shop/it.json';
import { formatDay, formatEuro } from './format';
import { DEFAULT_LOCALE, type Locale } from './locales';

export const MESSAGES = {
  it: { ...it, ...authIt, ...shopIt, ...accountIt, ...agentIt },
  en: { ...en, ...authEn, ...shopEn, ...accountEn, ...agentEn },
  es: { ...es, ...authEs, ...shopEs, ...accountEs, ...agentEs },
} as const;
export type Messages = (typeof MESSAGES)['it'];

export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['it', 'en', 'es'],
    resources: { it: { translation: MESSAGES.it }, en: { translation: MESSAGES.en }, es: { translation: MESSAGES.es } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

// One translate function per locale for the process: the messages never change while it runs,
// and making an i18next instance per component was a tenth of the build's time.
const translators = new Map<Locale, TFunction>();

/** A translate function for one locale (synchronous: resources are bundled). */
export function translator(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = createI18n(locale).t;
    translators.set(locale, t);
  }
  return t;
}

export const formatPrice = (value: number, locale: Locale): string => formatEuro(value, locale);

export function formatDate(value: string | Date, locale: Locale, style: 'long' | 'short' = 'long'): string {
  return formatDay(value, locale, style);
}
