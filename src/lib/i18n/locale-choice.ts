// Which language a page request gets, and whether it moves or remembers it (spec sections 1, 2
// and 9): the root detects the language once; the home page redirects by language (it to /home,
// en to /home-en, es to /home-es) and leaves the remembered choice alone; `?lan=xx` and the
// language-named home variants are explicit choices and are remembered. Shared by the server and
// the dev server, so both answer alike.
import { HOME_PATHS, homeVariantLocale, isLocale, negotiateLocale, type Locale } from './locales';

export interface LocaleRequest {
  pathname: string;
  /** The `?lan=` value, if any. */
  requested: string | null;
  /** The `lan` cookie's locale, if valid. */
  cookie: Locale | undefined;
  acceptLanguage?: string | null;
  /** The language of a page asked for without a cookie (the built pages' default, it). */
  defaultLocale: Locale;
  /**
   * The shop's DEFAULT_LOCALE setting: the root's answer when the browser names none of our
   * languages. Pages keep `defaultLocale`, so nginx (which reads only the cookie) agrees.
   */
  settingLocale?: Locale;
}

export type LocaleChoice =
  | { kind: 'redirect'; location: string; setCookie?: Locale }
  /** `home`: the language's home page is the one asked for. */
  | { kind: 'page'; locale: Locale; home: boolean; setCookie?: Locale };

/** The Italian home's path is also the shop's generic home route (spec: "/ and /home"). */
const GENERIC_HOME = HOME_PATHS.it;

export function chooseLocale(req: LocaleRequest): LocaleChoice {
  const { cookie } = req;
  const path = req.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') {
    const locale = cookie ?? negotiateLocale(req.acceptLanguage, req.settingLocale ?? req.defaultLocale);
    return { kind: 'redirect', location: HOME_PATHS[locale], ...(cookie ? {} : { setCookie: locale }) };
  }
  const requested = isLocale(req.requested) ? req.requested : undefined;
  const remember = (locale: Locale) => (locale !== cookie ? { setCookie: locale } : {});
  const home = homeVariantLocale(path);
  if (home) {
    // /home?lan=en: the switch is remembered, and the visitor goes on to that language's home.
    if (requested && requested !== home) return { kind: 'redirect', location: HOME_PATHS[requested], ...remember(requested) };
    if (requested) return { kind: 'page', locale: home, home: true, ...remember(home) };
    // The generic home follows the remembered language and does not change it.
    if (path === GENERIC_HOME) {
      if (cookie && cookie !== home) return { kind: 'redirect', location: HOME_PATHS[cookie] };
      return { kind: 'page', locale: home, home: true };
    }
    // /home-en, /home-es name their language: opening one is a choice.
    return { kind: 'page', locale: home, home: true, ...remember(home) };
  }
  if (requested) return { kind: 'page', locale: requested, home: false, ...remember(requested) };
  return { kind: 'page', locale: cookie ?? req.defaultLocale, home: false };
}
