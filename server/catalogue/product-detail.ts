import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { ProductDetail, Variant } from '../../src/lib/contract/product-detail';
import { stockState } from '../../src/lib/rules/stock';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { assets, categories, categoryTranslations, productCategories, products, productTranslations, variants } from '../db/schema';
import { pick } from './localized';
import { productCustomFieldValues, toImage } from './product-list';

/** A published product by its slug or its code (products/p/{slug}/ takes either); the slug wins a tie. */
export async function getProductBySlugOrCode(db: Db, slugOrCode: string, locale: Locale): Promise<ProductDetail | null> {
  // Named statements (ADR 0035): every product page's live call and the API's detail ask these.
  const locale$ = sql`${sql.placeholder('locale')}`;
  const [row] = await prepared(db, 'product_detail', (db) =>
    db
      .select()
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale$)))
      .where(and(or(eq(products.slug, sql.placeholder('key')), eq(products.code, sql.placeholder('key'))), eq(products.isPublished, true)))
      .orderBy(sql`${products.slug} = ${sql.placeholder('key')} desc`)
      .limit(1),
  ).execute({ key: slugOrCode, locale });
  if (!row) return null;
  const { products: p, product_translations: t } = row;
  const values = { id: p.id, locale };
  const [images, variantRows, cats, fields] = await Promise.all([
    prepared(db, 'product_detail_images', (db) =>
      db.select().from(assets).where(and(eq(assets.productId, sql.placeholder('id')), eq(assets.kind, 'image'))).orderBy(asc(assets.position)),
    ).execute(values),
    prepared(db, 'product_detail_variants', (db) =>
      db.select().from(variants).where(eq(variants.productId, sql.placeholder('id'))).orderBy(asc(variants.position), asc(variants.id)),
    ).execute(values),
    prepared(db, 'product_detail_categories', (db) =>
      db
        .select({ id: categories.id, slug: categories.slug, name: categoryTranslations.name })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale$)))
        .where(eq(productCategories.productId, sql.placeholder('id'))),
    ).execute(values),
    productCustomFieldValues(db, [p.id], locale),
  ]);
  return toProductDetail({ product: p, translation: t, images, variants: variantRows, categories: cats, customFields: fields.get(p.id) ?? [] }, locale);
}

export interface ProductDetailParts {
  product: typeof products.$inferSelect;
  translation: typeof productTranslations.$inferSelect;
  images: (typeof assets.$inferSelect)[];
  variants: (typeof variants.$inferSelect)[];
  categories: ProductDetail['categories'];
  customFields: ProductDetail['custom_fields'];
}

/** The product detail of the API, from its rows (one product here, a batch in product-pages.ts). */
export function toProductDetail(parts: ProductDetailParts, locale: Locale): ProductDetail {
  const { product: p, translation: t } = parts;
  return {
    id: p.id,
    product_id: p.id,
    code: p.code,
    slug: p.slug,
    name: t.name,
    title: t.title,
    summary: t.summary,
    description: t.description,
    brand: p.brand,
    price: { standard_price: p.standardPrice, special_price: p.specialPrice },
    vat_rate: p.vatRate,
    quantity: p.quantity,
    is_backorderable: p.isBackorderable,
    stock_state: stockState(p.quantity, p.isBackorderable),
    unit: p.unit,
    weight_kg: p.weightKg,
    assets: parts.images.map((a) => toImage(a, t.name, locale)),
    variants: parts.variants.map((v) => toVariant(v, locale)),
    categories: parts.categories,
    custom_fields: parts.customFields,
    has_variants: parts.variants.length > 0,
    create_date: p.createDate.toISOString(),
    write_date: p.writeDate.toISOString(),
  };
}

/** The shape of a variant shared by the product detail and the variant calls. */
export function toVariant(v: typeof variants.$inferSelect, locale: Locale): Variant {
  return {
    id: v.id,
    code: v.code,
    name: pick(v.name, locale),
    price: { standard_price: v.standardPrice, special_price: v.specialPrice },
    quantity: v.quantity,
    is_backorderable: v.isBackorderable,
    stock_state: stockState(v.quantity, v.isBackorderable),
  };
}
