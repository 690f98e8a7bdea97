// Sign-in tokens: random, given to the client once, stored only as a SHA-256 hash, expiring.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { authTokens, customers, users } from '../db/schema';
import type { AuthUser } from './auth-user';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Db, userId: number, ttlHours: number, now: Date, userAgent?: string | null) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  await db.insert(authTokens).values({ userId, tokenHash: hashToken(token), expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt };
}

/** The user a token belongs to, when the token exists, has not expired and the user is active. */
export async function userForToken(db: Db, token: string, now: Date): Promise<AuthUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  // Every signed-in request asks this: a named statement (ADR 0035).
  const [row] = await prepared(db, 'auth_user_for_token', (db) =>
    db
      .select({ tokenId: authTokens.id, user: users, customerKind: customers.kind })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .leftJoin(customers, eq(customers.id, users.customerId))
      .where(and(eq(authTokens.tokenHash, sql.placeholder('hash')), gt(authTokens.expiresAt, sql.placeholder('now')), eq(users.isActive, true)))
      .limit(1),
  ).execute({ hash: hashToken(token), now: now.toISOString() });
  if (!row) return null;
  const u = row.user;
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAgent: u.isAgent,
    customerId: u.customerId,
    customerKind: row.customerKind ?? null,
    mustChangePassword: u.mustChangePassword,
    tokenId: row.tokenId,
    locale: u.locale,
  };
}

export const revokeToken = (db: Db, tokenId: number) => db.delete(authTokens).where(eq(authTokens.id, tokenId));
export const revokeAllTokens = (db: Db, userId: number) => db.delete(authTokens).where(eq(authTokens.userId, userId));
/** Every token of the user but `keepTokenId` (all of them when it is undefined). */
export const revokeOtherTokens = (db: Db, userId: number, keepTokenId: number | undefined) =>
  keepTokenId === undefined
    ? revokeAllTokens(db, userId)
    : db.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId)));

/** Reads `Authorization: Token <token>`; undefined when absent or of another scheme. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const match = header?.match(/^Token\s+(\S+)\s*$/i);
  return match?.[1];
}
