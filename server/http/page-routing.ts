// Which file or on-demand route answers a page path in a locale. Prerendered pages live under
// dist/client/<locale>/...; pages the build did not know are rendered by the /fresh routes.
import { homeVariantLocale, type Locale } from '../../src/lib/i18n/locales';
import type { StaticIndex } from './static-files';

/** Paths that exist only as build internals and must not be served as pages. */
const INTERNAL_PREFIXES = ['it/', 'en/', 'es/', 'fresh/', '_astro/'];

/** Page paths that may be rendered on demand when the build has no file for them. */
const ON_DEMAND_PATTERNS = [/^p\/[a-z0-9-]{1,160}$/, /^news\/[a-z0-9-]{1,160}$/, /^c\/[a-z0-9-]{1,160}$/, /^[a-z0-9-]{1,160}$/];

/**
 * Pages with an id in the path are one prerendered shell each: the island reads the id from
 * the address (the data is private, so there is nothing to prerender per id).
 */
const SHELL_PAGES: [RegExp, string][] = [[/^account\/orders\/\d{1,9}$/, 'account/orders/view']];

export const PAYLOAD_SUFFIX = '/payload.json';

export type PageTarget =
  | { kind: 'file'; relative: string }
  | { kind: 'on-demand'; url: string }
  | { kind: 'not-found' };

/**
 * The prerendered file of a page, or its on-demand route when the build has none or when its
 * content changed after the build (`isStale`).
 */
export interface PageFreshness {
  isStale(path: string): boolean;
  /** When a stale page last changed: its on-demand address carries it (see Freshness). */
  version?(path: string): number | undefined;
}

export function resolvePage(index: StaticIndex, relativePath: string, locale: Locale, freshness: PageFreshness = { isStale: () => false }): PageTarget {
  const clean = relativePath.replace(/\/+$/, '');
  // A page's payload JSON follows its page: prerendered beside it, on demand when it is stale.
  const payload = clean.endsWith(PAYLOAD_SUFFIX);
  const page = payload ? clean.slice(0, -PAYLOAD_SUFFIX.length) : clean;
  const home = homeVariantLocale(`/${page}`);
  const pagePath = home ? 'home' : (SHELL_PAGES.find(([re]) => re.test(page))?.[1] ?? page);
  const onDemand = ON_DEMAND_PATTERNS.some((re) => re.test(page));
  if (!(onDemand && freshness.isStale(page))) {
    const candidates = payload ? [`${locale}/${page}${PAYLOAD_SUFFIX}`] : [`${locale}/${pagePath}/index.html`, `${locale}/${pagePath}.html`];
    for (const candidate of candidates) {
      if (index.has(candidate)) return { kind: 'file', relative: candidate };
    }
  }
  const version = onDemand ? freshness.version?.(page) : undefined;
  if (onDemand) return { kind: 'on-demand', url: `/fresh/${locale}/${clean}${version ? `?v=${version}` : ''}` };
  return { kind: 'not-found' };
}

/** A file at the top of dist/client (favicon, robots) — never a locale folder or build internals. */
export function isPublicFile(index: StaticIndex, relativePath: string): boolean {
  return relativePath !== '' && !INTERNAL_PREFIXES.some((p) => relativePath.startsWith(p)) && index.has(relativePath);
}
