// What every outbox worker does with mail_outbox rows, whatever it sends (ADR 0010, ADR 0029):
// each round claims due rows of its own kinds in one statement (FOR UPDATE SKIP LOCKED, so two
// instances never take the same row) with a lease in locked_until (so the rows of an instance
// that died are taken again once it runs out), hands each to the worker's `deliver` and records
// the outcome: sent, retrying with exponential backoff, or failed after maxAttempts. The mail
// worker and the webhook worker differ only in `deliver`.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export const OUTBOX_POLL_MS = 1_000;
/** Longer than the slowest delivery (SMTP or HTTP timeouts, a PDF), so a live instance keeps its claim. */
export const OUTBOX_LEASE_MS = 2 * 60_000;
export const OUTBOX_MAX_ATTEMPTS = 12;
/** 10 s, 20 s, 40 s ... capped at an hour: twelve attempts span about 3.4 hours of outage. */
export const OUTBOX_RETRY_BASE_MS = 10_000;
export const OUTBOX_RETRY_MAX_MS = 60 * 60_000;
const BATCH = 10;
/** Sent rows are kept a month for the owner to look up, failed ones three; then deleted. */
export const KEEP_SENT_MS = 30 * 24 * 3600_000;
export const KEEP_FAILED_MS = 90 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** The rows a worker owns: the kinds it sends, or every kind but those another worker sends. */
export type KindFilter = { only: readonly string[] } | { except: readonly string[] };

export const kindCondition = (kinds: KindFilter): SQL =>
  'only' in kinds ? inArray(mailOutbox.kind, [...kinds.only]) : notInArray(mailOutbox.kind, [...kinds.except]);

/** A delivery that can never succeed (what it is about is gone): failed at once, not retried. */
export class PermanentOutboxError extends Error {}

/** Where a delivered row went (a mail address, a URL), recorded in `recipient`. */
export interface Delivered {
  to: string;
}

/**
 * Called once per round, so that the rows of a round may share work (the customer's mail and the
 * shop's copy share one PDF). The answered function delivers one claimed row or throws.
 */
export type Deliverer = () => (row: OutboxRow) => Promise<Delivered>;

export interface OutboxTuning {
  /** Written to locked_by; defaults to host, pid and a random tag. */
  instance?: string;
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface OutboxRunnerOptions extends OutboxTuning {
  db: Db;
  kinds: KindFilter;
  deliverer: Deliverer;
  /** "mail", "webhook": says what the log lines are about. */
  noun: string;
}

export interface OutboxWorker {
  /** One round: claims what is due and delivers it; answers the number of rows handled. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is due (tests, and a wake-up right after a commit). */
  drain(): Promise<number>;
  /** Looks at the outbox now instead of at the next poll (after a commit in this process). */
  wake(): void;
  start(): void;
  /** Finishes the row being delivered, gives the rest of the claim back, stops polling. */
  stop(): Promise<void>;
  /** Deletes old sent and failed rows (done by the running worker once an hour); answers how many. */
  prune(): Promise<number>;
}

/** The error's message and, for a failed connection, its cause ("fetch failed" says nothing). */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? error.cause : undefined;
  // A name with two addresses (::1 and 127.0.0.1) fails with one error per address.
  const reason =
    cause instanceof AggregateError ? cause.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join('; ') : cause instanceof Error ? cause.message : '';
  return (reason && !message.includes(reason) ? `${message}: ${reason}` : message).slice(0, 1000);
}

/** The delay before attempt `attempts + 1`. */
export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number) => Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), maxMs);

