// Schemas and documentation of the B2B ordering calls (../routes/b2b-ordering.ts). Every call is
// for business customers: a customer's own users, or an agent assigned to it naming it
// (`customer`); a consumer gets 403 TradeCustomersOnly, a list or cart of a customer the caller
// may not act for 404, a `customer` it may not act for 403 (as carts/ and wishlists/ do).
import * as v from 'valibot';
import {
  CartBulkAddAnswerSchema, CartBulkAddBodySchema, PurchasedItemSchema, PurchasedQuerySchema, QuickOrderSearchAnswerSchema, QuickOrderSearchQuerySchema,
  QuickOrderValidateBodySchema, QuickOrderValidationSchema, SavedListBulkAnswerSchema, SavedListBulkBodySchema, SavedListCreateBodySchema,
  SavedListFromCartBodySchema, SavedListRenameBodySchema, SavedListRowBodySchema, SavedListRowPatchSchema, SavedListRowSchema, SavedListRowsQuerySchema,
  SavedListSchema, SavedListsQuerySchema, SavedListToCartBodySchema,
} from '../b2b-ordering';
import { IdSchema, PagedSchema } from '../common';
import type { SchemasFor } from '../operation';
import type { b2bOrderingRoutes } from '../routes/b2b-ordering';

const ListIdParams = v.object({ id: v.pipe(IdSchema, v.description('Saved list id')) });
const RowIdParams = v.object({ id: v.pipe(IdSchema, v.description('Saved list row id')) });

const TRADE_ONLY = 'TradeCustomersOnly: the caller (or the customer named) is a consumer';
const ForCustomer = { 403: `Not allowed to act for that customer, or ${TRADE_ONLY}` };
const ListErrors = { 403: TRADE_ONLY, 404: 'No such list, or a list of a customer the caller may not act for' };
const NameErrors = { 409: 'SavedListNameTaken: the customer has a list with this name' };

export const b2bOrderingOperations = {
  validateQuickOrder: {
    tag: 'Quick order',
    summary: 'Check up to 500 lines of code and quantity at once against the catalogue (product and variant codes) and the stock: one result per line (ok, unknown_code, not_orderable, choose_variant, over_stock with max_qty, invalid_qty, merged into the first line of the same code) with the product at the customer\'s price. Changes nothing.',
    access: 'user', body: QuickOrderValidateBodySchema, response: QuickOrderValidationSchema, errors: ForCustomer,
  },
  searchQuickOrder: {
    tag: 'Quick order',
    summary: 'Autocomplete: up to 10 published products and variants whose code starts with `q` or whose name (in the locale) holds it, exact codes first, at the customer\'s prices. Fewer than 2 characters answer no results.',
    access: 'user', query: QuickOrderSearchQuerySchema, response: QuickOrderSearchAnswerSchema, errors: ForCustomer,
  },

  addCartRowsBulk: {
    tag: 'Cart',
    summary: 'Add up to 500 lines (product, variant, qty) to a cart in one transaction: each line adds its quantity to the row, within the stock rules (spec section 5; lines over the stock are added up to what it allows). Answers per line (added, partly_added, refused with a reason) and the cart.',
    access: 'user', body: CartBulkAddBodySchema, response: CartBulkAddAnswerSchema, errors: { 403: TRADE_ONLY, 404: "Cart not found (or not the caller's to see)" },
  },

  listSavedLists: {
    tag: 'Saved lists', summary: "The customer's saved lists (requisition lists), last changed first; search on the name.", access: 'user',
    query: SavedListsQuerySchema, response: PagedSchema(SavedListSchema), errors: ForCustomer,
  },
  createSavedList: {
    tag: 'Saved lists', summary: 'Create an empty list.', access: 'user', body: SavedListCreateBodySchema, response: SavedListSchema,
    errors: { ...ForCustomer, ...NameErrors },
  },
  createSavedListFromCart: {
    tag: 'Saved lists', summary: "Save a cart as a new list of its customer (the cart's rows and quantities; the cart is unchanged).", access: 'user',
    body: SavedListFromCartBodySchema, response: SavedListSchema, errors: { 403: TRADE_ONLY, 404: "Cart not found (or not the caller's to see)", ...NameErrors },
  },
  updateSavedListRow: {
    tag: 'Saved lists', summary: "Set a row's quantity.", access: 'user', params: RowIdParams, body: SavedListRowPatchSchema, response: SavedListRowSchema, errors: ListErrors,
  },
  deleteSavedListRow: { tag: 'Saved lists', summary: 'Remove a row.', access: 'user', params: RowIdParams, errors: ListErrors },
  getSavedList: { tag: 'Saved lists', summary: 'One list.', access: 'user', params: ListIdParams, response: SavedListSchema, errors: ListErrors },
  renameSavedList: {
    tag: 'Saved lists', summary: 'Rename a list.', access: 'user', params: ListIdParams, body: SavedListRenameBodySchema, response: SavedListSchema,
    errors: { ...ListErrors, ...NameErrors },
  },
  deleteSavedList: { tag: 'Saved lists', summary: 'Delete a list and its rows.', access: 'user', params: ListIdParams, errors: ListErrors },
  listSavedListRows: {
    tag: 'Saved lists', summary: "Rows of a list, in the order they were added, with each product's current price for the list's customer and its stock.", access: 'user',
    params: ListIdParams, query: SavedListRowsQuerySchema, response: PagedSchema(SavedListRowSchema), errors: ListErrors,
  },
  addSavedListRow: {
    tag: 'Saved lists', summary: 'Add a product (201); one already in the list gets the quantity added (200).', access: 'user',
    params: ListIdParams, body: SavedListRowBodySchema, response: SavedListRowSchema,
    errors: { ...ListErrors, 400: 'ProductNotFound, or choose_variant (a product sold by its variants named without one)' },
  },
  addSavedListRowsBulk: {
    tag: 'Saved lists', summary: 'Add up to 500 lines to a list in one transaction (quantities of products already there are added); answers per line.', access: 'user',
    params: ListIdParams, body: SavedListBulkBodySchema, response: SavedListBulkAnswerSchema, errors: ListErrors,
  },
  addSavedListToCart: {
    tag: 'Saved lists', summary: "Add every row of the list to a cart of the same customer, as carts/rows/bulk/ does (one transaction, stock rules, per-line results). The list is unchanged.",
    access: 'user', params: ListIdParams, body: SavedListToCartBodySchema, response: CartBulkAddAnswerSchema,
    errors: { ...ListErrors, 404: "No such list or cart (or not the caller's to see)", 400: 'The cart belongs to another customer than the list' },
  },

  listPurchasedProducts: {
    tag: 'Quick order',
    summary: "Every product and variant the customer has ordered (previously bought): last order date and quantity, times ordered, the customer's current price and availability; search on code and name; order_by last_ordered (default, -desc), name, code, qty, times_ordered.",
    access: 'user', query: PurchasedQuerySchema, response: PagedSchema(PurchasedItemSchema), errors: ForCustomer,
  },
} satisfies SchemasFor<typeof b2bOrderingRoutes>;
