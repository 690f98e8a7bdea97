// Promotions, coupons and page-builder canvases (spec section 7, promotions/).
import * as v from 'valibot';
import type { Block } from './page-blocks';
import { ContextQuerySchema, PageQuerySchema } from './common';

export type DiscountType = 'percentage' | 'fixed';

export interface Promotion {
  id: number;
  code: string;
  name: string;
  description: string;
  type: DiscountType;
  /** Percent (0-100) or EUR, by type. */
  value: number;
  min_order: number;
  shop_context: 'b2b' | 'b2c' | 'all';
  /** Page-builder canvas shown with the promotion (promotions/canvasses/{id}/). */
  canvas: number | null;
  valid_from: string | null;
  valid_to: string | null;
  is_active: boolean;
  /** Products it applies to; empty means the whole cart. */
  products: number[];
}

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

export interface Canvas {
  id: number;
  kind: 'page' | 'canvas';
  slug: string | null;
  title: string;
  description: string;
  /** The blocks of the request's locale, Italian when that locale has none. */
  blocks: Block[];
  updated_at: string;
}

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

export interface CouponApplyResponse {
  code: string;
  type: DiscountType;
  value: number;
  /** What the coupon takes off. */
  discount: number;
  /** The price (or the cart's final price) after the coupon. */
  final_price: number;
}
