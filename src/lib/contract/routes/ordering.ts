// Routes of the ordering calls (carts, wishlists, promotions, checkout, orders). See ../operation.ts.
import type { RouteTable } from '../operation';

export const orderingRoutes = {
  getOrCreateWishlist: { method: 'post', path: 'wishlists/get-or-create/', status: 200 },
  listWishlistRows: { method: 'get', path: 'wishlists/rows/', status: 200 },
  addWishlistRow: { method: 'post', path: 'wishlists/rows/', status: 201 },
  updateWishlistRow: { method: 'patch', path: 'wishlists/row/{id}/', status: 200 },
  deleteWishlistRow: { method: 'delete', path: 'wishlists/row/{id}/', status: 204 },

  getOrCreateCart: { method: 'post', path: 'carts/get-or-create/', status: 200 },
  listCartRows: { method: 'get', path: 'carts/rows/', status: 200 },
  // 201 when the row was added; 200 when an existing row's quantity was set or it was removed.
  setCartRow: { method: 'post', path: 'carts/rows/', status: 201 },
  updateCartRow: { method: 'patch', path: 'carts/row/{id}/', status: 200 },
  deleteCartRow: { method: 'delete', path: 'carts/row/{id}/', status: 200 },

  // Static paths before promotions/{id}/, which would take them otherwise.
  listActivePromotions: { method: 'get', path: 'promotions/', status: 200 },
  listAllPromotions: { method: 'get', path: 'promotions/all/', status: 200 },
  listCanvases: { method: 'get', path: 'promotions/canvasses/', status: 200 },
  getCanvas: { method: 'get', path: 'promotions/canvasses/{id}/', status: 200 },
  applyCoupon: { method: 'post', path: 'promotions/coupons/apply/', status: 200 },
  removeCoupon: { method: 'delete', path: 'promotions/coupons/apply/', status: 200 },
  getPromotion: { method: 'get', path: 'promotions/{id}/', status: 200 },

  initCheckout: { method: 'post', path: 'checkout/init/', status: 200 },
  // 201 when the order was placed; 200 with the same order for a retry with the same Idempotency-Key.
  placeOrder: { method: 'post', path: 'checkout/', status: 201 },

  listOrders: { method: 'get', path: 'orders/', status: 200 },
  listOrderRows: { method: 'get', path: 'orders/rows/', status: 200 },
  getOrderDocument: { method: 'get', path: 'orders/doc/', status: 200, produces: 'application/pdf' },
  getOrder: { method: 'get', path: 'orders/{id}/', status: 200 },
} as const satisfies RouteTable;
