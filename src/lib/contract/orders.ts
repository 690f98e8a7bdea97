// orders/ (spec section 7): order history, one order, its rows and its documents.
import * as v from 'valibot';
import { AddressSnapshotOutSchema } from './addresses';
import { ContextQuerySchema, PageQuerySchema, SHOP_CONTEXTS } from './common';
import { LOCALES } from './locales';
import { ORDER_DOCUMENT_TYPES, ORDER_STATUSES } from './constants';
import { VAT_TREATMENTS } from '../rules/vat-treatment';

export { ORDER_DOCUMENT_TYPES, ORDER_STATUSES, type OrderDocumentType, type OrderStatus } from './constants';
export const ORDER_ORDER_FIELDS = ['create_date', 'total', 'number', 'status'] as const;

const idString = (field: string) => v.pipe(v.string(`Give the ${field} id.`), v.regex(/^\d{1,9}$/, `Invalid ${field} id.`), v.transform(Number));

/** GET orders/?customer=&status=&order_by= (default create_date-desc) */
export const OrderListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  customer: v.optional(idString('customer')),
  status: v.optional(v.picklist(ORDER_STATUSES, 'Unknown order status.')),
});

/** GET orders/rows/?order=<id> */
export const OrderRowsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order: idString('order'),
});

/** GET orders/doc/?order_id=&type= (answers application/pdf) */
export const OrderDocQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  order_id: idString('order'),
  type: v.picklist(ORDER_DOCUMENT_TYPES, 'Type must be invoice, delivery_note or order_confirmation.'),
});

const OrderStatusSchema = v.picklist(ORDER_STATUSES);

export const OrderSummarySchema = v.object({
  id: v.number(),
  number: v.string(),
  customer: v.object({ id: v.number(), business_name: v.nullable(v.string()), first_name: v.string(), last_name: v.string() }),
  /** The history's "company name" column: business name, else the person. */
  company_name: v.string(),
  status: OrderStatusSchema,
  notes: v.string(),
  create_date: v.string(),
  subtotal: v.number(),
  discount: v.number(),
  shipping_total: v.number(),
  tax_total: v.number(),
  total: v.number(),
});
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>;

export const OrderDocumentSchema = v.object({
  id: v.number(),
  type: v.picklist(ORDER_DOCUMENT_TYPES),
  number: v.string(),
  issued_at: v.string(),
  /** Path of orders/doc/ under the API base. */
  url: v.string(),
});
export type OrderDocument = v.InferOutput<typeof OrderDocumentSchema>;

const OrderChoiceSchema = v.object({ id: v.nullable(v.number()), code: v.string(), name: v.string() });
/** The payment method chosen, with the contract terms in the request locale for "as per contract" (else null). */
const OrderPaymentSchema = v.object({ ...OrderChoiceSchema.entries, terms: v.nullable(v.string()) });

export const OrderDetailSchema = v.object({
  ...OrderSummarySchema.entries,
  shop_context: v.picklist(SHOP_CONTEXTS),
  agent: v.nullable(v.number()),
  user: v.nullable(v.number()),
  locale: v.picklist(LOCALES),
  billing_address: AddressSnapshotOutSchema,
  shipping_address: AddressSnapshotOutSchema,
  shipping_method: OrderChoiceSchema,
  payment_method: OrderPaymentSchema,
  coupon_code: v.nullable(v.string()),
  promotion: v.nullable(v.number()),
  /** The payment method's fee (net), part of the total (e.g. cash on delivery). */
  payment_fee: v.number(),
  /** How VAT was charged (ADR 0024): reverse charge for an EU business abroad. */
  vat_treatment: v.picklist(VAT_TREATMENTS),
  /** The legal note of a reverse-charged order, in the request locale; null otherwise. */
  vat_note: v.nullable(v.string()),
  tracking_url: v.nullable(v.string()),
  rows_count: v.number(),
  status_history: v.array(v.object({ status: OrderStatusSchema, note: v.nullable(v.string()), date: v.string() })),
  /** By type; a type the order has no document of is absent. */
  documents: v.object({
    invoice: v.optional(OrderDocumentSchema),
    delivery_note: v.optional(OrderDocumentSchema),
    order_confirmation: v.optional(OrderDocumentSchema),
  }),
});
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>;

export const OrderRowSchema = v.object({
  id: v.number(),
  order: v.number(),
  product: v.nullable(v.number()),
  variant: v.nullable(v.number()),
  /** For links and reorder; null when the product no longer exists or is hidden. */
  slug: v.nullable(v.string()),
  code: v.string(),
  name: v.string(),
  qty: v.number(),
  unit_price: v.number(),
  vat_rate: v.number(),
  total: v.number(),
});
export type OrderRow = v.InferOutput<typeof OrderRowSchema>;
