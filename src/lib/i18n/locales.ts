// Which language a visitor gets (spec: no URL prefix; `lan` cookie, 365 days, default it;
// the root route detects it from the browser and sends it to its home variant).
import { DEFAULT_LOCALE, isLocale, LOCALE_TABLE, LOCALES, type Locale } from '../contract/locales';

export { DEFAULT_LOCALE, isLocale, LOCALE_TABLE, LOCALES, type Locale };
export const LOCALE_COOKIE = 'lan';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The home page of each language. */
export const HOME_PATHS = Object.fromEntries(LOCALES.map((locale) => [locale, LOCALE_TABLE[locale].home])) as Record<Locale, string>;
const HOME_LOCALE = new Map(Object.entries(HOME_PATHS).map(([locale, path]) => [path, locale as Locale]));

/** The language a home variant is written in, or undefined for other paths. */
export const homeVariantLocale = (pathname: string): Locale | undefined => HOME_LOCALE.get(pathname.replace(/\/+$/, '') || '/');

/** Picks the best supported language from an Accept-Language header, by quality. */
export function negotiateLocale(acceptLanguage: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Locale {
  return acceptedLocale(acceptLanguage) ?? fallback;
}

/** The best supported language an Accept-Language header names, or undefined when it names none. */
export function acceptedLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((x) => x.lang).find(isLocale);
}

/** Reads the `lan` cookie out of a Cookie header. */
export function localeFromCookieHeader(cookieHeader: string | null | undefined): Locale | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

/** The language cookie; `secure` when the site is served over https (never sent over http then). */
export const localeCookie = (locale: Locale, secure = false) =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;

/** BCP 47 tags for Intl and the html lang attribute. */
export const INTL_LOCALE = Object.fromEntries(LOCALES.map((locale) => [locale, LOCALE_TABLE[locale].intl])) as Record<Locale, string>;
