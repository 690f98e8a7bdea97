import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { ContextQuerySchema, PageQuerySchema } from '../../../src/lib/contract/common';
import type { BlogPost, BlogPostSummary } from '../../../src/lib/contract/content';
import { blogPosts, blogPostTranslations } from '../../db/schema';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { parseOrThrow, parseQuery } from '../validation';

export const blogRoutes = new Hono<ApiEnv>({ strict: false });

const BlogListQuerySchema = v.object({ ...ContextQuerySchema.entries, ...PageQuerySchema.entries });

const summaryOf = (p: typeof blogPosts.$inferSelect, t: typeof blogPostTranslations.$inferSelect): BlogPostSummary => ({
  id: p.id,
  slug: p.slug,
  title: t.title,
  excerpt: t.excerpt,
  image: p.image ? { url: p.image, alt: t.title, width: 1200, height: 630 } : null,
  published_at: p.publishedAt.toISOString(),
});

blogRoutes.get('/', async (c) => {
  const q = parseQuery(c, BlogListQuerySchema);
  const { db } = c.get('deps');
  const joined = and(eq(blogPostTranslations.postId, blogPosts.id), eq(blogPostTranslations.locale, c.get('locale')));
  const visible = and(eq(blogPosts.isPublished, true), sql`${blogPosts.publishedAt} <= now()`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .innerJoin(blogPostTranslations, joined)
      .where(visible)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ count: sql<number>`count(*)::int` }).from(blogPosts).where(visible),
  ]);
  return c.json({ results: rows.map((r) => summaryOf(r.blog_posts, r.blog_post_translations)), count: total?.count ?? 0 });
});

/** A post by numeric id or by slug. */
const PostKeySchema = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,160}$/, 'Invalid post id or slug.'));

blogRoutes.get('/:key', async (c) => {
  const key = parseOrThrow(PostKeySchema, c.req.param('key'));
  const { db } = c.get('deps');
  // Up to 9 digits is an id (fits an int4); anything else is a slug.
  const byId = /^\d{1,9}$/.test(key);
  const [row] = await db
    .select()
    .from(blogPosts)
    .innerJoin(blogPostTranslations, and(eq(blogPostTranslations.postId, blogPosts.id), eq(blogPostTranslations.locale, c.get('locale'))))
    .where(and(byId ? eq(blogPosts.id, Number(key)) : eq(blogPosts.slug, key), eq(blogPosts.isPublished, true)))
    .limit(1);
  if (!row) throw apiError('NotFound');
  const post: BlogPost = { ...summaryOf(row.blog_posts, row.blog_post_translations), body: row.blog_post_translations.body };
  return c.json(post);
});
