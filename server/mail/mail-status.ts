// What the owner sees of outgoing mail: counts per state and the rows still waiting or failed,
// and putting failed mail back in the queue after the cause is fixed (e.g. a wrong SMTP_URL).
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, type MailState } from '../db/schema';

export interface MailStatus {
  counts: Partial<Record<MailState, number>>;
  /** Newest first: rows not sent yet, or failed. */
  open: { id: number; kind: string; refId: number | null; recipient: string | null; state: MailState; attempts: number; nextAttemptAt: Date; lastError: string | null; createdAt: Date }[];
}

export async function mailStatus(db: Db, limit = 50): Promise<MailStatus> {
  const grouped = await db.select({ state: mailOutbox.state, n: sql<number>`count(*)::int` }).from(mailOutbox).groupBy(mailOutbox.state);
  const open = await db
    .select({
      id: mailOutbox.id, kind: mailOutbox.kind, refId: mailOutbox.refId, recipient: mailOutbox.recipient, state: mailOutbox.state, attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt, lastError: mailOutbox.lastError, createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(ne(mailOutbox.state, 'sent'))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return { counts: Object.fromEntries(grouped.map((g) => [g.state, g.n])), open };
}

/**
 * Failed mail goes out again at the next poll, with a fresh count of attempts. A reset code's
 * text was blanked when it failed, so those stay failed: the user asks for a new code.
 */
export async function retryFailedMail(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ state: 'retrying', attempts: 0, nextAttemptAt: now })
    .where(and(eq(mailOutbox.state, 'failed'), ne(mailOutbox.kind, 'password-reset')))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
