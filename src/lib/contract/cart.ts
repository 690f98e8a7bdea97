// Carts (spec section 7, carts/): request bodies and queries the API validates, and the
// shapes it answers. The storefront imports the types only.
import * as v from 'valibot';
import { MAX_CART_QTY } from '../rules/cart';
import { ContextQuerySchema, ErrorItemSchema, PageQuerySchema, SHOP_CONTEXTS } from './common';
import { ImageSchema, StockStateSchema } from './products';
import { DiscountTypeSchema, PromotionSchema } from './promotions';

const MAX_ID = 2_147_483_647;
export { MAX_CART_QTY };

export const BodyIdSchema = (field: string) =>
  v.pipe(v.number(`${field} must be a number.`), v.integer(`${field} must be a whole number.`), v.minValue(1, `${field} must be positive.`), v.maxValue(MAX_ID, `${field} is too large.`));

/** A quantity in a body: a whole number; 0 or less removes the row. */
export const QtySchema = v.pipe(
  v.number('qty must be a number.'),
  v.integer('qty must be a whole number.'),
  v.minValue(-MAX_CART_QTY, 'qty is too small.'),
  v.maxValue(MAX_CART_QTY, `qty must be at most ${MAX_CART_QTY}.`),
);

const bool = v.pipe(v.picklist(['true', 'false', '1', '0'], 'Use true or false.'), v.transform((s) => s === 'true' || s === '1'));

/** POST carts/get-or-create/ (and wishlists/get-or-create/) query. */
export const GetOrCreateQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  lazy: v.optional(bool, 'false'),
});

/** POST carts/get-or-create/ body; `agent`, when given, must be the calling agent. */
export const GetOrCreateBodySchema = v.strictObject({
  customer: v.optional(v.nullable(BodyIdSchema('customer'))),
  season: v.optional(v.nullable(BodyIdSchema('season'))),
  agent: v.optional(v.nullable(BodyIdSchema('agent'))),
});
export type GetOrCreateBody = v.InferOutput<typeof GetOrCreateBodySchema>;

export const CART_ROW_ORDER_FIELDS = ['id', 'created_at', 'qty'] as const;
export type CartRowOrderField = (typeof CART_ROW_ORDER_FIELDS)[number];

const queryId = (field: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,10}$/, `${field} must be a whole number.`), v.transform(Number), v.minValue(1, `${field} must be positive.`), v.maxValue(MAX_ID, `${field} is too large.`));

/** GET carts/rows/ query. */
export const CartRowsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  cart: queryId('cart'),
});

/** POST carts/rows/: sets the quantity of a product (and variant) in the cart. */
export const CartRowBodySchema = v.strictObject({
  cart: BodyIdSchema('cart'),
  product: BodyIdSchema('product'),
  qty: QtySchema,
  variant: v.optional(v.nullable(BodyIdSchema('variant'))),
});
export type CartRowBody = v.InferOutput<typeof CartRowBodySchema>;

/** PATCH carts/row/{id}/. */
export const CartRowPatchSchema = v.strictObject({ qty: QtySchema });

export const CartProductDetailSchema = v.object({
  id: v.number(),
  code: v.string(),
  slug: v.string(),
  name: v.string(),
  /** The variant's name when the row is for a variant. */
  variant_name: v.nullable(v.string()),
  image: v.nullable(ImageSchema),
  is_backorderable: v.boolean(),
  /**
   * Units this row may hold: the stock less what other carts hold (when cart rows affect stock),
   * so the row's own units are included.
   */
  quantity: v.number(),
  stock_state: StockStateSchema,
  vat_rate: v.number(),
  unit: v.string(),
});
export type CartProductDetail = v.InferOutput<typeof CartProductDetailSchema>;

export const CartRowSchema = v.object({
  id: v.number(),
  cart: v.number(),
  product: v.number(),
  variant: v.nullable(v.number()),
  qty: v.number(),
  /** Per unit for this customer and season, VAT excluded. */
  price: v.number(),
  /** price × qty. */
  total: v.number(),
  /** Whether this cart's customer sees prices with VAT (consumers) or without (businesses). */
  vat_included: v.boolean(),
  /** `price` as the customer sees it: with VAT at the product's rate when `vat_included`. */
  shown_price: v.number(),
  /** `total` as the customer sees it. */
  shown_total: v.number(),
  product_detail: CartProductDetailSchema,
  /**
   * Present when the row's hold ran out and the stock not held by other carts no longer covers
   * its quantity (ADR 0016): the row holds nothing until it is lowered or the stock allows again.
   */
  stock_problem: v.optional(ErrorItemSchema),
});
export type CartRow = v.InferOutput<typeof CartRowSchema>;

export const CartCouponSchema = v.object({
  code: v.string(),
  type: DiscountTypeSchema,
  value: v.number(),
  /** What it takes off now; 0 when it no longer applies. */
  discount: v.number(),
  /** False when the stored coupon no longer applies (expired, used up, below its minimum). */
  is_valid: v.boolean(),
});
export type CartCoupon = v.InferOutput<typeof CartCouponSchema>;

/** The cart header. An empty shape (id null) answers a lazy get-or-create with no cart. */
export const CartHeaderSchema = v.object({
  id: v.nullable(v.number()),
  customer: v.number(),
  agent: v.nullable(v.number()),
  season: v.nullable(v.number()),
  shop_context: v.picklist(SHOP_CONTEXTS),
  rows_count: v.number(),
  total_quantity: v.number(),
  /** Sum of the rows at the customer's prices, VAT excluded. */
  subtotal: v.number(),
  /** Taken off by the promotion. */
  promotion_discount: v.number(),
  /** Taken off by the coupon. */
  coupon_discount: v.number(),
  /** promotion_discount + coupon_discount. */
  discount: v.number(),
  /** subtotal - discount. */
  final_price: v.number(),
  /** Whether the customer sees prices with VAT (consumers) or without (businesses). */
  vat_included: v.boolean(),
  /** VAT on final_price, by each row's rate (shipping is added at checkout). */
  tax: v.number(),
  /** final_price + tax. */
  final_price_with_vat: v.number(),
  promotion: v.nullable(PromotionSchema),
  coupon: v.nullable(CartCouponSchema),
});
export type CartHeader = v.InferOutput<typeof CartHeaderSchema>;

/**
 * Answer of POST carts/rows/ (201 when a row was added, else 200), PATCH and DELETE
 * carts/row/{id}/ (200): the row as it is now (null and `removed` when the quantity went to 0 or
 * the row was deleted), with the updated cart header.
 */
export const CartRowChangeSchema = v.object({
  row: v.nullable(CartRowSchema),
  removed: v.boolean(),
  cart: CartHeaderSchema,
});
export type CartRowChange = v.InferOutput<typeof CartRowChangeSchema>;
