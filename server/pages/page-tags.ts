// Cache tags of a page (Cache-Tag / Surrogate-Key headers and the purge webhook), so a CDN can
// drop everything that shows a product, a category or a page at once: product:ID, category:ID,
// post:ID, page:SLUG and locale:xx. Ids come from a small map filled off the request path.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';

type Kind = 'product' | 'category' | 'post';
const KIND_OF_PREFIX: Record<string, { kind: Kind; table: string }> = {
  p: { kind: 'product', table: 'products' },
  c: { kind: 'category', table: 'categories' },
  news: { kind: 'post', table: 'blog_posts' },
};

const ids = new Map<string, number>();
const wanted = new Set<string>();
let lookupDb: Db | undefined;
let lookupTimer: NodeJS.Timeout | undefined;
const MAX_IDS = 500_000;
const SLUG = /^[a-z0-9-]{1,160}$/;

/** Lets the tag map look ids up (in the background, in batches) on this database. */
export function useTagDatabase(db: Db | undefined) {
  lookupDb = db;
}

export function rememberId(kind: Kind, slug: string, id: number) {
  if (ids.size >= MAX_IDS) ids.clear();
  ids.set(`${kind}:${slug}`, id);
}

async function lookUp() {
  lookupTimer = undefined;
  const db = lookupDb;
  const keys = [...wanted];
  wanted.clear();
  if (!db || keys.length === 0) return;
  for (const { kind, table } of Object.values(KIND_OF_PREFIX)) {
    const slugs = keys.filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1)).filter((s) => SLUG.test(s));
    if (slugs.length === 0) continue;
    try {
      const list = `{${slugs.join(',')}}`;
      const rows = await queryRows<{ id: number; slug: string }>(db, sql`select id, slug from ${sql.identifier(table)} where slug = any(${list}::text[])`);
      for (const r of rows) rememberId(kind, r.slug, r.id);
    } catch {
      // The database may be away: pages are still served, with the tags known so far.
    }
  }
}

function idOf(kind: Kind, slug: string): number | undefined {
  const key = `${kind}:${slug}`;
  const id = ids.get(key);
  if (id === undefined && lookupDb && wanted.size < 1000) {
    wanted.add(key);
    lookupTimer ??= setTimeout(() => void lookUp(), 50).unref();
  }
  return id;
}

/** Tags of a page path without locale ("p/tappo", "home", "chi-siamo"). */
export function tagsOfPage(page: string): string[] {
  const cut = page.indexOf('/');
  const prefix = cut === -1 ? '' : page.slice(0, cut);
  const slug = cut === -1 ? page : page.slice(cut + 1);
  const known = KIND_OF_PREFIX[prefix];
  if (known && !slug.includes('/')) {
    const id = idOf(known.kind, slug);
    return id === undefined ? [`${known.kind}-slug:${slug}`] : [`${known.kind}:${id}`, `${known.kind}-slug:${slug}`];
  }
  return [`page:${page}`];
}

/** The public address of a page or its payload (what a CDN caches). */
export function publicPathOf(page: string, payload: boolean): string {
  return `/${page}${payload ? '/payload.json' : ''}`;
}
