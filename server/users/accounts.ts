// The user accounts sign-in and the password calls work on: found by their email (the
// username), stamped at sign-in, given a new password.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserAccount = typeof users.$inferSelect;

/** The active user whose email is `username`, whatever its case. */
export async function findActiveAccount(db: Db, username: string): Promise<UserAccount | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${username.toLowerCase()}`, eq(users.isActive, true)))
    .limit(1);
  return user;
}

export async function recordSignIn(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/** Stores an already hashed password; the user is no longer asked to change it. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId));
}
