import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';
import { customers, users } from './users';

/** Shop settings read by key (spec section 3). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  /** Public keys are readable without signing in (the storefront needs them at build time). */
  isPublic: boolean('is_public').notNull().default(true),
  updatedAt: updatedAt(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    locale: text('locale').notNull().default('it'),
    privacyConsent: boolean('privacy_consent').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Session tokens; only a SHA-256 hash of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_expires_idx').on(t.expiresAt)],
);

/** Emailed one-time codes (password reset): hashed, short-lived, limited tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_confirm', 'set_password'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Fixed-window counters for throttling logins and codes per username or address. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** What agents do on a customer's behalf. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_customer_idx').on(t.customerId, t.createdAt), index('audit_log_agent_idx').on(t.agentId, t.createdAt)],
);
