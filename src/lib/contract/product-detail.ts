import * as v from 'valibot';
import { ContextQuerySchema, IdSchema, PageQuerySchema } from './common';
import { CustomFieldValueSchema, ImageSchema, PriceSourceSchema, ProductPriceSchema, ProductSummarySchema, StockStateSchema } from './products';

export const VariantSchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  price: ProductPriceSchema,
  quantity: v.number(),
  is_backorderable: v.boolean(),
  stock_state: StockStateSchema,
});
export type Variant = v.InferOutput<typeof VariantSchema>;

export const CategoryBriefSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
});
export type CategoryRef = v.InferOutput<typeof CategoryBriefSchema>;

export const ProductDetailSchema = v.object({
  ...v.omit(ProductSummarySchema, ['image']).entries,
  /** The spec's name for the product's id (the same as `id`). */
  product_id: v.number(),
  description: v.string(),
  weight_kg: v.number(),
  assets: v.array(ImageSchema),
  variants: v.array(VariantSchema),
  categories: v.array(CategoryBriefSchema),
  custom_fields: v.array(CustomFieldValueSchema),
});
export type ProductDetail = v.InferOutput<typeof ProductDetailSchema>;

export const VARIANT_ORDER_FIELDS = ['position', 'code', 'standard_price', 'special_price', 'create_date'] as const;
export type VariantOrderField = (typeof VARIANT_ORDER_FIELDS)[number];

/** GET products/pp/: the variants of one product, paged. */
export const VariantListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  parent: IdSchema,
  customer: v.optional(IdSchema),
  season: v.optional(IdSchema),
});

/** GET products/pp/{id}/. */
export const VariantQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  customer: v.optional(IdSchema),
  season: v.optional(IdSchema),
});

/** A variant with what it belongs to, as products/pp/ and products/pp/{id}/ answer it. */
export const VariantDetailSchema = v.object({
  ...VariantSchema.entries,
  product: v.object({ id: v.number(), code: v.string(), slug: v.string(), name: v.string() }),
  custom_fields: v.array(CustomFieldValueSchema),
  create_date: v.string(),
  write_date: v.string(),
});
export type VariantDetail = v.InferOutput<typeof VariantDetailSchema>;

export const VariantPriceAnswerSchema = v.object({
  variant: v.number(),
  product: v.number(),
  code: v.string(),
  standard_price: v.number(),
  special_price: v.nullable(v.number()),
  price: v.number(),
  source: PriceSourceSchema,
  currency: v.literal('EUR'),
});
export type VariantPriceAnswer = v.InferOutput<typeof VariantPriceAnswerSchema>;

/** One file of a product (products/p/assets/{id}/), in image-number order. */
export const ProductAssetSchema = v.object({
  id: v.number(),
  kind: v.picklist(['image', 'document']),
  file_name: v.string(),
  url: v.string(),
  /** The number ending the file name ("..._2.webp" is 2). */
  number: v.number(),
  variant_id: v.nullable(v.number()),
  alt: v.string(),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
});
export type ProductAsset = v.InferOutput<typeof ProductAssetSchema>;
