import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTEXT_SCOPES, createdAt, money, SHOP_CONTEXTS, updatedAt, type L10nJson } from './common';
import { customFieldValues } from './custom-fields';
import { products, variants } from './catalogue';
import { customers } from './users';

/** A selling season (e.g. spring campaign); the feature is off unless the settings enable it. */
export const seasons = pgTable('seasons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<L10nJson>().notNull(),
  customFieldValueId: integer('custom_field_value_id').references(() => customFieldValues.id),
  startsOn: date('starts_on'),
  endsOn: date('ends_on'),
  isActive: boolean('is_active').notNull().default(true),
});

/** A price agreed with one customer for a product or variant, optionally only in one season. */
export const customerPrices = pgTable(
  'customer_prices',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
  },
  (t) => [
    index('customer_prices_lookup_idx').on(t.customerId, t.productId, t.variantId, t.seasonId),
  ],
);

/** A price for everybody in one season (when seasons are enabled). */
export const seasonPrices = pgTable(
  'season_prices',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.productId] })],
);

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type', { enum: DISCOUNT_TYPES }).notNull(),
    /** Percent (0-100) or EUR amount, by type. */
    value: money('value').notNull(),
    description: jsonb('description').$type<L10nJson>(),
    shopContext: text('shop_context', { enum: CONTEXT_SCOPES }).notNull().default('all'),
    /** Only this customer may use it, when set. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    minOrder: money('min_order').notNull().default(0),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Only for a customer without any order yet (ADR 0015). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** At most one order per customer uses it; kept by coupon_redemptions' unique index. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Only for customers of this kind, when set. */
    customerKind: text('customer_kind', { enum: SHOP_CONTEXTS }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code_uq').on(sql`upper(${t.code})`)],
);

/** An automatic discount on the cart, shown with its own page-builder canvas. */
export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<L10nJson>().notNull(),
  description: jsonb('description').$type<L10nJson>().notNull(),
  type: text('type', { enum: DISCOUNT_TYPES }).notNull(),
  value: money('value').notNull(),
  minOrder: money('min_order').notNull().default(0),
  shopContext: text('shop_context', { enum: CONTEXT_SCOPES }).notNull().default('all'),
  canvasId: integer('canvas_id'),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Products a promotion applies to; a promotion with none applies to the whole cart. */
export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.productId] }), index('promotion_products_product_idx').on(t.productId)],
);
