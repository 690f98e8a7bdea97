// Variants ("pp") of products: paged per product, one by id, in the list and detail shape.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { VariantDetail, VariantOrderField } from '../../src/lib/contract/product-detail';
import type { Db } from '../db/client';
import { products, productTranslations, variants } from '../db/schema';
import { customFieldValuesOf } from './custom-field-values';
import { toVariant } from './product-detail';

export const DEFAULT_VARIANT_ORDER: Ordering<VariantOrderField> = { field: 'position', direction: 'asc' };

function orderOf(o: Ordering<VariantOrderField>): SQL[] {
  const column = {
    position: variants.position,
    code: variants.code,
    standard_price: variants.standardPrice,
    special_price: variants.specialPrice,
    create_date: variants.createDate,
  }[o.field];
  const primary = o.field === 'special_price' ? sql`${column} ${sql.raw(o.direction)} nulls last` : (o.direction === 'asc' ? asc : desc)(column);
  return [primary, asc(variants.id)];
}

const selection = {
  variant: variants,
  productCode: products.code,
  productSlug: products.slug,
  productName: productTranslations.name,
};

function fromVariants(db: Db, locale: Locale) {
  return db
    .select(selection)
    .from(variants)
    .innerJoin(products, and(eq(products.id, variants.productId), eq(products.isPublished, true)))
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)));
}

type Row = { variant: typeof variants.$inferSelect; productCode: string; productSlug: string; productName: string };

async function describe(db: Db, rows: Row[], locale: Locale): Promise<VariantDetail[]> {
  const fields = await customFieldValuesOf(db, 'variant', rows.map((r) => r.variant.id), locale);
  return rows.map(({ variant: v, productCode, productSlug, productName }) => ({
    ...toVariant(v, locale),
    product: { id: v.productId, code: productCode, slug: productSlug, name: productName },
    custom_fields: fields.get(v.id) ?? [],
    create_date: v.createDate.toISOString(),
    write_date: v.writeDate.toISOString(),
  }));
}

export async function listVariants(
  db: Db,
  productId: number,
  locale: Locale,
  page: { page: number; pageSize: number },
  ordering: Ordering<VariantOrderField> = DEFAULT_VARIANT_ORDER,
): Promise<{ results: VariantDetail[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    fromVariants(db, locale)
      .where(eq(variants.productId, productId))
      .orderBy(...orderOf(ordering))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(variants).where(eq(variants.productId, productId)),
  ]);
  return { results: await describe(db, rows, locale), count: total?.count ?? 0 };
}

/** A variant of a published product, or undefined. */
export async function getVariant(db: Db, id: number, locale: Locale): Promise<VariantDetail | undefined> {
  const rows = await fromVariants(db, locale).where(eq(variants.id, id)).limit(1);
  return (await describe(db, rows, locale))[0];
}
