// What the owner sees of an outbox worker's rows (mail, or webhooks): counts per state and the
// rows still waiting or failed, and putting failed rows back in the queue once the cause is fixed.
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, type MailState } from '../db/schema';
import { kindCondition, type KindFilter } from './outbox-runner';

export interface OutboxStatus {
  counts: Partial<Record<MailState, number>>;
  /** Newest first: rows not sent yet, or failed. */
  open: {
    id: number; kind: string; refId: number | null; recipient: string | null; deliveryId: string | null; state: MailState; attempts: number;
    nextAttemptAt: Date; lastError: string | null; createdAt: Date;
  }[];
}

export async function outboxStatus(db: Db, kinds: KindFilter, limit = 50): Promise<OutboxStatus> {
  const ours = kindCondition(kinds);
  const grouped = await db.select({ state: mailOutbox.state, n: sql<number>`count(*)::int` }).from(mailOutbox).where(ours).groupBy(mailOutbox.state);
  const open = await db
    .select({
      id: mailOutbox.id, kind: mailOutbox.kind, refId: mailOutbox.refId, recipient: mailOutbox.recipient, deliveryId: mailOutbox.deliveryId, state: mailOutbox.state,
      attempts: mailOutbox.attempts, nextAttemptAt: mailOutbox.nextAttemptAt, lastError: mailOutbox.lastError, createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(ours, ne(mailOutbox.state, 'sent')))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return { counts: Object.fromEntries(grouped.map((g) => [g.state, g.n])), open };
}

/** Failed rows go out again at the next poll, with a fresh count of attempts; `also` narrows them. */
export async function retryFailed(db: Db, kinds: KindFilter, now: Date, also?: SQL): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ state: 'retrying', attempts: 0, nextAttemptAt: now })
    .where(and(kindCondition(kinds), eq(mailOutbox.state, 'failed'), also))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** One line per count, then one per open row, for the status commands. */
export function statusLines(status: OutboxStatus, nothingYet: string): string[] {
  const lines = [Object.entries(status.counts).map(([state, n]) => `${state}: ${n}`).join(', ') || nothingYet];
  for (const r of status.open) {
    const next = r.state === 'failed' ? '' : ` next ${r.nextAttemptAt.toISOString()}`;
    const about = `${r.refId === null ? '' : ` (ref ${r.refId})`}${r.deliveryId ? ` delivery ${r.deliveryId}` : ''}`;
    lines.push(`  #${r.id} ${r.kind}${about} ${r.recipient ?? ''} ${r.state} after ${r.attempts} attempt(s)${next}${r.lastError ? `: ${r.lastError}` : ''}`);
  }
  return lines;
}
