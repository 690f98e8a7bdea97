// Schemas and documentation of the ordering calls (../routes/ordering.ts).
import * as v from 'valibot';
import {
  CartHeaderSchema, CartRowBodySchema, CartRowChangeSchema, CartRowPatchSchema, CartRowSchema, CartRowsQuerySchema, GetOrCreateBodySchema,
  GetOrCreateQuerySchema,
} from '../cart';
import { CheckoutBodySchema, CheckoutInitBodySchema, CheckoutInitResponseSchema, CheckoutResponseSchema } from '../checkout';
import { IdSchema, PagedSchema } from '../common';
import type { SchemasFor } from '../operation';
import {
  OrderDetailSchema, OrderDocQuerySchema, OrderListQuerySchema, OrderRowSchema, OrderRowsQuerySchema, OrderSummarySchema,
} from '../orders';
import {
  CanvasListQuerySchema, CanvasSchema, CouponApplyBodySchema, CouponApplyResponseSchema, CouponRemoveQuerySchema, PromotionListQuerySchema,
  PromotionSchema,
} from '../promotions';
import type { orderingRoutes } from '../routes/ordering';
import {
  WishlistGetOrCreateBodySchema, WishlistGetOrCreateQuerySchema, WishlistHeaderSchema, WishlistRowBodySchema, WishlistRowPatchSchema,
  WishlistRowSchema, WishlistRowsQuerySchema,
} from '../wishlist';

const RowIdParams = v.object({ id: v.pipe(IdSchema, v.description('Row id')) });
const idParams = (description: string) => v.object({ id: v.pipe(IdSchema, v.description(description)) });

const QUANTITY_ERRORS = { 400: 'negative_quantity | quantity_not_available' };

export const orderingOperations = {
  getOrCreateWishlist: {
    tag: 'Wishlist', summary: "The customer's wishlist, created unless lazy.", access: 'user',
    query: WishlistGetOrCreateQuerySchema, body: WishlistGetOrCreateBodySchema, response: WishlistHeaderSchema,
  },
  listWishlistRows: { tag: 'Wishlist', summary: 'Rows of a wishlist.', access: 'user', query: WishlistRowsQuerySchema, response: PagedSchema(WishlistRowSchema) },
  addWishlistRow: {
    tag: 'Wishlist', summary: 'Add a product with notes.', access: 'user', body: WishlistRowBodySchema, response: WishlistRowSchema,
    errors: { 400: 'Product already in the wishlist' },
  },
  updateWishlistRow: { tag: 'Wishlist', summary: 'Change the notes of a row.', access: 'user', params: RowIdParams, body: WishlistRowPatchSchema, response: WishlistRowSchema },
  deleteWishlistRow: { tag: 'Wishlist', summary: 'Remove a row.', access: 'user', params: RowIdParams },

  getOrCreateCart: {
    tag: 'Cart', summary: "The customer's open cart for the context and season, created unless lazy.", access: 'user',
    query: GetOrCreateQuerySchema, body: GetOrCreateBodySchema, response: CartHeaderSchema, errors: { 403: 'Not allowed to act for that customer' },
  },
  listCartRows: { tag: 'Cart', summary: 'Rows of a cart with prices and available stock.', access: 'user', query: CartRowsQuerySchema, response: PagedSchema(CartRowSchema) },
  setCartRow: {
    tag: 'Cart',
    summary: 'Add a product (201), or set its quantity when already there (200; 0 or less removes it; for a product not there it changes nothing).',
    access: 'user', body: CartRowBodySchema, response: CartRowChangeSchema, errors: QUANTITY_ERRORS,
  },
  updateCartRow: {
    tag: 'Cart', summary: 'Set the quantity of a row (0 or less removes it).', access: 'user',
    params: RowIdParams, body: CartRowPatchSchema, response: CartRowChangeSchema, errors: QUANTITY_ERRORS,
  },
  deleteCartRow: { tag: 'Cart', summary: 'Remove a row.', access: 'user', params: RowIdParams, response: CartRowChangeSchema },

  listActivePromotions: { tag: 'Content', summary: 'Promotions running now for the context.', access: 'public', query: PromotionListQuerySchema, response: PagedSchema(PromotionSchema) },
  listAllPromotions: { tag: 'Content', summary: 'All promotions.', access: 'public', query: PromotionListQuerySchema, response: PagedSchema(PromotionSchema) },
  listCanvases: {
    tag: 'Content', summary: 'Page-builder documents; with slug, the content page of that slug.', access: 'public',
    query: CanvasListQuerySchema, response: PagedSchema(CanvasSchema),
  },
  getCanvas: { tag: 'Content', summary: 'One page-builder document.', access: 'public', params: idParams('Canvas id'), response: CanvasSchema },
  applyCoupon: {
    tag: 'Cart',
    summary: 'Apply a coupon to a price or a cart. After 10 codes that are not valid in 15 minutes (per user and per address) every code is refused for the rest of the window.',
    access: 'user', body: CouponApplyBodySchema, response: CouponApplyResponseSchema,
    errors: { 400: 'The coupon is not valid.', 429: 'Too many attempts (Retry-After, seconds)' },
  },
  removeCoupon: { tag: 'Cart', summary: 'Remove the coupon from a cart.', access: 'user', query: CouponRemoveQuerySchema, response: CartHeaderSchema },
  getPromotion: { tag: 'Content', summary: 'One promotion with its products and canvas.', access: 'public', params: idParams('Promotion id'), response: PromotionSchema },

  initCheckout: {
    tag: 'Checkout', summary: 'What checkout needs: addresses, payment methods, shipping policies, the cart.', access: 'user',
    body: CheckoutInitBodySchema, response: CheckoutInitResponseSchema, errors: { 404: "Cart not found (or not the customer's; without `cart`: no open cart yet), or shipping address not found" },
  },
  placeOrder: {
    tag: 'Checkout', summary: 'Place the order (one transaction; Idempotency-Key header makes retries safe). 201 with the order; 200 with the same order on a retried key.',
    access: 'user', body: CheckoutBodySchema, response: CheckoutResponseSchema,
    headerParams: { 'Idempotency-Key': 'Makes a retry safe: the same key with the same cart and choices answers the same order (200); 1-200 letters, digits or . _ : -' },
    errors: { 400: 'Missing field, or Invalid order (empty cart)', 409: 'quantity_not_available, or the Idempotency-Key was already used for a different order' },
  },

  listOrders: { tag: 'Orders', summary: "A customer's orders.", access: 'user', query: OrderListQuerySchema, response: PagedSchema(OrderSummarySchema) },
  listOrderRows: { tag: 'Orders', summary: 'Rows of an order.', access: 'user', query: OrderRowsQuerySchema, response: PagedSchema(OrderRowSchema) },
  getOrderDocument: {
    tag: 'Orders', summary: 'A document of an order as PDF (invoice, delivery_note, order_confirmation).', access: 'user',
    query: OrderDocQuerySchema, errors: { 404: 'The order does not exist, or has no document of this type' },
  },
  getOrder: { tag: 'Orders', summary: 'An order with addresses, totals, status history and documents.', access: 'user', params: idParams('Order id'), response: OrderDetailSchema },
} satisfies SchemasFor<typeof orderingRoutes>;
