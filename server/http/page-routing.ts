// Which file answers a page path in a locale. Prerendered and regenerated pages live under
// dist/client/<locale>/...; pages without a file yet are generated from the /fresh routes.
import { homeVariantLocale, type Locale } from '../../src/lib/i18n/locales';
import type { StaticIndex } from './static-files';

/** Paths that exist only as build internals and must not be served as pages. */
const INTERNAL_PREFIXES = ['it/', 'en/', 'es/', 'fresh/', '_astro/'];

/** Page paths that are generated (and kept as files) when the build has no file for them. */
const ON_DEMAND_PATTERNS = [/^p\/[a-z0-9-]{1,160}$/, /^news\/[a-z0-9-]{1,160}$/, /^c\/[a-z0-9-]{1,160}$/, /^[a-z0-9-]{1,160}$/];

/**
 * Pages with an id in the path are one prerendered shell each: the island reads the id from
 * the address (the data is private, so there is nothing to prerender per id).
 */
const SHELL_PAGES: [RegExp, string][] = [
  [/^account\/orders\/\d{1,9}$/, 'account/orders/view'],
  [/^account\/lists\/\d{1,9}$/, 'account/lists/view'],
];

export const PAYLOAD_SUFFIX = '/payload.json';
/** The page folder of the built "Internal Server Error" page in each locale. */
export const SERVER_ERROR_PAGE = '500';

export type PageTarget =
  | { kind: 'file'; relative: string; page: string; payload: boolean }
  | { kind: 'on-demand'; page: string; payload: boolean }
  | { kind: 'not-found' };

/**
 * The file of a page (prerendered or regenerated), or, for a page kind that can be generated
 * (product, category, news, content page) and has no file yet, the page to generate now.
 */
export function resolvePage(index: StaticIndex, relativePath: string, locale: Locale): PageTarget {
  const clean = relativePath.replace(/\/+$/, '');
  // The built 500 page answers failures (server-error.ts); it is no page of its own.
  if (clean === SERVER_ERROR_PAGE) return { kind: 'not-found' };
  // A page's payload JSON follows its page.
  const payload = clean.endsWith(PAYLOAD_SUFFIX);
  const page = payload ? clean.slice(0, -PAYLOAD_SUFFIX.length) : clean;
  const home = homeVariantLocale(`/${page}`);
  const pagePath = home ? 'home' : (SHELL_PAGES.find(([re]) => re.test(page))?.[1] ?? page);
  const candidates = payload ? [`${locale}/${page}${PAYLOAD_SUFFIX}`] : [`${locale}/${pagePath}/index.html`, `${locale}/${pagePath}.html`];
  for (const candidate of candidates) {
    if (index.has(candidate)) return { kind: 'file', relative: candidate, page: pagePath, payload };
  }
  if (ON_DEMAND_PATTERNS.some((re) => re.test(page))) return { kind: 'on-demand', page, payload };
  return { kind: 'not-found' };
}

/** Files of generated pages live in the locale folders; only those change while serving. */
export const isPageFile = (relative: string) => /^(it|en|es)\//.test(relative);

/** A file at the top of dist/client (favicon, robots) — never a locale folder or build internals. */
export function isPublicFile(index: StaticIndex, relativePath: string): boolean {
  return relativePath !== '' && !INTERNAL_PREFIXES.some((p) => relativePath.startsWith(p)) && index.has(relativePath);
}

/**
 * The visitor's path as a header value for the on-demand 404 page (requestPath decodes it): a
 * header holds Latin-1 without CR or LF, and a path may hold any character ("/“vino”").
 */
export function pathHeaderValue(publicPath: string): string {
  return publicPath.split('/').map((segment) => encodeURIComponent(segment.toWellFormed())).join('/');
}
