// GET products/live/: what a static page must not bake in (stock, availability, the customer's
// price), for up to 100 products in one call. The static pages carry content only.
import * as v from 'valibot';
import { ContextQuerySchema, IdSchema } from './common';
import { StockStateSchema } from './products';

/** At most this many product ids per call (the browser loader sends chunks of this size). */
export const MAX_LIVE_IDS = 100;

const LIVE_IDS_MESSAGE = `Give 1 to ${MAX_LIVE_IDS} product ids.`;

const ProductIdSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}$/, 'Each product id must be a whole number.'),
  v.transform(Number),
  v.minValue(1, 'Each product id must be at least 1.'),
);

/**
 * `ids` comma-separated and/or repeated (`ids=1,2&ids=3`); `customer` and `season` as in
 * products/p/price/{code}/ (a signed-in customer gets its own prices without naming itself).
 */
export const LiveValuesQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ids: v.pipe(
    v.array(ProductIdSchema, LIVE_IDS_MESSAGE),
    v.minLength(1, LIVE_IDS_MESSAGE),
    v.maxLength(MAX_LIVE_IDS, LIVE_IDS_MESSAGE),
    v.transform((ids) => [...new Set(ids)]),
  ),
  customer: v.optional(IdSchema),
  season: v.optional(IdSchema),
  // The object's message is what a missing key reports, and `ids` is the one required key.
}, LIVE_IDS_MESSAGE);
export type LiveValuesQuery = v.InferOutput<typeof LiveValuesQuerySchema>;

/**
 * List prices and what the caller pays per unit (the customer's price with a customer), all net;
 * `shown_price` is `price` as the viewer sees it: with VAT for the public and consumers, net for
 * businesses (`vat_included` says which; src/lib/rules/vat-display.ts).
 */
export const LivePriceSchema = v.object({
  standard_price: v.number(),
  special_price: v.nullable(v.number()),
  price: v.number(),
  /** Percent, e.g. 22. */
  vat_rate: v.number(),
  vat_included: v.boolean(),
  shown_price: v.number(),
});
export type LivePrice = v.InferOutput<typeof LivePriceSchema>;

/** Stock as the product detail and the cart rules count it. */
export const LiveStockSchema = v.object({
  quantity: v.number(),
  is_backorderable: v.boolean(),
  stock_state: StockStateSchema,
});
export type LiveStock = v.InferOutput<typeof LiveStockSchema>;

export const LiveVariantValuesSchema = v.object({ ...LiveStockSchema.entries, id: v.number(), price: LivePriceSchema });
export type LiveVariantValues = v.InferOutput<typeof LiveVariantValuesSchema>;

export const LiveProductValuesSchema = v.object({ ...LiveVariantValuesSchema.entries, variants: v.array(LiveVariantValuesSchema) });
export type LiveProductValues = v.InferOutput<typeof LiveProductValuesSchema>;

/** Published products only, in the order asked; unknown ids are simply absent. */
export const LiveValuesAnswerSchema = v.object({ results: v.array(LiveProductValuesSchema), count: v.number() });
export type LiveValuesAnswer = v.InferOutput<typeof LiveValuesAnswerSchema>;
