// News (blog/): published posts in the request's language, newest first.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Locale, Paged } from '../../src/lib/contract/common';
import type { BlogPost, BlogPostSummary } from '../../src/lib/contract/content';
import type { Db } from '../db/client';
import { blogPosts, blogPostTranslations } from '../db/schema';
import { shopError } from '../shop-errors';

const summaryOf = (p: typeof blogPosts.$inferSelect, t: typeof blogPostTranslations.$inferSelect): BlogPostSummary => ({
  id: p.id,
  slug: p.slug,
  title: t.title,
  excerpt: t.excerpt,
  image: p.image ? { url: p.image, alt: t.title, width: 1200, height: 630 } : null,
  published_at: p.publishedAt.toISOString(),
});

const translated = (locale: Locale) => and(eq(blogPostTranslations.postId, blogPosts.id), eq(blogPostTranslations.locale, locale));

export async function listBlogPosts(db: Db, locale: Locale, paging: { page: number; pageSize: number }): Promise<Paged<BlogPostSummary>> {
  const visible = and(eq(blogPosts.isPublished, true), sql`${blogPosts.publishedAt} <= now()`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .innerJoin(blogPostTranslations, translated(locale))
      .where(visible)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(blogPosts).where(visible),
  ]);
  return { results: rows.map((r) => summaryOf(r.blog_posts, r.blog_post_translations)), count: total?.count ?? 0 };
}

/** A published post by numeric id or by slug; NotFound otherwise. */
export async function findBlogPost(db: Db, locale: Locale, key: string): Promise<BlogPost> {
  // Up to 9 digits is an id (fits an int4); anything else is a slug.
  const byId = /^\d{1,9}$/.test(key);
  const [row] = await db
    .select()
    .from(blogPosts)
    .innerJoin(blogPostTranslations, translated(locale))
    .where(and(byId ? eq(blogPosts.id, Number(key)) : eq(blogPosts.slug, key), eq(blogPosts.isPublished, true)))
    .limit(1);
  if (!row) throw shopError('NotFound');
  return { ...summaryOf(row.blog_posts, row.blog_post_translations), body: row.blog_post_translations.body };
}
