// Variants ("pp") of products: paged per product, one by id, in the list and detail shape.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { VariantDetail, VariantOrderField } from '../../src/lib/contract/product-detail';
import type { CustomFieldValue } from '../../src/lib/contract/products';
import type { Db } from '../db/client';
import { customFields, customFieldValues, products, productTranslations, variantCustomValues, variants } from '../db/schema';
import { pick } from './localized';
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
  const ids = rows.map((r) => r.variant.id);
  const fields = new Map<number, CustomFieldValue[]>();
  if (ids.length) {
    const values = await db
      .select({ variantId: variantCustomValues.variantId, key: customFields.key, value: customFieldValues.value, localized: customFieldValues.localizedValue })
      .from(variantCustomValues)
      .innerJoin(customFieldValues, eq(customFieldValues.id, variantCustomValues.valueId))
      .innerJoin(customFields, eq(customFields.id, customFieldValues.customFieldId))
      .where(inArray(variantCustomValues.variantId, ids))
      .orderBy(customFields.key, customFieldValues.value);
    for (const f of values) {
      const list = fields.get(f.variantId) ?? [];
      list.push({ key: f.key, value: f.value, localized_value: pick(f.localized, locale) });
      fields.set(f.variantId, list);
    }
  }
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
