// Quick order, bulk adds, saved lists and previously bought (issue 16): what the API validates
// and answers. The storefront imports the types only; codes and limits are in ./b2b-codes.ts.
import * as v from 'valibot';
import {
  BULK_ADD_REASONS, BULK_ADD_STATUSES, LIST_ADD_STATUSES, MAX_BULK_LINES, MAX_SAVED_LIST_NAME, QUICK_ORDER_LINE_STATUSES,
} from './b2b-codes';
import { BodyIdSchema, CartHeaderSchema, MAX_CART_QTY } from './cart';
import { ContextQuerySchema, IdSchema, PageQuerySchema } from './common';
import { ImageSchema, StockStateSchema } from './products';

const Search = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search text is too long.')));
const OptionalBodyId = (field: string) => v.optional(v.nullable(BodyIdSchema(field)));

/** A quantity to add: a whole number from 1 to MAX_CART_QTY. */
const AddQtySchema = v.pipe(
  v.number('qty must be a number.'),
  v.integer('qty must be a whole number.'),
  v.minValue(1, 'qty must be at least 1.'),
  v.maxValue(MAX_CART_QTY, `qty must be at most ${MAX_CART_QTY}.`),
);

const lines = <S extends v.GenericSchema>(item: S) =>
  v.pipe(v.array(item, 'lines must be a list.'), v.minLength(1, 'Give at least one line.'), v.maxLength(MAX_BULK_LINES, `At most ${MAX_BULK_LINES} lines at once.`));

/** Who the call acts for: agents name the customer; a customer's user may leave it out. */
const ForCustomerQuery = {
  customer: v.optional(IdSchema),
  /** Prices of this season (when seasons are in use). */
  season: v.optional(IdSchema),
};

/**
 * A product or variant as the B2B calls show it: what the customer pays now and whether it can be
 * ordered. `quantity` is the stock less what other carts hold (as on cart rows).
 */
export const OrderableItemSchema = v.object({
  product: v.number(),
  variant: v.nullable(v.number()),
  /** The variant's code for a variant, else the product's. */
  code: v.string(),
  /** The product's name in the request's locale. */
  name: v.string(),
  variant_name: v.nullable(v.string()),
  slug: v.string(),
  unit: v.string(),
  image: v.nullable(ImageSchema),
  /** Per unit for this customer (and season), VAT excluded. */
  price: v.number(),
  vat_rate: v.number(),
  quantity: v.number(),
  is_backorderable: v.boolean(),
  stock_state: StockStateSchema,
  is_published: v.boolean(),
  /** Published, not a product sold only by its variants, and in stock or backorderable. */
  orderable: v.boolean(),
  /** The most one cart row may hold now; null when there is no limit (backorderable). */
  max_qty: v.nullable(v.number()),
});
export type OrderableItem = v.InferOutput<typeof OrderableItemSchema>;

// --- quick order -------------------------------------------------------------------------------

/** One typed or pasted line: `line` is its number in the form or the pasted text (from 1). */
export const QuickOrderLineSchema = v.strictObject({
  line: v.pipe(v.number('line must be a number.'), v.integer('line must be a whole number.'), v.minValue(1, 'line must be positive.'), v.maxValue(1_000_000, 'line is too large.')),
  code: v.pipe(v.string('code must be a text.'), v.trim(), v.minLength(1, 'code is empty.'), v.maxLength(160, 'code is too long.')),
  /** As typed; anything but a whole number from 1 to MAX_CART_QTY (null included) answers invalid_qty on that line. */
  qty: v.nullable(v.number('qty must be a number or null.')),
});

/** POST quick-order/validate/. */
export const QuickOrderValidateBodySchema = v.strictObject({
  customer: OptionalBodyId('customer'),
  season: OptionalBodyId('season'),
  lines: lines(QuickOrderLineSchema),
});
export type QuickOrderValidateBody = v.InferOutput<typeof QuickOrderValidateBodySchema>;

export const QuickOrderLineResultSchema = v.object({
  line: v.number(),
  code: v.string(),
  /** The quantity asked for (for the first of merged lines: the sum); null when not a valid quantity. */
  qty: v.nullable(v.number()),
  status: v.picklist(QUICK_ORDER_LINE_STATUSES),
  /** English text of the status for logs; the storefront words it by `status`. */
  message: v.string(),
  /** With over_stock (and ok, when limited): the most that can be ordered now. */
  max_qty: v.nullable(v.number()),
  /** With merged: the line this one was added to. */
  merged_into: v.nullable(v.number()),
  /** The product or variant the code names (null for unknown_code and invalid lines without one). */
  item: v.nullable(OrderableItemSchema),
});
export type QuickOrderLineResult = v.InferOutput<typeof QuickOrderLineResultSchema>;

/** The answer: one result per line sent, in the order sent. */
export const QuickOrderValidationSchema = v.object({
  lines: v.array(QuickOrderLineResultSchema),
  /** Lines with status ok. */
  valid_count: v.number(),
});
export type QuickOrderValidation = v.InferOutput<typeof QuickOrderValidationSchema>;

/** GET quick-order/search/: products and variants whose code starts with, or whose name holds, `q`. */
export const QuickOrderSearchQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...ForCustomerQuery,
  q: v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text is too long.')),
});

export const QuickOrderSearchAnswerSchema = v.object({ results: v.array(OrderableItemSchema) });
export type QuickOrderSearchAnswer = v.InferOutput<typeof QuickOrderSearchAnswerSchema>;

