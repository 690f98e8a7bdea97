import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** The management API's scopes: what a key may change (ADR 0028). */
export const API_KEY_SCOPES = ['stock', 'prices', 'catalogue', 'customers', 'orders'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Keys of the management API (migration 0013); only a SHA-256 of the key is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull().$type<ApiKeyScope[]>(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_name_uq').on(t.name), uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash)],
);

/** What agents do on a customer's behalf, and what management API keys change (migration 0013). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').references(() => users.id),
    customerId: integer('customer_id').references(() => customers.id),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_customer_idx').on(t.customerId, t.createdAt),
    index('audit_log_agent_idx').on(t.agentId, t.createdAt),
    index('audit_log_api_key_idx').on(t.apiKeyId, t.createdAt),
    check('audit_log_actor_ck', sql`${t.agentId} is not null or ${t.apiKeyId} is not null`),
  ],
);
