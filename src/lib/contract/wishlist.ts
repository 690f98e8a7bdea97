// Wishlists (spec section 7, wishlists/): get-or-create like carts, rows of products with notes.
import * as v from 'valibot';
import { ContextQuerySchema, PageQuerySchema, type ShopContext } from './common';
import type { Image, StockState } from './products';
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

export interface WishlistHeader {
  /** Null when a lazy get-or-create found none. */
  id: number | null;
  customer: number;
  agent: number | null;
  season: number | null;
  shop_context: ShopContext;
  rows_count: number;
}

export interface WishlistProductDetail {
  id: number;
  code: string;
  slug: string;
  name: string;
  image: Image | null;
  is_backorderable: boolean;
  /** Units in stock. */
  quantity: number;
  stock_state: StockState;
  /** Per unit for the wishlist's customer and season, VAT excluded. */
  price: number;
  unit: string;
}

export interface WishlistRow {
  id: number;
  wishlist: number;
  product: number;
  notes: string;
  created_at: string;
  product_detail: WishlistProductDetail;
}
