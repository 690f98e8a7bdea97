// orders/ (spec section 7): order history, one order, its rows and its documents.
import * as v from 'valibot';
import type { AddressSnapshotOut } from './addresses';
import { ContextQuerySchema, PageQuerySchema } from './common';
import type { Locale } from './locales';

import { ORDER_DOCUMENT_TYPES, ORDER_STATUSES, type OrderDocumentType, type OrderStatus } from './constants';

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

export interface OrderSummary {
  id: number;
  number: string;
  customer: { id: number; business_name: string | null; first_name: string; last_name: string };
  /** The history's "company name" column: business name, else the person. */
  company_name: string;
  status: OrderStatus;
  notes: string;
  create_date: string;
  subtotal: number;
  discount: number;
  shipping_total: number;
  tax_total: number;
  total: number;
}

export interface OrderDocument {
  id: number;
  type: OrderDocumentType;
  number: string;
  issued_at: string;
  /** Path of orders/doc/ under the API base. */
  url: string;
}

export interface OrderDetail extends OrderSummary {
  shop_context: 'b2b' | 'b2c';
  agent: number | null;
  user: number | null;
  locale: Locale;
  billing_address: AddressSnapshotOut;
  shipping_address: AddressSnapshotOut;
  shipping_method: { id: number | null; code: string; name: string };
  payment_method: { id: number | null; code: string; name: string };
  coupon_code: string | null;
  promotion: number | null;
  tracking_url: string | null;
  rows_count: number;
  status_history: { status: OrderStatus; note: string | null; date: string }[];
  /** By type; a type the order has no document of is absent. */
  documents: Partial<Record<OrderDocumentType, OrderDocument>>;
}

export interface OrderRow {
  id: number;
  order: number;
  product: number | null;
  variant: number | null;
  /** For links and reorder; null when the product no longer exists or is hidden. */
  slug: string | null;
  code: string;
  name: string;
  qty: number;
  unit_price: number;
  vat_rate: number;
  total: number;
}
