import type { AstroCookies } from 'astro';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../i18n/locales';

/** On-demand pages: the locale the Node server chose (header), else the cookie, else Italian. */
export function requestLocale(request: Request, cookies: AstroCookies): Locale {
  const chosen = request.headers.get('x-shop-locale');
  if (isLocale(chosen)) return chosen;
  const cookie = cookies.get(LOCALE_COOKIE)?.value;
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

/**
 * The path the visitor asked for, before the server rewrote it to an on-demand route. The server
 * sends it percent-encoded (a header cannot hold every character a path can).
 */
export function requestPath(request: Request, url: URL): string {
  const sent = request.headers.get('x-shop-path') ?? url.pathname;
  try {
    return decodeURIComponent(sent);
  } catch {
    return sent;
  }
}
