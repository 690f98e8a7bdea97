// What the owner sees of outgoing mail (the outbox's mail rows, not its webhooks), and putting
// failed mail back in the queue after the cause is fixed (e.g. a wrong SMTP_URL).
import { ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, WEBHOOK_KINDS } from '../db/schema';
import { outboxStatus, retryFailed, type OutboxStatus } from '../outbox/outbox-status';

export type MailStatus = OutboxStatus;

const MAIL = { except: WEBHOOK_KINDS };

export const mailStatus = (db: Db, limit = 50): Promise<MailStatus> => outboxStatus(db, MAIL, limit);

/**
 * Failed mail goes out again at the next poll, with a fresh count of attempts. A reset code's
 * text was blanked when it failed, so those stay failed: the user asks for a new code.
 */
export const retryFailedMail = (db: Db, now: Date): Promise<number> => retryFailed(db, MAIL, now, ne(mailOutbox.kind, 'password-reset'));