// --- bulk add to a cart ------------------------------------------------------------------------

export const BulkLineSchema = v.strictObject({
  product: BodyIdSchema('product'),
  variant: OptionalBodyId('variant'),
  qty: AddQtySchema,
});
export type BulkLine = v.InferOutput<typeof BulkLineSchema>;

/** POST carts/rows/bulk/: adds each line's quantity to what the cart holds, in one transaction. */
export const CartBulkAddBodySchema = v.strictObject({
  cart: BodyIdSchema('cart'),
  lines: lines(BulkLineSchema),
});

export const BulkAddLineResultSchema = v.object({
  /** Position of the line in the request, from 1. */
  line: v.number(),
  product: v.number(),
  variant: v.nullable(v.number()),
  requested: v.number(),
  /** Units added by this line (0 when refused). */
  added: v.number(),
  /** Units the cart row holds after this line. */
  row_qty: v.number(),
  status: v.picklist(BULK_ADD_STATUSES),
  /** Why it was refused or only partly added; null when all was added. */
  reason: v.nullable(v.picklist(BULK_ADD_REASONS)),
  /** With quantity_not_available: the most the row may hold; null without limit. */
  max_qty: v.nullable(v.number()),
});
export type BulkAddLineResult = v.InferOutput<typeof BulkAddLineResultSchema>;

export const CartBulkAddAnswerSchema = v.object({
  lines: v.array(BulkAddLineResultSchema),
  /** Lines added in full or in part. */
  added_count: v.number(),
  refused_count: v.number(),
  cart: CartHeaderSchema,
});
export type CartBulkAddAnswer = v.InferOutput<typeof CartBulkAddAnswerSchema>;

// --- saved lists -------------------------------------------------------------------------------

const ListName = v.pipe(
  v.string('name must be a text.'),
  v.trim(),
  v.minLength(1, 'name is empty.'),
  v.maxLength(MAX_SAVED_LIST_NAME, `name must be at most ${MAX_SAVED_LIST_NAME} characters.`),
);

export const SavedListSchema = v.object({
  id: v.number(),
  customer: v.number(),
  name: v.string(),
  rows_count: v.number(),
  total_quantity: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type SavedList = v.InferOutput<typeof SavedListSchema>;

/** GET saved-lists/: the customer's lists, last changed first. */
export const SavedListsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  customer: v.optional(IdSchema),
  search: Search,
});

/** POST saved-lists/. */
export const SavedListCreateBodySchema = v.strictObject({ customer: OptionalBodyId('customer'), name: ListName });
/** PATCH saved-lists/{id}/. */
export const SavedListRenameBodySchema = v.strictObject({ name: ListName });
/** POST saved-lists/from-cart/: a new list holding the cart's rows. */
export const SavedListFromCartBodySchema = v.strictObject({ cart: BodyIdSchema('cart'), name: ListName });

/** GET saved-lists/{id}/rows/ (by the time they were added). */
export const SavedListRowsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  season: v.optional(IdSchema),
});

export const SavedListRowSchema = v.object({
  id: v.number(),
  list: v.number(),
  product: v.number(),
  variant: v.nullable(v.number()),
  qty: v.number(),
  created_at: v.string(),
  item: OrderableItemSchema,
});
export type SavedListRow = v.InferOutput<typeof SavedListRowSchema>;

/** POST saved-lists/{id}/rows/: a product (and variant) already in the list gets the quantity added. */
export const SavedListRowBodySchema = BulkLineSchema;
/** PATCH saved-lists/row/{id}/. */
export const SavedListRowPatchSchema = v.strictObject({ qty: AddQtySchema });

/** POST saved-lists/{id}/rows/bulk/ (from quick order). */
export const SavedListBulkBodySchema = v.strictObject({ lines: lines(BulkLineSchema) });

export const ListAddLineResultSchema = v.object({
  line: v.number(),
  product: v.number(),
  variant: v.nullable(v.number()),
  status: v.picklist(LIST_ADD_STATUSES),
  /** With refused: not_found, choose_variant or row_limit. */
  reason: v.nullable(v.picklist(BULK_ADD_REASONS)),
  /** The row's quantity now (0 when refused). */
  row_qty: v.number(),
});

export const SavedListBulkAnswerSchema = v.object({ lines: v.array(ListAddLineResultSchema), list: SavedListSchema });
export type SavedListBulkAnswer = v.InferOutput<typeof SavedListBulkAnswerSchema>;

/** POST saved-lists/{id}/to-cart/: every row added to the cart (as carts/rows/bulk/). */
export const SavedListToCartBodySchema = v.strictObject({ cart: BodyIdSchema('cart') });

// --- previously bought -------------------------------------------------------------------------

/** GET purchased/: `order_by` is one of PURCHASED_ORDER_FIELDS with -asc or -desc. */
export const PurchasedQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  ...ForCustomerQuery,
  search: Search,
  order_by: v.optional(v.string()),
});

export const PurchasedItemSchema = v.object({
  ...OrderableItemSchema.entries,
  /** When the customer last ordered it (ISO 8601). */
  last_ordered_at: v.string(),
  /** Units of that last order. */
  last_qty: v.number(),
  /** Orders that held it. */
  times_ordered: v.number(),
  /** Units ordered in all. */
  total_qty: v.number(),
});
export type PurchasedItem = v.InferOutput<typeof PurchasedItemSchema>;
