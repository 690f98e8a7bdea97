import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, SHOP_CONTEXTS, updatedAt } from './common';
import { products, variants } from './catalogue';
import { coupons, promotions, seasons } from './pricing';
import { customers, users } from './users';

/** A customer's open cart; B2B carts record the agent who keeps it, B2C carts have none. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => users.id),
    seasonId: integer('season_id').references(() => seasons.id),
    shopContext: text('shop_context', { enum: SHOP_CONTEXTS }).notNull().default('b2b'),
    promotionId: integer('promotion_id').references(() => promotions.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_owner_idx').on(t.customerId, t.shopContext, t.seasonId)],
);

export const cartRows = pgTable(
  'cart_rows',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    variantId: integer('variant_id').references(() => variants.id),
    qty: integer('qty').notNull(),
    /** The row's units count against the stock only until then (ADR 0016). */
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per product (and variant) in a cart, so concurrent adds cannot duplicate it.
    unique('cart_rows_item_uq').on(t.cartId, t.productId, t.variantId).nullsNotDistinct(),
    index('cart_rows_product_idx').on(t.productId),
    index('cart_rows_product_held_idx').on(t.productId, t.heldUntil),
  ],
);

export const wishlists = pgTable(
  'wishlists',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => users.id),
    seasonId: integer('season_id').references(() => seasons.id),
    shopContext: text('shop_context', { enum: SHOP_CONTEXTS }).notNull().default('b2b'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('wishlists_owner_idx').on(t.customerId, t.shopContext, t.seasonId)],
);

export const wishlistRows = pgTable(
  'wishlist_rows',
  {
    id: serial('id').primaryKey(),
    wishlistId: integer('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlist_rows_product_uq').on(t.wishlistId, t.productId)],
);

/**
 * A customer's named list of products to order again (requisition list, issue 16), beside the
 * wishlist: shared by the customer's users and its agents.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Who created it (a user of the customer or an agent); kept when that user goes. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Names are told apart ignoring case: "Weekly" and "weekly" would be the same list to a buyer.
    uniqueIndex('saved_lists_customer_name_uq').on(t.customerId, sql`lower(${t.name})`),
    index('saved_lists_customer_idx').on(t.customerId, t.updatedAt),
  ],
);

export const savedListRows = pgTable(
  'saved_list_rows',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('saved_list_rows_item_uq').on(t.listId, t.productId, t.variantId).nullsNotDistinct(),
    index('saved_list_rows_product_idx').on(t.productId),
  ],
);
