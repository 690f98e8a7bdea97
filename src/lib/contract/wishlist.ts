// Wishlists (spec section 7, wishlists/): get-or-create like carts, rows of products with notes.
import * as v from 'valibot';
import { ContextQuerySchema, PageQuerySchema, SHOP_CONTEXTS } from './common';
import { ImageSchema, StockStateSchema } from './products';
import { BodyIdSchema } from './cart';

export { GetOrCreateBodySchema as WishlistGetOrCreateBodySchema, GetOrCreateQuerySchema as WishlistGetOrCreateQuerySchema } from './cart';

export const MAX_WISHLIST_NOTES = 1000;
const Notes = v.pipe(v.string('notes must be a text.'), v.maxLength(MAX_WISHLIST_NOTES, `notes must be at most ${MAX_WISHLIST_NOTES} characters.`));

export const WISHLIST_ROW_ORDER_FIELDS = ['id', 'created_at'] as const;
export type WishlistRowOrderField = (typeof WISHLIST_ROW_ORDER_FIELDS)[number];

export const WishlistRowsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  wishlist: v.pipe(
    v.string(),
    v.regex(/^\d{1,10}$/, 'wishlist must be a whole number.'),
    v.transform(Number),
    v.minValue(1, 'wishlist must be positive.'),
    v.maxValue(2_147_483_647, 'wishlist is too large.'),
  ),
});

/** POST wishlists/rows/: a product already there is 400 "Product already in the wishlist". */
export const WishlistRowBodySchema = v.strictObject({
  wishlist: BodyIdSchema('wishlist'),
  product: BodyIdSchema('product'),
  notes: v.optional(v.nullable(Notes)),
});

/** PATCH wishlists/row/{id}/. */
export const WishlistRowPatchSchema = v.strictObject({ notes: v.nullable(Notes) });

export const WishlistHeaderSchema = v.object({
  /** Null when a lazy get-or-create found none. */
  id: v.nullable(v.number()),
  customer: v.number(),
  agent: v.nullable(v.number()),
  season: v.nullable(v.number()),
  shop_context: v.picklist(SHOP_CONTEXTS),
  rows_count: v.number(),
});
export type WishlistHeader = v.InferOutput<typeof WishlistHeaderSchema>;

export const WishlistProductDetailSchema = v.object({
  id: v.number(),
  code: v.string(),
  slug: v.string(),
  name: v.string(),
  image: v.nullable(ImageSchema),
  is_backorderable: v.boolean(),
  /** Units in stock. */
  quantity: v.number(),
  stock_state: StockStateSchema,
  /** Per unit for the wishlist's customer and season, VAT excluded. */
  price: v.number(),
  unit: v.string(),
});
export type WishlistProductDetail = v.InferOutput<typeof WishlistProductDetailSchema>;

export const WishlistRowSchema = v.object({
  id: v.number(),
  wishlist: v.number(),
  product: v.number(),
  notes: v.string(),
  created_at: v.string(),
  product_detail: WishlistProductDetailSchema,
});
export type WishlistRow = v.InferOutput<typeof WishlistRowSchema>;