export function createOutboxRunner(options: OutboxRunnerOptions): OutboxWorker {
  const { db, noun } = options;
  const me = options.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((m: string) => console.log(`[${noun}] ${m}`));
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const pollMs = options.pollMs ?? OUTBOX_POLL_MS;
  const ours = kindCondition(options.kinds);
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let wokenWhileRunning = false;
  let prunedAt = 0;

  async function claim(): Promise<OutboxRow[]> {
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          ours,
          or(
            and(inArray(mailOutbox.state, ['pending', 'retrying']), lte(mailOutbox.nextAttemptAt, at)),
            // A claim whose lease ran out: its instance died or hung.
            and(eq(mailOutbox.state, 'sending'), lt(mailOutbox.lockedUntil, at)),
          ),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({ state: 'sending', lockedBy: me, lockedUntil: new Date(at.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Only while this instance still holds the claim. */
  async function record(row: OutboxRow, values: Partial<typeof mailOutbox.$inferInsert>): Promise<boolean> {
    const updated = await db
      .update(mailOutbox)
      .set({ lockedBy: null, lockedUntil: null, ...values })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.lockedBy, me), eq(mailOutbox.state, 'sending')))
      .returning({ id: mailOutbox.id });
    if (updated.length === 0) log(`${row.kind} #${row.id}: the claim was taken over by another instance`);
    return updated.length > 0;
  }

  async function handle(row: OutboxRow, deliver: (row: OutboxRow) => Promise<Delivered>): Promise<void> {
    const label = `${row.kind} #${row.id}${row.refId === null ? '' : ` (ref ${row.refId})`}`;
    if (row.expiresAt && row.expiresAt <= now()) {
      await record(row, { state: 'failed', message: null, payload: null, lastError: 'expired before it could be sent' });
      log(`${label} expired before it could be sent, after ${row.attempts - 1} attempt(s)`);
      return;
    }
    let delivered: Delivered;
    try {
      delivered = await deliver(row);
    } catch (error) {
      const permanent = error instanceof PermanentOutboxError;
      if (permanent || row.attempts >= maxAttempts) {
        // A failed webhook keeps its body: sent again with --retry-failed, it is the same delivery.
        await record(row, { state: 'failed', message: null, lastError: errorText(error) });
        log(`${label} failed${permanent ? '' : ` after ${row.attempts} attempt(s)`}, not retried: ${errorText(error)}`);
        return;
      }
      const delay = retryDelayMs(row.attempts, options.retryBaseMs ?? OUTBOX_RETRY_BASE_MS, options.retryMaxMs ?? OUTBOX_RETRY_MAX_MS);
      await record(row, { state: 'retrying', nextAttemptAt: new Date(now().getTime() + delay), lastError: errorText(error) });
      log(`${label} attempt ${row.attempts}/${maxAttempts} failed, retry in ${Math.round(delay / 1000)} s: ${errorText(error)}`);
      return;
    }
    // What was sent is not kept once it is out (a reset code, an order's personal data).
    await record(row, { state: 'sent', sentAt: now(), message: null, payload: null, recipient: delivered.to, lastError: null });
    log(`${label} sent to ${delivered.to}${row.attempts > 1 ? ` at attempt ${row.attempts}` : ''}`);
  }

  async function round(): Promise<number> {
    const rows = await claim();
    const deliver = options.deliverer();
    for (const [i, row] of rows.entries()) {
      if (stopping) {
        await release(rows.slice(i));
        break;
      }
      try {
        await handle(row, deliver);
      } catch (error) {
        // The database failed while recording: the lease brings the row back.
        log(`${row.kind} #${row.id}: could not record the outcome: ${errorText(error)}`);
      }
    }
    return rows.length;
  }

  /** Gives back claimed rows not tried yet, as if never claimed. */
  async function release(rows: OutboxRow[]) {
    await db
      .update(mailOutbox)
      .set({ state: sql`case when ${mailOutbox.attempts} > 1 then 'retrying' else 'pending' end`, attempts: sql`${mailOutbox.attempts} - 1`, lockedBy: null, lockedUntil: null })
      .where(and(inArray(mailOutbox.id, rows.map((r) => r.id)), eq(mailOutbox.lockedBy, me), eq(mailOutbox.state, 'sending')));
  }

  const runOnce = () => {
    running ??= round().finally(() => (running = undefined));
    return running;
  };

  async function prune(): Promise<number> {
    const at = now().getTime();
    const gone = await db
      .delete(mailOutbox)
      .where(
        and(
          ours,
          or(
            and(eq(mailOutbox.state, 'sent'), lt(mailOutbox.sentAt, new Date(at - KEEP_SENT_MS))),
            and(eq(mailOutbox.state, 'failed'), lt(mailOutbox.createdAt, new Date(at - KEEP_FAILED_MS))),
          ),
        ),
      )
      .returning({ id: mailOutbox.id });
    if (gone.length) log(`${gone.length} old sent or failed ${noun} row(s) deleted`);
    return gone.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (let n = await runOnce(); n > 0 && !stopping; n = await runOnce()) total += n;
    return total;
  }

  let failing = false;

  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(tick, ms).unref();
  }

  function tick() {
    timer = undefined;
    wokenWhileRunning = false;
    const pruning = Date.now() - prunedAt > PRUNE_EVERY_MS ? ((prunedAt = Date.now()), prune()) : Promise.resolve(0);
    pruning
      .then(() => drain())
      .then(() => {
        if (failing) log('rounds work again');
        failing = false;
      })
      .catch((error: unknown) => {
        // A database away for a minute fails every poll: said once, not once a second.
        if (!failing) log(`round failed (retried at every poll until one works): ${errorText(error)}`);
        failing = true;
      })
      .finally(() => {
        if (started) schedule(wokenWhileRunning ? 0 : pollMs);
      });
  }

  return {
    runOnce,
    drain,
    prune,
    wake() {
      if (!started) return;
      if (running) wokenWhileRunning = true;
      else schedule(0);
    },
    start() {
      if (started) return;
      started = true;
      stopping = false;
      schedule(0);
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
