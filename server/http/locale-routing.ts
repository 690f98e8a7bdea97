// The language step of a page request, the same for the server and the dev server: the choice
// itself is chooseLocale's (src/lib/i18n/locale-choice.ts); this answers its redirects and
// remembers its cookie, so that `npm run dev` moves and remembers like production.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_LOCALE, localeCookie, localeFromCookieHeader, type Locale } from '../../src/lib/i18n/locales';
import { chooseLocale } from '../../src/lib/i18n/locale-choice';

export interface LocaleRoutingOptions {
  /** Cookies only over HTTPS when the public site is HTTPS. */
  secureCookies: boolean;
  /** The shop's DEFAULT_LOCALE setting, asked for the root only. */
  settingLocale?: () => Promise<Locale | undefined>;
}

/**
 * The locale of the page asked for (`home`: a language's home page), or undefined when the
 * request was answered with a redirect.
 */
export async function routeLocale(req: IncomingMessage, res: ServerResponse, url: URL, options: LocaleRoutingOptions): Promise<{ locale: Locale; home: boolean } | undefined> {
  const root = url.pathname.replace(/\/+$/, '') === '';
  const choice = chooseLocale({
    pathname: url.pathname,
    requested: url.searchParams.get('lan'),
    cookie: localeFromCookieHeader(req.headers.cookie),
    acceptLanguage: req.headers['accept-language'],
    defaultLocale: DEFAULT_LOCALE,
    settingLocale: root ? await options.settingLocale?.() : undefined,
  });
  if (choice.kind === 'redirect') {
    // The root and the home page send the visitor to its language's home.
    res.writeHead(302, {
      Location: choice.location + otherParams(url.searchParams),
      'Cache-Control': 'no-store',
      Vary: 'Cookie, Accept-Language',
      ...(choice.setCookie ? { 'Set-Cookie': localeCookie(choice.setCookie, options.secureCookies) } : {}),
    });
    res.end();
    return undefined;
  }
  if (choice.setCookie) res.setHeader('Set-Cookie', localeCookie(choice.setCookie, options.secureCookies));
  return { locale: choice.locale, home: choice.home };
}

/** The query a redirect keeps (campaign tags and the like); the language switch is done. */
function otherParams(params: URLSearchParams): string {
  const rest = new URLSearchParams(params);
  rest.delete('lan');
  const query = rest.toString();
  return query ? `?${query}` : '';
}
