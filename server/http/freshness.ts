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
  /** Reads the changes now (also done every interval). */
  refresh(): Promise<void>;
  stop(): void;
}

export async function staleSince(db: Db, builtAt: Date): Promise<Set<string>> {
  const [p, c, b, d] = await Promise.all([
    db.select({ slug: products.slug }).from(products).where(gt(products.writeDate, builtAt)),
    db.select({ slug: categories.slug }).from(categories).where(gt(categories.updatedAt, builtAt)),
    db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(or(gt(blogPosts.updatedAt, builtAt), sql`${blogPosts.publishedAt} > ${builtAt} and ${blogPosts.publishedAt} <= now()`)),
    db.select({ slug: pageDocuments.slug }).from(pageDocuments).where(gt(pageDocuments.updatedAt, builtAt)),
  ]);
  const paths = new Set<string>();
  for (const r of p) paths.add(`p/${r.slug}`);
  for (const r of c) paths.add(`c/${r.slug}`);
  for (const r of b) paths.add(`news/${r.slug}`);
  if (b.length) paths.add('news');
  for (const r of d) if (r.slug) paths.add(r.slug);
  return paths;
}

export function watchFreshness(db: Db, builtAt: Date, intervalMs = FRESHNESS_INTERVAL_MS): Freshness {
  let stale = new Set<string>();
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
    refresh,
    stop: () => clearInterval(timer),
  };
}
