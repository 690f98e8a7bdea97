// What product pages are made of, read in bulk: the build and the page regeneration ask for a
// batch of products (by id order, keyset-paged) and get each one's detail and related products
// from a fixed number of set-based queries, never one call per page (issue 10).
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import { RELATION_KINDS, type ProductSummary, type RelatedGroup } from '../../src/lib/contract/products';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { assets, categories, categoryTranslations, productCategories, productRelations, products, productTranslations, variants } from '../db/schema';
import { toProductDetail } from './product-detail';
import { productCustomFieldValues, summarize } from './product-list';

export interface ProductPage {
  product: ProductDetail;
  /** Related products by kind, kinds without any left out. */
  related: RelatedGroup[];
}

export interface ProductPagesQuery {
  locale: Locale;
  /** Products with an id above this one (keyset paging). */
  after?: number;
  limit: number;
  /** Only these products (regeneration of changed pages). */
  ids?: number[];
}

/** One batch of product pages in id order; `next` is the cursor of the following batch. */
export async function productPages(db: Db, q: ProductPagesQuery): Promise<{ results: ProductPage[]; next: number | null }> {
  const rows = await db
    .select()
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, q.locale)))
    .where(
      and(
        eq(products.isPublished, true),
        q.after !== undefined ? gt(products.id, q.after) : undefined,
        q.ids ? inArray(products.id, q.ids.length ? q.ids : [0]) : undefined,
      ),
    )
    .orderBy(asc(products.id))
    .limit(q.limit);
  const ids = rows.map((r) => r.products.id);
  if (ids.length === 0) return { results: [], next: null };
  const [images, variantRows, cats, fields, relations] = await Promise.all([
    db.select().from(assets).where(and(inArray(assets.productId, ids), eq(assets.kind, 'image'))).orderBy(asc(assets.productId), asc(assets.position)),
    db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
    db
      .select({ productId: productCategories.productId, id: categories.id, slug: categories.slug, name: categoryTranslations.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, q.locale)))
      .where(inArray(productCategories.productId, ids)),
    productCustomFieldValues(db, ids, q.locale),
    db
      .select({ productId: productRelations.productId, kind: productRelations.kind, products, product_translations: productTranslations })
      .from(productRelations)
      .innerJoin(products, and(eq(products.id, productRelations.relatedProductId), eq(products.isPublished, true)))
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, q.locale)))
      .where(inArray(productRelations.productId, ids))
      .orderBy(asc(productRelations.productId), asc(productRelations.kind), asc(productRelations.position), asc(products.id)),
  ]);
  // Each related product is summarized once for the whole batch.
  const uniqueRelated = [...new Map(relations.map((r) => [r.products.id, { products: r.products, product_translations: r.product_translations }])).values()];
  const summaries = new Map((await summarize(db, uniqueRelated, q.locale)).map((s) => [s.id, s]));

  const group = <T extends { productId: number }>(list: T[]) => {
    const out = new Map<number, T[]>();
    for (const item of list) {
      const bucket = out.get(item.productId);
      if (bucket) bucket.push(item);
      else out.set(item.productId, [item]);
    }
    return out;
  };
  const imagesOf = group(images);
  const variantsOf = group(variantRows);
  const catsOf = group(cats);
  const relationsOf = group(relations);

  const results = rows.map(({ products: p, product_translations: t }): ProductPage => {
    const productVariants = variantsOf.get(p.id) ?? [];
    const byKind = new Map<string, ProductSummary[]>();
    for (const r of relationsOf.get(p.id) ?? []) {
      const list = byKind.get(r.kind) ?? [];
      list.push(summaries.get(r.products.id)!);
      byKind.set(r.kind, list);
    }
    const related = RELATION_KINDS.filter((kind) => byKind.has(kind)).map((kind) => {
      const list = byKind.get(kind)!;
      return { kind, results: list, count: list.length };
    });
    return {
      product: toProductDetail(
        {
          product: p,
          translation: t,
          images: imagesOf.get(p.id) ?? [],
          variants: productVariants,
          categories: (catsOf.get(p.id) ?? []).map(({ id, slug, name }) => ({ id, slug, name })),
          customFields: fields.get(p.id) ?? [],
        },
        q.locale,
      ),
      related,
    };
  });
  return { results, next: rows.length === q.limit ? ids[ids.length - 1]! : null };
}

/**
 * The ids of the products that matter most, best first: bestsellers and new arrivals (the `shop`
 * field, shown on the home page and in menus), products on offer, then the most ordered. A build
 * bounded by PRERENDER_PRODUCTS prerenders these; the rest are generated on their first request.
 */
export async function mostImportantProductIds(db: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`
    select p.id
    from products p
    left join (
      select r.product_id, sum(r.qty) as qty from order_rows r where r.product_id is not null group by r.product_id
    ) o on o.product_id = p.id
    where p.is_published
    order by
      exists (
        select 1 from product_custom_values pcv
        join custom_field_values v on v.id = pcv.custom_field_value_id
        join custom_fields f on f.id = v.custom_field_id
        where pcv.product_id = p.id and f.key = 'shop'
      ) desc,
      (p.special_price is not null) desc,
      coalesce(o.qty, 0) desc,
      p.id
    limit ${limit}`);
  return rows.map((r) => Number(r.id));
}
