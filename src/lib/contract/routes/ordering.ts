// Routes of the ordering calls (carts, wishlists, promotions, checkout, orders). See ../operation.ts.
import type { RouteTable } from '../operation';

export const orderingRoutes = {
  getOrCreateWishlist: { method: 'post', path: 'wishlists/get-or-create/', status: 200 },
  listWishlistRows: { method: 'get', path: 'wishlists/rows/', status: 200 },
  addWishlistRow: { method: 'post', path: 'wishlists/rows/', status: 201 },
  updateWishlistRow: { method: 'patch', path: 'wishlists/row/{id}/', status: 200 },
  deleteWishlistRow: { method: 'delete', path: 'wishlists/row/{id}/', status: 204 },
} as const satisfies RouteTable;
