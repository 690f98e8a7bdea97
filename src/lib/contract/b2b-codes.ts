// Codes and limits of the B2B ordering calls (issue 16: quick order, saved lists, previously
// bought, bulk adds), valibot-free so that islands may import the values.

/** Lines one quick-order validation, bulk add or list add takes at most. */
export const MAX_BULK_LINES = 500;
/** Autocomplete answers at most this many products and variants. */
export const QUICK_ORDER_SEARCH_LIMIT = 10;
/** Shortest search text the autocomplete answers (shorter: no results). */
export const QUICK_ORDER_SEARCH_MIN = 2;
/** A saved list's name. */
export const MAX_SAVED_LIST_NAME = 120;

/**
 * What validation says of one quick-order line:
 * - ok: the code names an orderable product (or variant) and the quantity fits;
 * - unknown_code: no product or variant has this code;
 * - not_orderable: not published, or out of stock and not backorderable;
 * - choose_variant: the code names a product sold only by its variants;
 * - over_stock: more than can be ordered now (`max_qty` says how many can);
 * - invalid_qty: not a whole number from 1 to MAX_CART_QTY;
 * - merged: the same code as an earlier line, whose quantity now includes this one's (`merged_into`).
 */
export const QUICK_ORDER_LINE_STATUSES = ['ok', 'unknown_code', 'not_orderable', 'choose_variant', 'over_stock', 'invalid_qty', 'merged'] as const;
export type QuickOrderLineStatus = (typeof QUICK_ORDER_LINE_STATUSES)[number];

/** What a bulk add did with one line: all of it, part of it (up to what the stock allows), nothing. */
export const BULK_ADD_STATUSES = ['added', 'partly_added', 'refused'] as const;
export type BulkAddStatus = (typeof BULK_ADD_STATUSES)[number];

/**
 * Why a bulk add refused a line (or added only part of it):
 * - not_found: no such product or variant (or the variant is not the product's);
 * - not_orderable: not published;
 * - choose_variant: a product sold only by its variants, named without one;
 * - quantity_not_available: the stock (less what other carts hold) does not allow more;
 * - row_limit: the row would exceed MAX_CART_QTY units.
 */
export const BULK_ADD_REASONS = ['not_found', 'not_orderable', 'choose_variant', 'quantity_not_available', 'row_limit'] as const;
export type BulkAddReason = (typeof BULK_ADD_REASONS)[number];

/** What adding lines to a saved list did with one line. */
export const LIST_ADD_STATUSES = ['added', 'updated', 'refused'] as const;
export type ListAddStatus = (typeof LIST_ADD_STATUSES)[number];

/** `order_by` fields of purchased/ ("field-direction"; default last_ordered-desc). */
export const PURCHASED_ORDER_FIELDS = ['last_ordered', 'name', 'code', 'qty', 'times_ordered'] as const;
export type PurchasedOrderField = (typeof PURCHASED_ORDER_FIELDS)[number];

/** `order_by` of users/customers/: recently served first (default), or by name. */
export const AGENT_CUSTOMER_ORDERS = ['recent', 'name'] as const;
export type AgentCustomerOrder = (typeof AGENT_CUSTOMER_ORDERS)[number];
