import * as v from 'valibot';
import type { PriceSource } from '../rules/pricing';
import { ContextQuerySchema, IdSchema, PageQuerySchema } from './common';
import type { CustomFieldValue, Image, ProductPrice, ProductSummary, StockState } from './products';

export interface Variant {
  id: number;
  code: string;
  name: string;
  price: ProductPrice;
  quantity: number;
  is_backorderable: boolean;
  stock_state: StockState;
}

export interface CategoryRef {
  id: number;
  slug: string;
  name: string;
}

export interface ProductDetail extends Omit<ProductSummary, 'image'> {
  /** The spec's name for the product's id (the same as `id`). */
  product_id: number;
  description: string;
  weight_kg: number;
  assets: Image[];
  variants: Variant[];
  categories: CategoryRef[];
  custom_fields: CustomFieldValue[];
}

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
export interface VariantDetail extends Variant {
  product: { id: number; code: string; slug: string; name: string };
  custom_fields: CustomFieldValue[];
  create_date: string;
  write_date: string;
}

export interface VariantPriceAnswer {
  variant: number;
  product: number;
  code: string;
  standard_price: number;
  special_price: number | null;
  price: number;
  source: PriceSource;
  currency: 'EUR';
}

/** One file of a product (products/p/assets/{id}/), in image-number order. */
export interface ProductAsset {
  id: number;
  kind: 'image' | 'document';
  file_name: string;
  url: string;
  /** The number ending the file name ("..._2.webp" is 2). */
  number: number;
  variant_id: number | null;
  alt: string;
  width: number | null;
  height: number | null;
}
