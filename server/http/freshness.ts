// Which prerendered pages are out of date: anything whose product, category, news post or
// content page changed after the build (database triggers keep the change times). Those
// paths are rendered on demand until the next build, so edits show within one poll interval.
import { gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, categories, pageDocuments, products } from '../db/schema';

export const FRESHNESS_INTERVAL_MS = 15_000;

export interface Freshness {
  /** The page path (no leading slash, e.g. "p/tappo-sughero") changed after the build. */
  isStale(relativePath: string): boolean;
  /**
   * When a stale path last changed (ms), or undefined: part of its on-demand address, so the
   * route cache holds one render per change and an edit is never answered from the cache.
   */
  version(relativePath: string): number | undefined;
  /** Reads the changes now (also done every interval). */
  refresh(): Promise<void>;
  stop(): void;
}

/** Paths changed after the build, with the time of their latest change (ms). */
export async function staleSince(db: Db, builtAt: Date): Promise<Map<string, number>> {
  const [p, c, b, d] = await Promise.all([
    db.select({ slug: products.slug, at: products.writeDate }).from(products).where(gt(products.writeDate, builtAt)),
    db.select({ slug: categories.slug, at: categories.updatedAt }).from(categories).where(gt(categories.updatedAt, builtAt)),
    db
      .select({ slug: blogPosts.slug, at: sql<Date>`greatest(${blogPosts.updatedAt}, coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt}))` })
      .from(blogPosts)
      .where(or(gt(blogPosts.updatedAt, builtAt), sql`${blogPosts.publishedAt} > ${builtAt} and ${blogPosts.publishedAt} <= now()`)),
    db.select({ slug: pageDocuments.slug, at: pageDocuments.updatedAt }).from(pageDocuments).where(gt(pageDocuments.updatedAt, builtAt)),
  ]);
  const paths = new Map<string, number>();
  const note = (path: string, at: Date | string | null) => {
    const ms = at ? new Date(at).getTime() : 0;
    paths.set(path, Math.max(paths.get(path) ?? 0, Number.isFinite(ms) ? ms : 0));
  };
  for (const r of p) note(`p/${r.slug}`, r.at);
  for (const r of c) note(`c/${r.slug}`, r.at);
  for (const r of b) {
    note(`news/${r.slug}`, r.at);
    note('news', r.at);
  }
  for (const r of d) if (r.slug) note(r.slug, r.at);
  return paths;
}

export function watchFreshness(db: Db, builtAt: Date, intervalMs = FRESHNESS_INTERVAL_MS): Freshness {
  let stale = new Map<string, number>();
  const refresh = async () => {
    try {
      stale = await staleSince(db, builtAt);
    } catch (error) {
      // A failed poll keeps the last answer; the next one tries again.
      console.error('[freshness]', error instanceof Error ? error.message : error);
    }
  };
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return {
    isStale: (relativePath) => stale.has(relativePath.replace(/\/+$/, '')),
    version: (relativePath) => stale.get(relativePath.replace(/\/+$/, '')),
    refresh,
    stop: () => clearInterval(timer),
  };
}
