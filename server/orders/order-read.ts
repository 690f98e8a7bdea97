// Reading orders: the customer's history (paged, sorted in SQL), one order with its history and
// documents, and its rows.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { OrderDetail, OrderDocument, OrderRow, OrderStatus, OrderSummary } from '../../src/lib/contract/orders';
import { translator } from '../../src/lib/i18n/i18n';
import { REVERSE_CHARGE_NOTE_KEY } from '../../src/lib/rules/vat-treatment';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { customers, orderDocuments, orderRows, orders, orderStatusHistory, products } from '../db/schema';
import { snapshotOut } from './address-book';

export type OrderRecord = typeof orders.$inferSelect;
type CustomerRecord = Pick<typeof customers.$inferSelect, 'id' | 'businessName' | 'firstName' | 'lastName'>;
export type OrderOrderField = 'create_date' | 'total' | 'number' | 'status';

export const DEFAULT_ORDER_ORDER: Ordering<OrderOrderField> = { field: 'create_date', direction: 'desc' };

const customerColumns = { id: customers.id, businessName: customers.businessName, firstName: customers.firstName, lastName: customers.lastName };

function toSummary(o: OrderRecord, c: CustomerRecord): OrderSummary {
  return {
    id: o.id,
    number: o.number,
    customer: { id: c.id, business_name: c.businessName, first_name: c.firstName, last_name: c.lastName },
    company_name: c.businessName || `${c.firstName} ${c.lastName}`.trim(),
    status: o.status,
    notes: o.notes,
    create_date: o.createdAt.toISOString(),
    subtotal: o.subtotal,
    discount: o.discount,
    shipping_total: o.shippingTotal,
    tax_total: o.taxTotal,
    total: o.total,
  };
}

export async function listOrders(
  db: Db,
  f: { customerId: number; status?: OrderStatus },
  page: { page: number; pageSize: number },
  ordering: Ordering<OrderOrderField> = DEFAULT_ORDER_ORDER,
): Promise<{ results: OrderSummary[]; count: number }> {
  const where = and(eq(orders.customerId, f.customerId), f.status ? eq(orders.status, f.status) : undefined);
  const column = { create_date: orders.createdAt, total: orders.total, number: orders.number, status: orders.status }[ordering.field];
  const dir = ordering.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, customer: customerColumns })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(dir(column), dir(orders.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { results: rows.map((r) => toSummary(r.order, r.customer)), count: total?.count ?? 0 };
}

export async function findOrder(db: Db, id: number): Promise<OrderRecord | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export const documentUrl = (orderId: number, type: string) => `orders/doc/?order_id=${orderId}&type=${type}`;

/** What the caller holds of an order it has just written: its answer does not read it back. */
export interface OrderKnown {
  customer: CustomerRecord | undefined;
  history: (typeof orderStatusHistory.$inferSelect)[];
  /** The documents the order's insert issued, read in its transaction. */
  documents?: (typeof orderDocuments.$inferSelect)[];
  rowsCount: number;
}

export async function orderDetail(db: Db, order: OrderRecord, locale: Locale, known?: OrderKnown): Promise<OrderDetail> {
  const [[customer], history, docs, [rows]] = await Promise.all([
    known?.customer ? [known.customer] : db.select(customerColumns).from(customers).where(eq(customers.id, order.customerId)),
    known
      ? known.history
      : db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    known?.documents ??
      prepared(db, 'order_documents', (db) =>
        db
          .select()
          .from(orderDocuments)
          .where(eq(orderDocuments.orderId, sql.placeholder('order')))
          .orderBy(asc(orderDocuments.id)),
      ).execute({ order: order.id }),
    known ? [{ count: known.rowsCount }] : db.select({ count: sql<number>`count(*)::int` }).from(orderRows).where(eq(orderRows.orderId, order.id)),
  ]);
  const documents: OrderDetail['documents'] = {};
  for (const d of docs) {
    const doc: OrderDocument = { id: d.id, type: d.type, number: d.number, issued_at: d.issuedAt.toISOString(), url: documentUrl(order.id, d.type) };
    documents[d.type] = doc;
  }
  return {
    ...toSummary(order, customer!),
    shop_context: order.shopContext,
    agent: order.agentId,
    user: order.userId,
    locale: order.locale,
    billing_address: snapshotOut(order.billingAddress),
    shipping_address: snapshotOut(order.shippingAddress),
    shipping_method: { id: order.shippingPolicyId, code: order.shippingMethod.code, name: pick(order.shippingMethod.name, locale) },
    payment_method: { id: order.paymentMethodId, code: order.paymentMethod.code, name: pick(order.paymentMethod.name, locale), terms: order.paymentMethod.terms ? pick(order.paymentMethod.terms, locale) : null },
    coupon_code: order.couponCode,
    promotion: order.promotionId,
    payment_fee: order.paymentFee,
    vat_treatment: order.vatTreatment,
    vat_note: vatNote(order, locale),
    tracking_url: order.trackingUrl,
    rows_count: rows?.count ?? 0,
    status_history: history.map((h) => ({ status: h.status, note: h.note, date: h.createdAt.toISOString() })),
    documents,
  };
}

/** The legal note a reverse-charged order carries (order, PDF, mail), in a locale; null for the shop's own VAT. */
export const vatNote = (order: Pick<OrderRecord, 'vatTreatment'>, locale: Locale): string | null =>
  order.vatTreatment === 'reverse_charge' ? translator(locale)(REVERSE_CHARGE_NOTE_KEY) : null;

export async function listOrderRows(db: Db, orderId: number, locale: Locale, page: { page: number; pageSize: number }): Promise<{ results: OrderRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: orderRows, slug: products.slug, published: products.isPublished })
      .from(orderRows)
      .leftJoin(products, eq(products.id, orderRows.productId))
      .where(eq(orderRows.orderId, orderId))
      .orderBy(asc(orderRows.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(orderRows).where(eq(orderRows.orderId, orderId)),
  ]);
  return {
    results: rows.map(({ row, slug, published }) => ({
      id: row.id,
      order: row.orderId,
      product: row.productId,
      variant: row.variantId,
      slug: published ? slug : null,
      code: row.code,
      name: pick(row.name, locale),
      qty: row.qty,
      unit_price: row.unitPrice,
      vat_rate: row.vatRate,
      total: row.total,
    })),
    count: total?.count ?? 0,
  };
}

/** Every row of an order (documents print them all). */
export async function allOrderRows(db: Db, orderId: number) {
  return db.select().from(orderRows).where(eq(orderRows.orderId, orderId)).orderBy(asc(orderRows.id));
}
