// The order as it goes out to the owner's systems: the body of the order webhook and each object
// of the JSON export (ADR 0029, docs/orders-out.md). A published format: fields are only ever
// added within a version; renaming or removing one makes version 2.
// Loaded in pages: one query for the orders with their customers, one for all their rows, one
// for the people who placed them, whatever the page size.
import { and, asc, eq, gt, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, orderRows, orders, users, type AddressSnapshot, type L10nJson, type OrderStatus } from '../db/schema';

export const ERP_ORDER_VERSION = 1;

/** Amounts are decimal strings with two decimals ("1234.50"), in euro, so no reader meets a binary float. */
export type Amount = string;

export interface ErpAddress {
  name: string;
  company: string | null;
  street: string;
  postal_code: string;
  city: string;
  province: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
  email: string | null;
  vat_number: string | null;
}

export interface ErpOrderRow {
  /** 1, 2, 3 ... in the order the rows were written. */
  line: number;
  product_id: number | null;
  variant_id: number | null;
  /** The product code at the time of the order. */
  code: string;
  /** Per locale, as on the order (later renames do not change it); `it` is always there. */
  name: L10nJson;
  qty: number;
  unit_price: Amount;
  /** The VAT rate charged, in percent ("22.00"); "0.00" under reverse charge. */
  vat_rate: Amount;
  total: Amount;
}

export interface ErpPerson {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

export interface ErpOrder {
  id: number;
  number: string;
  status: OrderStatus;
  created_at: string;
  /** The language the customer ordered in. */
  locale: string;
  shop_context: 'b2b' | 'b2c';
  customer: {
    id: number;
    code: string;
    kind: 'b2b' | 'b2c';
    business_name: string | null;
    first_name: string;
    last_name: string;
    vat_number: string | null;
    tax_code: string | null;
    email: string;
    phone: string | null;
    sdi_code: string | null;
    pec: string | null;
  };
  /** The user who placed it, and the sales agent when an agent placed it for the customer. */
  placed_by: { user: ErpPerson | null; agent: ErpPerson | null };
  billing_address: ErpAddress;
  shipping_address: ErpAddress;
  shipping_method: { id: number | null; code: string; name: L10nJson };
  /** `terms`: the customer's agreed terms when the method is "as per contract". */
  payment_method: { id: number | null; code: string; name: L10nJson; terms: L10nJson | null };
  coupon_code: string | null;
  promotion_id: number | null;
  /** "reverse_charge": an EU business abroad accounts for the VAT itself (ADR 0024). */
  vat_treatment: 'standard' | 'reverse_charge';
  currency: 'EUR';
  totals: { subtotal: Amount; discount: Amount; shipping: Amount; payment_fee: Amount; tax: Amount; total: Amount };
  notes: string;
  rows: ErpOrderRow[];
}

export const amount = (value: number): Amount => value.toFixed(2);

const addressOut = (a: AddressSnapshot): ErpAddress => ({
  name: a.name,
  company: a.company,
  street: a.street,
  postal_code: a.postalCode,
  city: a.city,
  province: a.province,
  country: a.country,
  phone: a.phone,
  email: a.email,
  vat_number: a.vatNumber,
});

const customerColumns = {
  id: customers.id, code: customers.code, kind: customers.kind, businessName: customers.businessName, firstName: customers.firstName,
  lastName: customers.lastName, vatNumber: customers.vatNumber, taxCode: customers.taxCode, email: customers.email, phone: customers.phone,
  sdiCode: customers.sdiCode, pec: customers.pec,
};

/** Up to `limit` orders matching `where`, by id, each with everything the document holds. */
async function loadErpOrders(db: Db, where: SQL | undefined, limit: number): Promise<ErpOrder[]> {
  const heads = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(asc(orders.id))
    .limit(limit);
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.order.id);
  const personIds = [...new Set(heads.flatMap((h) => [h.order.userId, h.order.agentId]).filter((id): id is number => id !== null))];
  const rows = await db.select().from(orderRows).where(inArray(orderRows.orderId, ids)).orderBy(asc(orderRows.orderId), asc(orderRows.id));
  const people = personIds.length
    ? await db.select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName }).from(users).where(inArray(users.id, personIds))
    : [];
  const personById = new Map(people.map((p) => [p.id, p]));
  const rowsByOrder = new Map<number, ErpOrderRow[]>();
  for (const r of rows) {
    const list = rowsByOrder.get(r.orderId) ?? [];
    list.push({
      line: list.length + 1,
      product_id: r.productId,
      variant_id: r.variantId,
      code: r.code,
      name: r.name,
      qty: r.qty,
      unit_price: amount(r.unitPrice),
      vat_rate: amount(r.vatRate),
      total: amount(r.total),
    });
    rowsByOrder.set(r.orderId, list);
  }
  return heads.map(({ order: o, customer: c }) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    locale: o.locale,
    shop_context: o.shopContext,
    customer: {
      id: c.id, code: c.code, kind: c.kind, business_name: c.businessName, first_name: c.firstName, last_name: c.lastName, vat_number: c.vatNumber,
      tax_code: c.taxCode, email: c.email, phone: c.phone, sdi_code: c.sdiCode, pec: c.pec,
    },
    placed_by: {
      user: (o.userId !== null && personById.get(o.userId)) || null,
      agent: (o.agentId !== null && personById.get(o.agentId)) || null,
    },
    billing_address: addressOut(o.billingAddress),
    shipping_address: addressOut(o.shippingAddress),
    shipping_method: { id: o.shippingPolicyId, code: o.shippingMethod.code, name: o.shippingMethod.name },
    payment_method: { id: o.paymentMethodId, code: o.paymentMethod.code, name: o.paymentMethod.name, terms: o.paymentMethod.terms ?? null },
    coupon_code: o.couponCode,
    promotion_id: o.promotionId,
    vat_treatment: o.vatTreatment,
    currency: 'EUR',
    totals: {
      subtotal: amount(o.subtotal),
      discount: amount(o.discount),
      shipping: amount(o.shippingTotal),
      payment_fee: amount(o.paymentFee),
      tax: amount(o.taxTotal),
      total: amount(o.total),
    },
    notes: o.notes,
    rows: rowsByOrder.get(o.id) ?? [],
  }));
}

export async function erpOrder(db: Db, orderId: number): Promise<ErpOrder | undefined> {
  const [found] = await loadErpOrders(db, eq(orders.id, orderId), 1);
  return found;
}

/** The next page of orders placed since `since`, after the order `afterId` (0 for the first page). */
export function erpOrderPage(db: Db, page: { since: Date; afterId: number; size: number }): Promise<ErpOrder[]> {
  return loadErpOrders(db, and(gte(orders.createdAt, page.since), gt(orders.id, page.afterId)), page.size);
}
