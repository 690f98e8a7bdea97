// Sends what requests wrote to mail_outbox (ADR 0010). Each round claims due rows in one
// statement (FOR UPDATE SKIP LOCKED, so two instances never take the same row) with a lease in
// locked_until (so the rows of an instance that died are taken again once it runs out), builds
// each message (order confirmations with their PDF, here, after the commit), hands it to the
// Mailer and records the outcome: sent, retrying with exponential backoff, or failed after
// maxAttempts. Every send and failure is logged.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { isLocale } from '../../src/lib/i18n/locales';
import type { Db } from '../db/client';
import { contactMessages, mailOutbox } from '../db/schema';
import { findOrder } from '../orders/order-read';
import { contactMail } from './contact-mail';
import type { Mailer, MailMessage } from './mailer';
import { orderConfirmationMails } from './order-mail';

export const MAIL_POLL_MS = 1_000;
/** Longer than the slowest send (SMTP timeouts plus a PDF), so a live instance keeps its claim. */
export const MAIL_LEASE_MS = 2 * 60_000;
export const MAIL_MAX_ATTEMPTS = 12;
/** 10 s, 20 s, 40 s ... capped at an hour: twelve attempts span about 3.4 hours of outage. */
export const MAIL_RETRY_BASE_MS = 10_000;
export const MAIL_RETRY_MAX_MS = 60 * 60_000;
const BATCH = 10;
/** Sent mail is kept a month for the owner to look up, failed mail three; then deleted. */
export const KEEP_SENT_MS = 30 * 24 * 3600_000;
export const KEEP_FAILED_MS = 90 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

type OutboxRow = typeof mailOutbox.$inferSelect;

export interface OutboxWorkerOptions {
  db: Db;
  /** The transport: SMTP, the outbox folder, or memory in tests. */
  mailer: Mailer;
  shopEmail: string;
  publicSiteUrl: string;
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

export interface OutboxWorker {
  /** One round: claims what is due and sends it; answers the number of rows handled. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is due (tests, and a wake-up right after a commit). */
  drain(): Promise<number>;
  /** Looks at the outbox now instead of at the next poll (after a commit in this process). */
  wake(): void;
  start(): void;
  /** Finishes the message being sent, gives the rest of the claim back, stops polling. */
  stop(): Promise<void>;
  /** Deletes old sent and failed rows (done by the running worker once an hour); answers how many. */
  prune(): Promise<number>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** The delay before attempt `attempts + 1`. */
export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number) => Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), maxMs);

class PermanentMailError extends Error {}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer } = options;
  const me = options.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((m: string) => console.log(`[mail] ${m}`));
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  const pollMs = options.pollMs ?? MAIL_POLL_MS;
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
        or(
          and(inArray(mailOutbox.state, ['pending', 'retrying']), lte(mailOutbox.nextAttemptAt, at)),
          // A claim whose lease ran out: its instance died or hung.
          and(eq(mailOutbox.state, 'sending'), lt(mailOutbox.lockedUntil, at)),
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

  async function build(row: OutboxRow, orderMails: Map<string, Promise<MailMessage[]>>): Promise<MailMessage> {
    const locale = isLocale(row.locale) ? row.locale : 'it';
    if (row.message) return { tag: row.kind, ...row.message };
    if ((row.kind === 'order-confirmation' || row.kind === 'order-confirmation-copy') && row.refId !== null) {
      const key = `${row.refId}:${locale}`;
      // The customer's mail and the shop's copy share one PDF when claimed together.
      let both = orderMails.get(key);
      if (!both) {
        both = (async () => {
          const order = await findOrder(db, row.refId!);
          if (!order) throw new PermanentMailError(`order ${row.refId} does not exist`);
          return orderConfirmationMails({ db, shopEmail: options.shopEmail, publicSiteUrl: options.publicSiteUrl }, order, locale);
        })();
        orderMails.set(key, both);
      }
      const message = (await both).find((m) => m.tag === row.kind);
      if (!message) throw new PermanentMailError(`order ${row.refId} has no customer to write to`);
      return message;
    }
    if (row.kind === 'contact' && row.refId !== null) {
      const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, row.refId));
      if (!stored) throw new PermanentMailError(`contact message ${row.refId} does not exist`);
      return contactMail({ ...stored, to: row.recipient ?? options.shopEmail, locale, receivedAt: stored.createdAt, siteUrl: options.publicSiteUrl });
    }
    throw new PermanentMailError(`nothing to build a ${row.kind} mail from`);
  }

  async function deliver(row: OutboxRow, orderMails: Map<string, Promise<MailMessage[]>>): Promise<void> {
    const label = `${row.kind} #${row.id}${row.refId === null ? '' : ` (ref ${row.refId})`}`;
    if (row.expiresAt && row.expiresAt <= now()) {
      await record(row, { state: 'failed', message: null, lastError: 'expired before it could be sent' });
      log(`${label} expired before it could be sent, after ${row.attempts - 1} attempt(s)`);
      return;
    }
    let message: MailMessage | undefined;
    try {
      message = await build(row, orderMails);
      await mailer.send(message);
    } catch (error) {
      const permanent = error instanceof PermanentMailError;
      if (permanent || row.attempts >= maxAttempts) {
        await record(row, { state: 'failed', message: null, lastError: errorText(error) });
        log(`${label} failed${permanent ? '' : ` after ${row.attempts} attempt(s)`}, not retried: ${errorText(error)}`);
        return;
      }
      const delay = retryDelayMs(row.attempts, options.retryBaseMs ?? MAIL_RETRY_BASE_MS, options.retryMaxMs ?? MAIL_RETRY_MAX_MS);
      await record(row, { state: 'retrying', nextAttemptAt: new Date(now().getTime() + delay), lastError: errorText(error) });
      log(`${label} attempt ${row.attempts}/${maxAttempts} failed, retry in ${Math.round(delay / 1000)} s: ${errorText(error)}`);
      return;
    }
    // The text (a reset code) is not kept once it is out.
    await record(row, { state: 'sent', sentAt: now(), message: null, recipient: message.to, lastError: null });
    log(`${label} sent to ${message.to}${row.attempts > 1 ? ` at attempt ${row.attempts}` : ''}`);
  }

  async function round(): Promise<number> {
    const rows = await claim();
    const orderMails = new Map<string, Promise<MailMessage[]>>();
    for (const [i, row] of rows.entries()) {
      if (stopping) {
        await release(rows.slice(i));
        break;
      }
      try {
        await deliver(row, orderMails);
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
        or(
          and(eq(mailOutbox.state, 'sent'), lt(mailOutbox.sentAt, new Date(at - KEEP_SENT_MS))),
          and(eq(mailOutbox.state, 'failed'), lt(mailOutbox.createdAt, new Date(at - KEEP_FAILED_MS))),
        ),
      )
      .returning({ id: mailOutbox.id });
    if (gone.length) log(`${gone.length} old sent or failed mail row(s) deleted`);
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
