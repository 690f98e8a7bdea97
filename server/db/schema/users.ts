import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, type L10nJson } from './common';
import { customFieldValues } from './custom-fields';
import { DEFAULT_LOCALE, LOCALES } from '../../../src/lib/contract/locales';

/** A business (B2B) or a consumer (B2C) the shop sells to. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['b2b', 'b2c'] }).notNull(),
    businessName: text('business_name'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    vatNumber: text('vat_number'),
    taxCode: text('tax_code'),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The agreed terms shown at checkout for "as per contract" payments, per locale (migration 0008). */
    paymentTerms: jsonb('payment_terms').$type<L10nJson>(),
    /** Italian e-invoicing: the buyer's SDI recipient code (7 characters) or certified mail (PEC). */
    sdiCode: text('sdi_code'),
    pec: text('pec'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_code_uq').on(t.code),
    index('customers_business_name_idx').on(sql`lower(${t.businessName})`),
    index('customers_last_name_idx').on(sql`lower(${t.lastName})`),
    check('customers_payment_terms_it_check', sql`${t.paymentTerms} IS NULL OR coalesce(jsonb_typeof(${t.paymentTerms} -> 'it') = 'string', false)`),
  ],
);

/** Anyone who signs in: an agent (is_agent) or a user of one customer (customer_id). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isAgent: boolean('is_agent').notNull().default(false),
    customerId: integer('customer_id').references(() => customers.id),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`), index('users_customer_idx').on(t.customerId)],
);

/** Which customers an agent may act for. */
export const agentCustomers = pgTable(
  'agent_customers',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.customerId] }), index('agent_customers_customer_idx').on(t.customerId)],
);

export const userCustomValues = pgTable(
  'user_custom_values',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    valueId: integer('custom_field_value_id')
      .notNull()
      .references(() => customFieldValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.valueId] }), index('user_custom_values_value_idx').on(t.valueId)],
);
