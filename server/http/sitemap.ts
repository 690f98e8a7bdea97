// sitemap.xml and robots.txt, from the API (so they follow the data without a rebuild), kept
// for a few minutes. Every URL lists its other languages as hreflang alternates (?lan=xx).
import type { Paged } from '../../src/lib/contract/common';
import { HOME_PATHS, LOCALES } from '../../src/lib/i18n/locales';
import type { ShopApi } from '../api/app';
import { isUnknownSetting } from './security-headers';

/** How long a sitemap is served before it is made again. */
export const SITEMAP_TTL_MS = 10 * 60 * 1000;
const API = '/api/v3/client';

async function getJson<T>(api: ShopApi, path: string): Promise<T> {
  const response = await api.request(`${API}/${path}`);
  if (!response.ok) throw new Error(`sitemap: ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function allPages<T>(api: ShopApi, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page < 1000; page++) {
    const batch = await getJson<Paged<T>>(api, `${path}${path.includes('?') ? '&' : '?'}page=${page}&page_size=100`);
    out.push(...batch.results);
    if (batch.results.length === 0 || out.length >= batch.count) break;
  }
  return out;
}

interface CategoryNode {
  slug: string;
  children?: CategoryNode[];
}
const flatten = (nodes: CategoryNode[]): string[] => nodes.flatMap((n) => [n.slug, ...flatten(n.children ?? [])]);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entry(site: string, path: string, lastmod?: string): string {
  const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(`${site}${path}${l === 'it' ? '' : `?lan=${l}`}`)}"/>`).join('');
  return `<url><loc>${esc(site + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${alternates}</url>`;
}

export async function buildSitemap(api: ShopApi, site: string): Promise<string> {
  const [products, tree, posts, pages] = await Promise.all([
    allPages<{ slug: string; write_date: string }>(api, 'products/p/?order_by=name-asc'),
    getJson<CategoryNode[] | { results: CategoryNode[] }>(api, 'categories/tree/'),
    allPages<{ slug: string; published_at: string }>(api, 'blog/'),
    allPages<{ slug: string | null; kind: string; updated_at: string }>(api, 'promotions/canvasses/?kind=page'),
  ]);
  const categories = flatten(Array.isArray(tree) ? tree : tree.results);
  const homes = LOCALES.map((l) => `<url><loc>${esc(site + HOME_PATHS[l])}</loc>${LOCALES.map((a) => `<xhtml:link rel="alternate" hreflang="${a}" href="${esc(site + HOME_PATHS[a])}"/>`).join('')}</url>`);
  const urls = [
    ...homes,
    entry(site, '/p'),
    entry(site, '/news'),
    ...categories.map((slug) => entry(site, `/c/${slug}`)),
    ...products.map((p) => entry(site, `/p/${p.slug}`, p.write_date)),
    ...posts.map((p) => entry(site, `/news/${p.slug}`, p.published_at)),
    ...pages.filter((p) => p.kind === 'page' && p.slug && p.slug !== 'privacy').map((p) => entry(site, `/${p.slug}`, p.updated_at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export async function buildRobots(api: ShopApi, site: string): Promise<string> {
  const response = await api.request(`${API}/config/system/DEFAULT_ROBOTS/`);
  // No such setting: allow all. The API away is not "no rules": the last known text (or a 503).
  const unknown = !response.ok && (await isUnknownSetting(response));
  if (!response.ok && !unknown) throw new Error(`robots: the setting answered ${response.status}`);
  const rules = unknown ? 'User-agent: *\nAllow: /' : ((await response.json()) as { value: string }).value;
  return `${rules.trim()}\n\nSitemap: ${site}/sitemap.xml\n`;
}
