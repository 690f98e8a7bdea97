import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTEXT_SCOPES, createdAt, money, SHOP_CONTEXTS, updatedAt, type L10nJson } from './common';
import { products, variants } from './catalogue';
import { coupons, promotions, seasons } from './pricing';
import { customers, users } from './users';
import { DEFAULT_LOCALE, LOCALES } from '../../../src/lib/contract/locales';

export const ADDRESS_TYPES = ['Billing', 'Shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** A postal address as stored on an order, so later edits of the address book never change it. */
export interface AddressSnapshot {
  name: string;
  company: string | null;
  street: string;
  city: string;
  postalCode: string;
  province: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  vatNumber: string | null;
}

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The user who created it. */
    userId: integer('user_id').references(() => users.id),
    type: text('type', { enum: ADDRESS_TYPES }).notNull(),
    /** The business key an import names the address by, unique per customer (migration 0016); null when written in the address book. */
    code: text('code'),
    name: text('name').notNull(),
    company: text('company'),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    province: text('province'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default('IT'),
    phone: text('phone'),
    email: text('email'),
    vatNumber: text('vat_number'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Deleting hides an address from the book; orders keep their own snapshot. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId, t.type), uniqueIndex('addresses_customer_code_uq').on(t.customerId, t.code)],
);

/** Countries grouped for shipping prices. */
export const shippingZones = pgTable('shipping_zones', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<L10nJson>().notNull(),
  countries: text('countries').array().notNull(),
});

export const shippingPolicies = pgTable(
  'shipping_policies',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<L10nJson>().notNull(),
    description: jsonb('description').$type<L10nJson>(),
    price: money('price').notNull(),
    /** Free shipping from this order subtotal, when set. */
    freeFrom: money('free_from'),
    deliveryDays: integer('delivery_days').notNull().default(3),
    shopContext: text('shop_context', { enum: CONTEXT_SCOPES }).notNull().default('all'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('shipping_policies_zone_idx').on(t.zoneId, t.position)],
);

export const paymentMethods = pgTable('payment_methods', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<L10nJson>().notNull(),
  description: jsonb('description').$type<L10nJson>(),
  shopContext: text('shop_context', { enum: CONTEXT_SCOPES }).notNull().default('all'),
  /** "As per contract": terms agreed with a business customer. */
  isContract: boolean('is_contract').notNull().default(false),
  /** Charged on the order when the method is chosen (net, VAT at the shipping rate), e.g. cash on delivery (migration 0010). */
  fee: money('fee').notNull().default(0),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const ORDER_STATUSES = [
  'Pending', 'Failed', 'Processing', 'Completed', 'Refunded', 'Partially refunded', 'Cancelled', 'Shipped',
  'Partially shipped',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id').references(() => users.id),
    agentId: integer('agent_id').references(() => users.id),
    seasonId: integer('season_id').references(() => seasons.id),
    shopContext: text('shop_context', { enum: SHOP_CONTEXTS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Pending'),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    shippingPolicyId: integer('shipping_policy_id').references(() => shippingPolicies.id),
    shippingMethod: jsonb('shipping_method').$type<{ code: string; name: L10nJson }>().notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id),
    /** `terms`: the customer's agreed terms, per locale, when the method is "as per contract". */
    paymentMethod: jsonb('payment_method').$type<{ code: string; name: L10nJson; terms?: L10nJson | null }>().notNull(),
    couponCode: text('coupon_code'),
    promotionId: integer('promotion_id').references(() => promotions.id),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    shippingTotal: money('shipping_total').notNull().default(0),
    /** The payment method's fee at the time (net), part of the total (migration 0010). */
    paymentFee: money('payment_fee').notNull().default(0),
    taxTotal: money('tax_total').notNull().default(0),
    total: money('total').notNull(),
    notes: text('notes').notNull().default(''),
    /** How VAT was charged: the shop's own, or reverse charge for an EU business abroad (ADR 0024, migration 0010). */
    vatTreatment: text('vat_treatment', { enum: ['standard', 'reverse_charge'] }).notNull().default('standard'),
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    trackingUrl: text('tracking_url'),
    /** A retried checkout with the same key returns this order instead of creating another. */
    idempotencyKey: text('idempotency_key'),
    /** What the key was first used for (cart, choices, rows): a reuse for anything else is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    uniqueIndex('orders_idempotency_uq').on(t.customerId, t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // An agent's customers, recently served first (issue 16).
    index('orders_agent_customer_idx').on(t.agentId, t.customerId, t.createdAt),
  ],
);

export const orderRows = pgTable(
  'order_rows',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    variantId: integer('variant_id').references(() => variants.id),
    code: text('code').notNull(),
    name: jsonb('name').$type<L10nJson>().notNull(),
    qty: integer('qty').notNull(),
    unitPrice: money('unit_price').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    total: money('total').notNull(),
  },
  (t) => [index('order_rows_order_idx').on(t.orderId), index('order_rows_product_idx').on(t.productId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

export const ORDER_DOCUMENT_TYPES = ['invoice', 'delivery_note', 'order_confirmation'] as const;

/** Documents issued for an order; the PDF is rendered from the order when asked for. */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ORDER_DOCUMENT_TYPES }).notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_documents_type_uq').on(t.orderId, t.type), uniqueIndex('order_documents_number_uq').on(t.type, t.number)],
);

/**
 * The last number used per document type and year: invoices are numbered gaplessly per year.
 * Bumped only by the database's issuing trigger (migration 0007).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    type: text('type').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'document_counters_pk', columns: [t.type, t.year] })],
);

/**
 * The last order number given out per year (migration 0015): bumped by a statement of its own
 * before the checkout transaction, and moved past any number an order is written with.
 */
export const orderNumberCounters = pgTable('order_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** A checkout's use of a once-per-customer coupon (ADR 0015): one row per coupon and customer. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_redemptions_once_uq').on(t.couponId, t.customerId)],
);
