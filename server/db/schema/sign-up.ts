import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { customers, users } from './users';

/**
 * A business asking for a trade account (ADR 0025): kept as asked until the shop owner approves
 * it (npm run accounts:approve), which creates the b2b customer and its user.
 */
export const tradeAccountRequests = pgTable(
  'trade_account_requests',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    vatNumber: text('vat_number').notNull(),
    sdiCode: text('sdi_code'),
    pec: text('pec'),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    locale: text('locale').notNull().default('it'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    ip: text('ip'),
    customerId: integer('customer_id').references(() => customers.id),
    userId: integer('user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('trade_account_requests_email_idx').on(sql`lower(${t.email})`, t.status), index('trade_account_requests_status_idx').on(t.status, t.createdAt)],
);
