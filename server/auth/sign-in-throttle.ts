// Throttling of password guesses (sign-in, and password change, which checks the old password
// too), ADR 0011. Two counters that nothing shares:
// - per address: failures only; a success never clears them (else one own sign-in between
//   guesses would reset the count). Past ADDRESS_LIMIT the address is refused until its window
//   ends: this stops one machine, and only the attacker's own address can be refused.
// - per username: attempts (counted before the password is checked, so simultaneous guesses
//   each get their own number); a success clears them. After FREE_ATTEMPTS each attempt has to
//   take the username's turn, and the turn is held for a doubling time capped at MAX_DELAY_MS:
//   a short wait, never a lock-out of the owner. Past BOT_CHECK_AFTER the username also needs
//   the shop's bot check when it is on, which an attacker's script does not pass.
import type { Db } from '../db/client';
import { clearCounters, hit, overLimit, readCounters, secondsUntil, takeTurn } from './rate-limit';

export const ADDRESS_LIMIT = 10;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
export const FREE_ATTEMPTS = 3;
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 8_000;
export const BOT_CHECK_AFTER = 10;
/** A username's attempts are forgotten an hour after the first of them. */
export const USERNAME_WINDOW_MS = 60 * 60 * 1000;

/** What the caller must be told instead of checking the password. */
export type Refusal =
  | { kind: 'address'; retryAfterSeconds: number }
  | { kind: 'wait'; retryAfterSeconds: number }
  | { kind: 'bot-check'; given: boolean };

const keysOf = (username: string, address: string) => {
  // A Basic header can carry a username of kilobytes; no real one is longer than an email address.
  const user = username.trim().toLowerCase().slice(0, 320);
  return { address: `login:ip:${address}`, user: `login:user:${user}`, turn: `login:turn:${user}` };
};

/** How long the n-th attempt (1-based) holds the username's turn. */
export function delayForAttempt(n: number): number {
  if (n <= FREE_ATTEMPTS) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** Math.min(n - FREE_ATTEMPTS - 1, 20), MAX_DELAY_MS);
}

export interface AttemptInput {
  username: string;
  address: string;
  now: Date;
  /** The shop's bot check is switched on (and can be verified). */
  botCheckOn: boolean;
  /** Verifies the bot-check answer the caller sent; absent when the caller sent none. */
  verifyBotCheck?: () => Promise<boolean>;
  /** The caller already proved it is this user (a valid token): no bot check needed. */
  provenUser?: boolean;
}

/** Checks that a password may be tried now; null when it may, else why not. */
export async function beginAttempt(db: Db, input: AttemptInput): Promise<Refusal | null> {
  const keys = keysOf(input.username, input.address);
  const blocked = await overLimit(db, [keys.address], ADDRESS_LIMIT, input.now);
  if (blocked) return { kind: 'address', retryAfterSeconds: secondsUntil(blocked.resetAt, input.now) };
  const { count } = await hit(db, keys.user, input.now, USERNAME_WINDOW_MS);
  if (count > BOT_CHECK_AFTER && input.botCheckOn && !input.provenUser) {
    if (!input.verifyBotCheck) return { kind: 'bot-check', given: false };
    if (!(await input.verifyBotCheck())) return { kind: 'bot-check', given: true };
  }
  const delay = delayForAttempt(count);
  if (delay > 0 && !(await takeTurn(db, keys.turn, input.now, delay))) {
    const turn = (await readCounters(db, [keys.turn], input.now)).get(keys.turn);
    return { kind: 'wait', retryAfterSeconds: turn ? secondsUntil(turn.resetAt, input.now) : 1 };
  }
  return null;
}

/** A wrong password (or unknown user): the address's count goes up; the username's already did. */
export async function attemptFailed(db: Db, username: string, address: string, now: Date): Promise<void> {
  await hit(db, keysOf(username, address).address, now, ADDRESS_WINDOW_MS);
}

/** The right password: the username starts afresh; the address keeps its failures. */
export async function attemptSucceeded(db: Db, username: string, address: string): Promise<void> {
  const keys = keysOf(username, address);
  await clearCounters(db, [keys.user, keys.turn]);
}
