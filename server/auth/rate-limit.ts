// Throttling of sign-ins and one-time codes per username and per address: a few failures are
// free, then each one waits longer, and past the limit the key is refused (429) until its
// window ends. Counters live in the database so every process shares them.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { apiError } from '../api/errors';

export const FREE_FAILURES = 5;
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/** Refuses with 429 when any key has used up its failures in the current window. */
export async function assertNotLocked(db: Db, keys: string[], now: Date): Promise<void> {
  for (const key of keys) {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (row && row.resetAt > now && row.count >= MAX_FAILURES) throw apiError('TooManyAttempts');
  }
}

/** Adds one to a key's counter in a fixed window (a new window once the old one ended); answers the count. */
export async function countInWindow(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
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
    .returning({ count: rateLimits.count });
  return row?.count ?? 0;
}

/** Counts a failure for each key and waits a little longer each time beyond the free ones. */
export async function recordFailure(db: Db, keys: string[], now: Date, delayMs: number): Promise<void> {
  let worst = 0;
  for (const key of keys) worst = Math.max(worst, await countInWindow(db, key, now, WINDOW_MS));
  const extra = Math.max(0, worst - FREE_FAILURES);
  if (extra > 0 && delayMs > 0) await new Promise((r) => setTimeout(r, Math.min(extra * delayMs, 5_000)));
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
