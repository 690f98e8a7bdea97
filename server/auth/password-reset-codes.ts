// Password reset by a one-time code: six digits mailed to the user (through the outbox), kept
// only as a hash, good for 15 minutes and 5 guesses; a new code replaces the earlier one. Every
// time here is the caller's clock, never the database's: the resend gap compares createdAt with it.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeCodes, users } from '../db/schema';
import { enqueueRenderedMail } from '../mail/mail-outbox';
import { passwordResetMail } from '../mail/templates';
import { shopError } from '../shop-errors';
import type { UserAccount } from '../users/accounts';

export const OTP_TTL_MS = 15 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** A request for a new code within this time reuses nothing but is refused quietly. */
const OTP_RESEND_GAP_MS = 30 * 1000;

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * Issues a code and queues its mail (the caller wakes the mail worker). TooManyAttempts when the
 * user was sent one moments ago.
 */
export async function issuePasswordResetCode(
  db: Db,
  user: Pick<UserAccount, 'id' | 'email' | 'locale' | 'firstName'>,
  { now, siteUrl }: { now: Date; siteUrl: string },
): Promise<{ expiresInSeconds: number }> {
  const [recent] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'password_reset'), gt(oneTimeCodes.createdAt, new Date(now.getTime() - OTP_RESEND_GAP_MS))))
    .limit(1);
  if (recent) throw shopError('TooManyAttempts');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const message = passwordResetMail({ to: user.email, code, locale: user.locale, firstName: user.firstName, siteUrl, minutes: OTP_TTL_MS / 60000 });
  // The code and its mail exist together or not at all; the outbox worker sends the mail.
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(and(eq(oneTimeCodes.userId, user.id), isNull(oneTimeCodes.usedAt)));
    const [row] = await tx.insert(oneTimeCodes).values({ userId: user.id, purpose: 'password_reset', codeHash: hashCode(user.id, code), expiresAt, createdAt: now }).returning({ id: oneTimeCodes.id });
    await enqueueRenderedMail(tx, { kind: 'password-reset', refId: row!.id, locale: user.locale, message, expiresAt }, now);
  });
  return { expiresInSeconds: OTP_TTL_MS / 1000 };
}

/**
 * The id of the user's pending code when `otp` is it; null otherwise, after counting the wrong
 * guess against the code (the fifth one uses it up).
 */
export async function matchPasswordResetCode(db: Db, userId: number, otp: string, now: Date): Promise<number | null> {
  const [pending] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'password_reset'), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!pending) return null;
  if (pending.attempts < OTP_MAX_ATTEMPTS && timingSafeEqual(Buffer.from(pending.codeHash), Buffer.from(hashCode(userId, otp)))) return pending.id;
  const attempts = pending.attempts + 1;
  await db.update(oneTimeCodes).set({ attempts, ...(attempts >= OTP_MAX_ATTEMPTS ? { usedAt: now } : {}) }).where(eq(oneTimeCodes.id, pending.id));
  return null;
}

/** Uses the code up and sets the new (already hashed) password, together. */
export async function resetPasswordWithCode(db: Db, userId: number, codeId: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, codeId));
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId));
  });
}
