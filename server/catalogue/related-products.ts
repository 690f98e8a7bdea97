// Related products of one product by relation kind (spec: Related, Upselling, Crosselling,
// Spare parts, Showcase), as list summaries in the order the shop set.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { ProductSummary, RelationKind } from '../../src/lib/contract/products';
import type { Db } from '../db/client';
import { productRelations, products, productTranslations } from '../db/schema';
import { summarize } from './product-list';

/** Related products by kind; kinds without any are present with an empty list. */
export async function relatedProducts(db: Db, productId: number, kinds: readonly RelationKind[], locale: Locale): Promise<Map<RelationKind, ProductSummary[]>> {
  const rows = await db
    .select({ kind: productRelations.kind, products, product_translations: productTranslations })
    .from(productRelations)
    .innerJoin(products, and(eq(products.id, productRelations.relatedProductId), eq(products.isPublished, true)))
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
    .where(and(eq(productRelations.productId, productId), inArray(productRelations.kind, [...kinds])))
    .orderBy(asc(productRelations.kind), asc(productRelations.position), asc(products.id));
  // A product related in several kinds is summarized once.
  const unique = [...new Map(rows.map((r) => [r.products.id, r])).values()];
  const summaries = new Map((await summarize(db, unique, locale)).map((s) => [s.id, s]));
  const out = new Map<RelationKind, ProductSummary[]>(kinds.map((k) => [k, []]));
  for (const r of rows) out.get(r.kind)?.push(summaries.get(r.products.id)!);
  return out;
}
