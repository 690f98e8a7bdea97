// Single-use, expiring links mailed to a user (ADR 0025): the mail address confirmation of a
// sign-up and the first password of an approved trade account. The token is "<row id>.<32 random
// bytes>"; only a SHA-256 hash of the random part is stored, beside the row it names, so a token is
// found without an index on the hash and compared in constant time. A new link of the same
// purpose replaces the user's earlier ones.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeCodes } from '../db/schema';

export type LinkPurpose = 'email_confirm' | 'set_password';

/** Lifetimes: a confirmation is done at once or not at all; an approved business may take a while. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = { email_confirm: 48 * 3600 * 1000, set_password: 7 * 24 * 3600 * 1000 };

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Issues a link token inside the caller's transaction (with the mail that carries it). */
export async function issueLinkToken(tx: Db, userId: number, purpose: LinkPurpose, now: Date): Promise<{ token: string; expiresAt: Date; id: number }> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS[purpose]);
  await tx.update(oneTimeCodes).set({ usedAt: now }).where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
  const [row] = await tx.insert(oneTimeCodes).values({ userId, purpose, codeHash: hashSecret(secret), expiresAt, createdAt: now }).returning({ id: oneTimeCodes.id });
  return { token: `${row!.id}.${secret}`, expiresAt, id: row!.id };
}

export type LinkCheck = { ok: true; userId: number; id: number } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** What a token is worth now (nothing is changed: useLinkToken does that with the change it allows). */
export async function checkLinkToken(db: Db, token: string, purpose: LinkPurpose, now: Date): Promise<LinkCheck> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return { ok: false, reason: 'invalid' };
  const [row] = await db.select().from(oneTimeCodes).where(and(eq(oneTimeCodes.id, Number(match[1])), eq(oneTimeCodes.purpose, purpose)));
  if (!row || !timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(hashSecret(match[2]!)))) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, userId: row.userId, id: row.id };
}

/** Uses the token up, once: false when another request used it first. */
export async function useLinkToken(tx: Db, id: number, now: Date): Promise<boolean> {
  const used = await tx.update(oneTimeCodes).set({ usedAt: now }).where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt))).returning({ id: oneTimeCodes.id });
  return used.length === 1;
}

/**
 * Links of one purpose for many users at once (an import's invitations), in two statements
 * whatever their number; each user's earlier links of the purpose stop working, as with one.
 */
export async function issueLinkTokens(tx: Db, userIds: readonly number[], purpose: LinkPurpose, now: Date): Promise<Map<number, { token: string; expiresAt: Date; id: number }>> {
  const out = new Map<number, { token: string; expiresAt: Date; id: number }>();
  if (!userIds.length) return out;
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS[purpose]);
  const secrets = userIds.map(() => randomBytes(32).toString('base64url'));
  await tx.update(oneTimeCodes).set({ usedAt: now }).where(and(inArray(oneTimeCodes.userId, [...userIds]), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
  const rows = await tx
    .insert(oneTimeCodes)
    .values(userIds.map((userId, i) => ({ userId, purpose, codeHash: hashSecret(secrets[i]!), expiresAt, createdAt: now })))
    .returning({ id: oneTimeCodes.id, userId: oneTimeCodes.userId, codeHash: oneTimeCodes.codeHash });
  const secretOf = new Map(secrets.map((s) => [hashSecret(s), s]));
  for (const row of rows) out.set(row.userId, { token: `${row.id}.${secretOf.get(row.codeHash)!}`, expiresAt, id: row.id });
  return out;
}
