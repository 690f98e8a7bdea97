// Bounds on the other guessable calls (ADR 0011): how many tries per window, per key.
import type { Db } from '../db/client';
import { hit, overLimit, type Counter } from './rate-limit';

export interface Limit {
  limit: number;
  windowMs: number;
}

const MINUTES_15 = 15 * 60 * 1000;

/** Wrong or unusable coupon codes, per user and per address. */
export const COUPON_FAILURES: Limit = { limit: 10, windowMs: MINUTES_15 };
/** The forced-change check answers whether a username exists: per address, every call counts. */
export const USERNAME_CHECKS: Limit = { limit: 30, windowMs: MINUTES_15 };
/** Reset codes asked for: per address, and per username (each one sends a mail). */
export const RESET_REQUESTS_PER_ADDRESS: Limit = { limit: 10, windowMs: MINUTES_15 };
export const RESET_REQUESTS_PER_USERNAME: Limit = { limit: 5, windowMs: MINUTES_15 };
/** Contact messages, per address and per sender's email (the form must not flood the shop's mailbox). */
export const CONTACT_MESSAGES: Limit = { limit: 5, windowMs: 10 * 60 * 1000 };
/** Wrong reset codes, per username and per address (each code also dies after 5 wrong tries). */
export const OTP_FAILURES: Limit = { limit: 10, windowMs: MINUTES_15 };

/**
 * Counts one call on every key and answers the first counter past its limit (null when none is).
 * Counting first, in one atomic statement per key, bounds simultaneous calls too.
 */
export async function countCall(db: Db, keys: string[], limit: Limit, now: Date): Promise<Counter | null> {
  let refused: Counter | null = null;
  for (const key of keys) {
    const counter = await hit(db, key, now, limit.windowMs);
    if (counter.count > limit.limit && !refused) refused = counter;
  }
  return refused;
}

/** The first key that has used up its failures (checked before trying, counted on failure). */
export const failuresUsedUp = (db: Db, keys: string[], limit: Limit, now: Date) => overLimit(db, keys, limit.limit, now);

export async function countFailure(db: Db, keys: string[], limit: Limit, now: Date): Promise<void> {
  for (const key of keys) await hit(db, key, now, limit.windowMs);
}

/** Sign-ups and trade account requests (each one sends a mail), per address and per email (ADR 0025). */
export const SIGN_UPS_PER_ADDRESS: Limit = { limit: 10, windowMs: MINUTES_15 };
export const SIGN_UPS_PER_EMAIL: Limit = { limit: 3, windowMs: MINUTES_15 };
/** Wrong or used-up link tokens (confirmation, set-password), per address. */
export const LINK_FAILURES: Limit = { limit: 20, windowMs: MINUTES_15 };
