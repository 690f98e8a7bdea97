// Page-builder documents: promotion canvases and content pages, blocks in the request's
// language falling back to Italian.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Canvas } from '../../src/lib/contract/promotions';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
import { pageDocuments } from '../db/schema';

type PageDocument = typeof pageDocuments.$inferSelect;

export function toCanvas(d: PageDocument, locale: Locale): Canvas {
  return {
    id: d.id,
    kind: d.kind,
    slug: d.slug,
    title: pick(d.title, locale),
    description: pick(d.description, locale),
    blocks: d.blocks[locale] ?? d.blocks.it,
    updated_at: d.updatedAt.toISOString(),
  };
}

/**
 * Published page-builder documents of one kind (canvases by default, or content pages), or with
 * a slug the published document of that slug.
 */
export async function listCanvases(db: Db, locale: Locale, filter: { slug?: string; kind?: 'canvas' | 'page' }, page: { page: number; pageSize: number }) {
  const where: SQL | undefined = and(
    eq(pageDocuments.isPublished, true),
    filter.slug === undefined ? eq(pageDocuments.kind, filter.kind ?? 'canvas') : eq(pageDocuments.slug, filter.slug),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pageDocuments)
      .where(where)
      .orderBy(asc(pageDocuments.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(pageDocuments).where(where),
  ]);
  return { results: rows.map((d) => toCanvas(d, locale)), count: total?.count ?? 0 };
}

export async function canvasById(db: Db, id: number, locale: Locale): Promise<Canvas | null> {
  const [doc] = await db
    .select()
    .from(pageDocuments)
    .where(and(eq(pageDocuments.id, id), eq(pageDocuments.isPublished, true)))
    .limit(1);
  return doc ? toCanvas(doc, locale) : null;
}
