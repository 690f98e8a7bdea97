import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { ProductDetail, Variant } from '../../src/lib/contract/product-detail';
import { stockState } from '../../src/lib/rules/stock';
import type { Db } from '../db/client';
import { assets, categories, categoryTranslations, productCategories, products, productTranslations, variants } from '../db/schema';
import { pick } from './localized';
import { productCustomFieldValues, toImage } from './product-list';

/** A published product by its slug or its code (products/p/{slug}/ takes either); the slug wins a tie. */
export async function getProductBySlugOrCode(db: Db, slugOrCode: string, locale: Locale): Promise<ProductDetail | null> {
  const [row] = await db
    .select()
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
    .where(and(or(eq(products.slug, slugOrCode), eq(products.code, slugOrCode)), eq(products.isPublished, true)))
    .orderBy(sql`${products.slug} = ${slugOrCode} desc`)
    .limit(1);
  if (!row) return null;
  const { products: p, product_translations: t } = row;
  const [images, variantRows, cats, fields] = await Promise.all([
    db.select().from(assets).where(and(eq(assets.productId, p.id), eq(assets.kind, 'image'))).orderBy(asc(assets.position)),
    db.select().from(variants).where(eq(variants.productId, p.id)).orderBy(asc(variants.position), asc(variants.id)),
    db
      .select({ id: categories.id, slug: categories.slug, name: categoryTranslations.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
      .where(eq(productCategories.productId, p.id)),
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
