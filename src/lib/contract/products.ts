import * as v from 'valibot';
import type { PriceSource } from '../rules/pricing';
import { ContextQuerySchema, IdSchema, PageQuerySchema } from './common';

/**
 * `relevance` (with a search): the exact article code first, then products whose name holds the
 * words (whole or as prefixes), then the article codes that start with the text, then the rest;
 * A to Z within each. Without a search it is the name order. It is the order of a search that
 * names none.
 */
export const PRODUCT_ORDER_FIELDS = ['relevance', 'name', 'title', 'standard_price', 'special_price', 'create_date', 'write_date'] as const;
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
  /** Only offers: products whose offer price is below their list price (ADR 0016). */
  on_offer: v.optional(bool, 'false'),
  /** Search among the variants (products/pp/): a variant code's start or a variant name. */
  search_pp: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search text is too long.'))),
  promotions: v.optional(v.array(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid promotion id.'), v.transform(Number)))),
  annotate_ordered_qty: v.optional(bool, 'false'),
  customer: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid customer id.'), v.transform(Number))),
  /** Prices of this season (when seasons are in use). */
  season: v.optional(IdSchema),
});
export type ProductListQuery = v.InferOutput<typeof ProductListQuerySchema>;

export const ImageSchema = v.object({
  url: v.string(),
  alt: v.string(),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
});
export type Image = v.InferOutput<typeof ImageSchema>;

export const CustomFieldValueSchema = v.object({
  key: v.string(),
  value: v.string(),
  localized_value: v.string(),
});
export type CustomFieldValue = v.InferOutput<typeof CustomFieldValueSchema>;

export const PRICE_SOURCES = ['customer', 'season', 'special', 'standard'] as const satisfies readonly PriceSource[];
/** Why the customer pays that price (src/lib/rules/pricing.ts). */
export const PriceSourceSchema = v.picklist(PRICE_SOURCES);

export const STOCK_STATES = ['available', 'low', 'backorder', 'unavailable'] as const;
export const StockStateSchema = v.picklist(STOCK_STATES);
export type StockState = (typeof STOCK_STATES)[number];

/**
 * List prices, and with a customer (signed-in customer, or agent naming one) or a season also
 * what that customer pays per unit and why.
 */
export const ProductPriceSchema = v.object({
  standard_price: v.number(),
  special_price: v.nullable(v.number()),
  price: v.optional(v.number()),
  source: v.optional(PriceSourceSchema),
});
export type ProductPrice = v.InferOutput<typeof ProductPriceSchema>;

export const ProductSummarySchema = v.object({
  id: v.number(),
  code: v.string(),
  slug: v.string(),
  name: v.string(),
  title: v.string(),
  summary: v.string(),
  brand: v.string(),
  price: ProductPriceSchema,
  vat_rate: v.number(),
  quantity: v.number(),
  is_backorderable: v.boolean(),
  stock_state: StockStateSchema,
  unit: v.string(),
  image: v.nullable(ImageSchema),
  custom_fields: v.array(CustomFieldValueSchema),
  has_variants: v.boolean(),
  create_date: v.string(),
  write_date: v.string(),
  /** With annotate_ordered_qty and a customer: units this customer has ordered before. */
  ordered_qty: v.optional(v.number()),
});
export type ProductSummary = v.InferOutput<typeof ProductSummarySchema>;

/** A product named by id or by slug. */
export const ProductRefSchema = v.pipe(
  v.string(),
  v.regex(/^(\d{1,9}|[a-z0-9-]{1,160})$/, 'Give a product id or slug.'),
  v.transform((s): { id: number } | { slug: string } => (/^\d{1,9}$/.test(s) ? { id: Number(s) } : { slug: s })),
);

/** A product code ("ENO-0001") or slug, as in products/p/price/{code}/. */
export const ProductCodeSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,159}$/, 'Give a product code or slug.'));

/** products/p/price/{code}/ and products/pp/price/{id}/. */
export const PriceQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  customer: v.optional(IdSchema),
  season: v.optional(IdSchema),
});

export const ProductPriceAnswerSchema = v.object({
  product: v.number(),
  code: v.string(),
  standard_price: v.number(),
  special_price: v.nullable(v.number()),
  price: v.number(),
  source: PriceSourceSchema,
  currency: v.literal('EUR'),
});
export type ProductPriceAnswer = v.InferOutput<typeof ProductPriceAnswerSchema>;

export const RELATION_KINDS = ['Related', 'Upselling', 'Crosselling', 'Spare parts', 'Showcase'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** Reads a relation kind by name, ignoring case and accepting "spare-parts" or "spare_parts". */
export function relationKindOf(raw: string): RelationKind | undefined {
  const wanted = raw.trim().replace(/[-_]+/g, ' ').toLowerCase();
  return RELATION_KINDS.find((k) => k.toLowerCase() === wanted);
}

/** products/p/related/: one kind, or every kind grouped when `kind` is absent. */
export const RelatedQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  product: ProductRefSchema,
  kind: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => relationKindOf(s)),
      v.custom<RelationKind>((k) => k !== undefined, `Kind must be one of: ${RELATION_KINDS.join(', ')}.`),
    ),
  ),
  customer: v.optional(IdSchema),
  season: v.optional(IdSchema),
});

export const RelatedGroupSchema = v.object({
  kind: v.picklist(RELATION_KINDS),
  results: v.array(ProductSummarySchema),
  count: v.number(),
});
export type RelatedGroup = v.InferOutput<typeof RelatedGroupSchema>;

/** products/p/related/ without kind: one group per kind, in the order of RELATION_KINDS. */
export const RelatedByKindSchema = v.object({
  results: v.array(RelatedGroupSchema),
  count: v.number(),
});
export type RelatedByKind = v.InferOutput<typeof RelatedByKindSchema>;

/** products/p/related/: one group with `kind`, every group without. */
export const RelatedAnswerSchema = v.union([RelatedGroupSchema, RelatedByKindSchema]);
