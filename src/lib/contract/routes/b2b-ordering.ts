// Routes of the B2B ordering calls (issue 16): quick order, bulk adds to a cart, saved lists,
// previously bought. See ../operation.ts. Static segments before `{id}` ones.
import type { RouteTable } from '../operation';

export const b2bOrderingRoutes = {
  validateQuickOrder: { method: 'post', path: 'quick-order/validate/', status: 200 },
  searchQuickOrder: { method: 'get', path: 'quick-order/search/', status: 200 },

  addCartRowsBulk: { method: 'post', path: 'carts/rows/bulk/', status: 200 },

  listSavedLists: { method: 'get', path: 'saved-lists/', status: 200 },
  createSavedList: { method: 'post', path: 'saved-lists/', status: 201 },
  createSavedListFromCart: { method: 'post', path: 'saved-lists/from-cart/', status: 201 },
  updateSavedListRow: { method: 'patch', path: 'saved-lists/row/{id}/', status: 200 },
  deleteSavedListRow: { method: 'delete', path: 'saved-lists/row/{id}/', status: 204 },
  getSavedList: { method: 'get', path: 'saved-lists/{id}/', status: 200 },
  renameSavedList: { method: 'patch', path: 'saved-lists/{id}/', status: 200 },
  deleteSavedList: { method: 'delete', path: 'saved-lists/{id}/', status: 204 },
  listSavedListRows: { method: 'get', path: 'saved-lists/{id}/rows/', status: 200 },
  // 201 when the row was added; 200 when the product was there and its quantity grew.
  addSavedListRow: { method: 'post', path: 'saved-lists/{id}/rows/', status: 201 },
  addSavedListRowsBulk: { method: 'post', path: 'saved-lists/{id}/rows/bulk/', status: 200 },
  addSavedListToCart: { method: 'post', path: 'saved-lists/{id}/to-cart/', status: 200 },

  listPurchasedProducts: { method: 'get', path: 'purchased/', status: 200 },
} as const satisfies RouteTable;
