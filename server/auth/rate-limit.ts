// Counters for throttling (sign-ins, codes, coupons, contact), kept in the database so every
// process shares them. Every change is one atomic statement (an upsert deciding on the row's own
// values), so concurrent requests never read a count and write back a stale one. Rows whose
// window has ended mean nothing any more; writers delete a bounded batch of them now and then.
import { and, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/** A live counter: how many in the window, and when the window ends. */
export interface Counter {
  count: number;
  resetAt: Date;
}

/** Whole seconds until `until`, at least 1: what a Retry-After header says. */
export const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Adds one to a key's counter in a fixed window (a new window once the old one ended). */
export async function hit(db: Db, key: string, now: Date, windowMs: number): Promise<Counter> {
  await purgeNowAndThen(db, now);
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row ?? { count: 0, resetAt };
}

/** The live counters among these keys (ended windows are absent). */
export async function readCounters(db: Db, keys: string[], now: Date): Promise<Map<string, Counter>> {
  if (!keys.length) return new Map();
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
  return new Map(rows.filter((r) => r.resetAt > now).map((r) => [r.key, { count: r.count, resetAt: r.resetAt }]));
}

/**
 * The first key whose live count has reached `limit`, with the end of its window; null when all
 * are below.
 */
export async function overLimit(db: Db, keys: string[], limit: number, now: Date): Promise<Counter | null> {
  const live = await readCounters(db, keys, now);
  for (const key of keys) {
    const counter = live.get(key);
    if (counter && counter.count >= limit) return counter;
  }
  return null;
}

/**
 * A turn on `key`: taken (true) when the key is free, and then held for `holdMs`; refused
 * (false) while an earlier turn still holds it. One statement, so of many simultaneous callers
 * exactly one gets the turn.
 */
export async function takeTurn(db: Db, key: string, now: Date, holdMs: number): Promise<boolean> {
  const until = new Date(now.getTime() + holdMs);
  const taken = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: until })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, resetAt: until },
      setWhere: lte(rateLimits.resetAt, now),
    })
    .returning({ key: rateLimits.key });
  return taken.length > 0;
}

export async function clearCounters(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** At most this many ended rows go per purge, so a purge never holds a writer up for long. */
export const PURGE_BATCH = 500;
/** A process purges at most this often (per database). */
export const PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<Db, number>();

/**
 * Deletes up to PURGE_BATCH rows whose window ended. Rows another purge is deleting are skipped
 * (SKIP LOCKED), so instances purging at once neither wait on nor deadlock with each other.
 */
export async function purgeExpired(db: Db, now: Date, batch = PURGE_BATCH): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(
      and(
        lte(rateLimits.resetAt, now),
        inArray(
          rateLimits.key,
          sql`(select ${rateLimits.key} from ${rateLimits} where ${rateLimits.resetAt} <= ${now} limit ${batch} for update skip locked)`,
        ),
      ),
    )
    .returning({ key: rateLimits.key });
  return gone.length;
}

async function purgeNowAndThen(db: Db, now: Date): Promise<void> {
  const last = lastPurge.get(db);
  if (last !== undefined && now.getTime() - last < PURGE_EVERY_MS && now.getTime() >= last) return;
  lastPurge.set(db, now.getTime());
  await purgeExpired(db, now);
}
