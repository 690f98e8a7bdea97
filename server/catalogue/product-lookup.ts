// Finding one published product by id, slug or code.
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';

export type ProductRef = { id: number } | { slug: string } | { codeOrSlug: string };

export type ProductRow = typeof products.$inferSelect;

export async function findPublishedProduct(db: Db, ref: ProductRef): Promise<ProductRow | undefined> {
  const match =
    'id' in ref ? eq(products.id, ref.id) : 'slug' in ref ? eq(products.slug, ref.slug) : or(eq(products.code, ref.codeOrSlug), eq(products.slug, ref.codeOrSlug));
  const [row] = await db
    .select()
    .from(products)
    .where(and(match, eq(products.isPublished, true)))
    .limit(1);
  return row;
}
