// Promotions, coupons and page-builder canvases (spec section 7, promotions/).
import * as v from 'valibot';
import { BLOCK_TYPES, type Block } from './page-blocks';
import { ContextQuerySchema, PageQuerySchema } from './common';

export const DiscountTypeSchema = v.picklist(['percentage', 'fixed']);
export type DiscountType = v.InferOutput<typeof DiscountTypeSchema>;

export const PromotionSchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  description: v.string(),
  type: DiscountTypeSchema,
  /** Percent (0-100) or EUR, by type. */
  value: v.number(),
  min_order: v.number(),
  shop_context: v.picklist(['b2b', 'b2c', 'all']),
  /** Page-builder canvas shown with the promotion (promotions/canvasses/{id}/). */
  canvas: v.nullable(v.number()),
  valid_from: v.nullable(v.string()),
  valid_to: v.nullable(v.string()),
  is_active: v.boolean(),
  /** Products it applies to; empty means the whole cart. */
  products: v.array(v.number()),
});
export type Promotion = v.InferOutput<typeof PromotionSchema>;

export const PROMOTION_ORDER_FIELDS = ['id', 'code', 'valid_from', 'valid_to', 'value', 'min_order'] as const;
export type PromotionOrderField = (typeof PROMOTION_ORDER_FIELDS)[number];

export const PromotionListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
});

const slug = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,160}$/, 'Invalid slug.'));

/** GET promotions/canvasses/: canvases (or content pages with kind=page), or with `slug` the document of that slug. */
export const CanvasListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  slug: v.optional(slug),
  /** canvas (default): promotion canvases; page: content pages. */
  kind: v.optional(v.picklist(['canvas', 'page'], 'kind must be canvas or page.'), 'canvas'),
});

/**
 * A page-builder block. Only its type is checked: the rest is the editor's own content, written
 * by the seed and the editor, whose shape per type lives in src/lib/page-builder-blocks.ts.
 */
const BlockSchema = v.custom<Block>(
  (value) => typeof value === 'object' && value !== null && (BLOCK_TYPES as readonly unknown[]).includes((value as { type?: unknown }).type),
  'Unknown block type.',
);

export const CanvasSchema = v.object({
  id: v.number(),
  kind: v.picklist(['page', 'canvas']),
  slug: v.nullable(v.string()),
  title: v.string(),
  description: v.string(),
  /** The blocks of the request's locale, Italian when that locale has none. */
  blocks: v.array(BlockSchema),
  updated_at: v.string(),
});
export type Canvas = v.InferOutput<typeof CanvasSchema>;

const MAX_PRICE = 10_000_000;
const couponId = (field: string) =>
  v.pipe(v.number(`${field} must be a number.`), v.integer(`${field} must be a whole number.`), v.minValue(1, `${field} must be positive.`), v.maxValue(2_147_483_647, `${field} is too large.`));

/**
 * POST promotions/coupons/apply/. With `cart` the coupon is stored on the cart and worked out on
 * it; otherwise on `price`. One of the two is required.
 */
export const CouponApplyBodySchema = v.strictObject({
  coupon: v.pipe(v.string('coupon must be a text.'), v.trim(), v.minLength(1, 'Enter the coupon code.'), v.maxLength(64, 'The coupon code is too long.')),
  customer: v.optional(v.nullable(couponId('customer'))),
  price: v.optional(
    v.nullable(v.pipe(v.number('price must be a number.'), v.minValue(0, 'price must not be negative.'), v.maxValue(MAX_PRICE, 'price is too large.'))),
  ),
  cart: v.optional(v.nullable(couponId('cart'))),
});
export type CouponApplyBody = v.InferOutput<typeof CouponApplyBodySchema>;

/** DELETE promotions/coupons/apply/?cart={id}: removes the coupon from the cart. */
export const CouponRemoveQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  cart: v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'cart must be a whole number.'), v.transform(Number), v.minValue(1, 'cart must be positive.'), v.maxValue(2_147_483_647, 'cart is too large.')),
});

export const CouponApplyResponseSchema = v.object({
  code: v.string(),
  type: DiscountTypeSchema,
  value: v.number(),
  /** What the coupon takes off. */
  discount: v.number(),
  /** The price (or the cart's final price) after the coupon. */
  final_price: v.number(),
});
export type CouponApplyResponse = v.InferOutput<typeof CouponApplyResponseSchema>;
