import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './common';
import { DEFAULT_LOCALE, LOCALES } from '../../../src/lib/contract/locales';

export const MAIL_STATES = ['pending', 'sending', 'retrying', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/**
 * Rows of mail_outbox that are not mail: signed HTTP deliveries to the owner's systems (ADR 0029).
 * The mail worker leaves them to the webhook worker, and the mail status to the webhook status.
 */
export const WEBHOOK_KINDS = ['order-webhook'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** A rendered message kept until it is sent (the password-reset code exists nowhere else in clear). */
export interface StoredMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail waiting to go out, written in the transaction that caused it and sent by the outbox
 * worker (server/mail/outbox-worker.ts, ADR 0010). Order webhooks (WEBHOOK_KINDS) share the
 * table, its claim and its retries, and are sent by server/webhooks/webhook-worker.ts (ADR 0029).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A mail kind ("order-confirmation", "contact", "password-reset" ...) or a webhook kind ("order-webhook"). */
    kind: text('kind').notNull(),
    /** The order, contact message or one-time code the mail is about. */
    refId: integer('ref_id'),
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    /** Known at enqueue time or filled in when the message is built; a webhook's URL. */
    recipient: text('recipient'),
    /** The rendered message, for kinds that cannot be rebuilt later; blanked once done. */
    message: jsonb('message').$type<StoredMessage>(),
    state: text('state', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim of the instance sending it; a claim past this time may be taken by another. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Not worth sending after this (a reset code that has expired). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A webhook's id for the receiver, the same at every attempt (migration 0014). */
    deliveryId: uuid('delivery_id'),
    /** A webhook's JSON body, fixed at its first attempt so retries send the same bytes; blanked once sent. */
    payload: text('payload'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`state IN ('pending', 'sending', 'retrying')`),
    index('mail_outbox_ref_idx').on(t.kind, t.refId),
    check('mail_outbox_state_check', sql`state IN ('pending', 'sending', 'retrying', 'sent', 'failed')`),
  ],
);
