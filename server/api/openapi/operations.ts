// Every call of the API (spec section 7) with its request schemas from the contract.
import { CartRowBodySchema, CartRowPatchSchema, CartRowsQuerySchema, GetOrCreateBodySchema, GetOrCreateQuerySchema } from '../../../src/lib/contract/cart';
import { CheckoutBodySchema, CheckoutInitBodySchema } from '../../../src/lib/contract/checkout';
import { OrderDocQuerySchema, OrderListQuerySchema, OrderRowsQuerySchema } from '../../../src/lib/contract/orders';
import { CanvasListQuerySchema, CouponApplyBodySchema, CouponRemoveQuerySchema, PromotionListQuerySchema } from '../../../src/lib/contract/promotions';
import type { Operation } from './operation';

export const OPERATIONS: Operation[] = [
  // Catalogue


  // Cart, wishlist, coupons
  { method: 'post', path: 'carts/get-or-create/', tag: 'Cart', summary: "The customer's open cart for the context and season, created unless lazy.", access: 'user', query: GetOrCreateQuerySchema, body: GetOrCreateBodySchema, answers: 'CartHeader', errors: { 403: 'Not allowed to act for that customer' } },
  { method: 'get', path: 'carts/rows/', tag: 'Cart', summary: 'Rows of a cart with prices and available stock.', access: 'user', query: CartRowsQuerySchema, answers: 'Paged<CartRow>', paged: true },
  { method: 'post', path: 'carts/rows/', tag: 'Cart', summary: 'Add a product, or set its quantity when already there (0 or less removes it; for a product not there it changes nothing).', access: 'user', body: CartRowBodySchema, answers: '{row, removed, cart}', errors: { 400: 'negative_quantity | quantity_not_available' } },
  { method: 'patch', path: 'carts/row/{id}/', tag: 'Cart', summary: 'Set the quantity of a row (0 or less removes it).', access: 'user', pathParams: { id: 'Row id' }, body: CartRowPatchSchema, answers: '{row, removed, cart}', errors: { 400: 'negative_quantity | quantity_not_available' } },
  { method: 'delete', path: 'carts/row/{id}/', tag: 'Cart', summary: 'Remove a row.', access: 'user', pathParams: { id: 'Row id' }, answers: '{row, removed, cart}' },
  { method: 'post', path: 'promotions/coupons/apply/', tag: 'Cart', summary: 'Apply a coupon to a price or a cart. After 10 codes that are not valid in 15 minutes (per user and per address) every code is refused for the rest of the window.', access: 'user', body: CouponApplyBodySchema, answers: '{code, type, value, discount, final_price}', errors: { 400: 'The coupon is not valid.', 429: 'Too many attempts (Retry-After, seconds)' } },
  { method: 'delete', path: 'promotions/coupons/apply/', tag: 'Cart', summary: "Remove the coupon from a cart.", access: 'user', query: CouponRemoveQuerySchema, answers: 'CartHeader' },

  // Checkout and orders
  { method: 'post', path: 'checkout/init/', tag: 'Checkout', summary: 'What checkout needs: addresses, payment methods, shipping policies, the cart.', access: 'user', body: CheckoutInitBodySchema, answers: 'CheckoutInit' },
  { method: 'post', path: 'checkout/', tag: 'Checkout', summary: 'Place the order (one transaction; Idempotency-Key header makes retries safe).', access: 'user', body: CheckoutBodySchema, answers: '201 Order (200 with the same order on a retried key)', errors: { 400: 'Missing field, or Invalid order (empty cart)', 409: 'quantity_not_available, or the Idempotency-Key was already used for a different order' } },
  { method: 'get', path: 'orders/', tag: 'Orders', summary: "A customer's orders.", access: 'user', query: OrderListQuerySchema, answers: 'Paged<OrderSummary>', paged: true },
  { method: 'get', path: 'orders/rows/', tag: 'Orders', summary: 'Rows of an order.', access: 'user', query: OrderRowsQuerySchema, answers: 'Paged<OrderRow>', paged: true },
  { method: 'get', path: 'orders/doc/', tag: 'Orders', summary: 'A document of an order as PDF (invoice, delivery_note, order_confirmation).', access: 'user', query: OrderDocQuerySchema, answers: 'PDF', produces: 'application/pdf' },
  { method: 'get', path: 'orders/{id}/', tag: 'Orders', summary: 'An order with addresses, totals, status history and documents.', access: 'user', pathParams: { id: 'Order id' }, answers: 'OrderDetail' },

  // Content
  { method: 'get', path: 'promotions/', tag: 'Content', summary: 'Promotions running now for the context.', access: 'public', query: PromotionListQuerySchema, answers: 'Paged<Promotion>', paged: true },
  { method: 'get', path: 'promotions/all/', tag: 'Content', summary: 'All promotions.', access: 'public', query: PromotionListQuerySchema, answers: 'Paged<Promotion>', paged: true },
  { method: 'get', path: 'promotions/canvasses/', tag: 'Content', summary: 'Page-builder documents; with slug, the content page of that slug.', access: 'public', query: CanvasListQuerySchema, answers: 'Paged<Canvas>', paged: true },
  { method: 'get', path: 'promotions/canvasses/{id}/', tag: 'Content', summary: 'One page-builder document.', access: 'public', pathParams: { id: 'Canvas id' }, answers: 'Canvas' },
  { method: 'get', path: 'promotions/{id}/', tag: 'Content', summary: 'One promotion with its products and canvas.', access: 'public', pathParams: { id: 'Promotion id' }, answers: 'Promotion' },
];
