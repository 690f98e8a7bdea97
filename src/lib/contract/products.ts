import * as v from 'valibot';
import { ContextQuerySchema, PageQuerySchema } from './common';

export const PRODUCT_ORDER_FIELDS = ['name', 'title', 'standard_price', 'special_price', 'create_date', 'write_date'] as const;
export type ProductOrderField = (typeof PRODUCT_ORDER_FIELDS)[number];
export const PRICE_TYPES = ['standard', 'special'] as const;
export const PRODUCT_LIST_PAGE_SIZE = 12;

const decimal = (field: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,9}(\.\d{1,2})?$/, `${field} must be an amount like 12.50.`), v.transform(Number));

const bool = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'Use true or false.'),
  v.transform((s) => s === 'true' || s === '1'),
);

/**
 * GET products/p/. Repeated parameters (`categories`, `custom_field`) may also be given
 * comma-separated. A custom field filter is `key:value`.
 */
export const ProductListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  categories: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,120}$/, 'Invalid category slug.')))),
  include_cat_descendants: v.optional(bool, 'false'),
  custom_field: v.optional(v.array(v.string())),
  price_type: v.optional(v.picklist(PRICE_TYPES, 'Price type must be standard or special.'), 'standard'),
  price_min: v.optional(decimal('price_min')),
  price_max: v.optional(decimal('price_max')),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search text is too long.'))),
  promotions: v.optional(v.array(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid promotion id.'), v.transform(Number)))),
  annotate_ordered_qty: v.optional(bool, 'false'),
  customer: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid customer id.'), v.transform(Number))),
});
export type ProductListQuery = v.InferOutput<typeof ProductListQuerySchema>;

export interface Image {
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface CustomFieldValue {
  key: string;
  value: string;
  localized_value: string;
}

export type StockState = 'available' | 'low' | 'backorder' | 'unavailable';

export interface ProductSummary {
  id: number;
  code: string;
  slug: string;
  name: string;
  title: string;
  summary: string;
  brand: string;
  price: { standard_price: number; special_price: number | null };
  vat_rate: number;
  quantity: number;
  is_backorderable: boolean;
  stock_state: StockState;
  unit: string;
  image: Image | null;
  custom_fields: CustomFieldValue[];
  has_variants: boolean;
  create_date: string;
  write_date: string;
  /** With annotate_ordered_qty and a customer: units this customer has ordered before. */
  ordered_qty?: number;
}
