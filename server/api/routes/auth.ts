// Authentication (spec section 7, auth/): tokens, sign-out, password reset with an emailed
// one-time code, password change and the forced-change check.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { CheckPasswordChangeResponse, CurrentUser, LoginResponse } from '../../../src/lib/contract/auth';
import { OtpPasswordChangeBodySchema, PasswordChangeBodySchema, UsernameBodySchema } from '../../../src/lib/contract/auth';
import { PASSWORD_ISSUE_MESSAGES, passwordIssues } from '../../../src/lib/rules/password';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import {
  OTP_FAILURES, RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_USERNAME, USERNAME_CHECKS, countCall, countFailure, failuresUsedUp,
} from '../../auth/attempt-limits';
import { clearCounters } from '../../auth/rate-limit';
import { attemptFailed, attemptSucceeded, beginAttempt } from '../../auth/sign-in-throttle';
import { issueToken, revokeAllTokens, revokeOtherTokens, revokeToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { customers, oneTimeCodes, users } from '../../db/schema';
import { readBody } from '../body';
import type { ApiEnv, AuthUser } from '../context';
import { apiError } from '../errors';
import { clientAddress } from '../client-address';
import { requireTokenHolder, requireUser, tokenHolder } from '../middleware/auth';
import { refuseSignIn, refuseWhile, signInBotCheck } from '../throttle';
import { passwordResetMail } from '../../mail/templates';
import { enqueueRenderedMail } from '../../mail/mail-outbox';

export const authRoutes = new Hono<ApiEnv>({ strict: false });

export const OTP_TTL_MS = 15 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** A request for a new code within this time reuses nothing but is refused quietly. */
const OTP_RESEND_GAP_MS = 30 * 1000;


const limitKeys = (kind: string, username: string, address: string) => [`${kind}:user:${username.trim().toLowerCase().slice(0, 320)}`, `${kind}:ip:${address}`];

/** A failed guess answers no sooner than this, whatever the reason (authDelayMs, 0 in tests). */
const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, Math.min(ms, 2_000))) : Promise.resolve());

const findUser = async (db: Db, username: string) =>
  (await db.select().from(users).where(and(sql`lower(${users.email}) = ${username.toLowerCase()}`, eq(users.isActive, true))).limit(1))[0];

function parseBasic(header: string | undefined): { username: string; password: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const cut = decoded.indexOf(':');
  if (cut < 1) return null;
  return { username: decoded.slice(0, cut).trim(), password: decoded.slice(cut + 1) };
}

function assertPolicy(password: string, personal: (string | null)[]) {
  const issues = passwordIssues(password, { personal });
  if (issues.length) {
    throw apiError('InvalidPassword', issues.map((code) => ({ field: 'password', code, message: PASSWORD_ISSUE_MESSAGES[code] })));
  }
}

// A fixed hash to verify against when the user does not exist, so timing does not reveal it.
let dummyHash: Promise<string> | undefined;

authRoutes.post('/login', async (c) => {
  const { db, now, authTokenTtlHours, authDelayMs } = c.get('deps');
  const credentials = parseBasic(c.req.header('Authorization'));
  if (!credentials) throw apiError('InvalidLoginCredentials');
  const address = clientAddress(c);
  refuseSignIn(c, await beginAttempt(db, { username: credentials.username, address, now: now(), ...(await signInBotCheck(c)) }));
  const user = await findUser(db, credentials.username);
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), credentials.password);
  if (!user || !ok) {
    await attemptFailed(db, credentials.username, address, now());
    await pause(authDelayMs);
    throw apiError('InvalidLoginCredentials');
  }
  await attemptSucceeded(db, credentials.username, address);
  const { token, expiresAt } = await issueToken(db, user.id, authTokenTtlHours, now(), c.req.header('User-Agent'));
  await db.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
  const body: LoginResponse = { token, expiry: expiresAt.toISOString(), token_expire: expiresAt.toISOString(), must_change_password: user.mustChangePassword };
  return c.json(body);
});

authRoutes.post('/logout', async (c) => {
  const user = requireTokenHolder(c);
  await revokeToken(c.get('deps').db, user.tokenId);
  return c.body(null, 204);
});

authRoutes.post('/logout-all', async (c) => {
  const user = requireTokenHolder(c);
  await revokeAllTokens(c.get('deps').db, user.id);
  return c.body(null, 204);
});

export async function describeUser(db: Db, user: Pick<AuthUser, 'id' | 'email' | 'firstName' | 'lastName' | 'isAgent' | 'customerId' | 'mustChangePassword'>): Promise<CurrentUser> {
  const [customer] = user.customerId ? await db.select().from(customers).where(eq(customers.id, user.customerId)) : [];
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_agent: user.isAgent,
    agent_profile: user.isAgent ? { id: user.id } : null,
    customer_profile: customer
      ? { id: customer.id, business_name: customer.businessName, first_name: customer.firstName, last_name: customer.lastName, kind: customer.kind }
      : null,
    must_change_password: user.mustChangePassword,
  };
}

authRoutes.get('/is-authenticated', async (c) => {
  const user = requireUser(c);
  return c.json(await describeUser(c.get('deps').db, user));
});

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

authRoutes.post('/password-reset', async (c) => {
  const { db, now, wakeMail, publicSiteUrl } = c.get('deps');
  const { username } = await readBody(c, UsernameBodySchema);
  const [userKey, addressKey] = limitKeys('reset', username, clientAddress(c));
  refuseWhile(c, await countCall(db, [addressKey!], RESET_REQUESTS_PER_ADDRESS, now()));
  refuseWhile(c, await countCall(db, [userKey!], RESET_REQUESTS_PER_USERNAME, now()));
  const user = await findUser(db, username);
  if (!user) throw apiError('UserNotFound');
  const [recent] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'password_reset'), gt(oneTimeCodes.createdAt, new Date(now().getTime() - OTP_RESEND_GAP_MS))))
    .limit(1);
  if (recent) throw apiError('TooManyAttempts');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now().getTime() + OTP_TTL_MS);
  const message = passwordResetMail({ to: user.email, code, locale: user.locale, firstName: user.firstName, siteUrl: publicSiteUrl, minutes: OTP_TTL_MS / 60000 });
  // The code and its mail exist together or not at all; the outbox worker sends the mail.
  await db.transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx.update(oneTimeCodes).set({ usedAt: now() }).where(and(eq(oneTimeCodes.userId, user.id), isNull(oneTimeCodes.usedAt)));
    const [row] = await tx.insert(oneTimeCodes).values({ userId: user.id, purpose: 'password_reset', codeHash: hashCode(user.id, code), expiresAt }).returning({ id: oneTimeCodes.id });
    await enqueueRenderedMail(tx, { kind: 'password-reset', refId: row!.id, locale: user.locale, message, expiresAt }, now());
  });
  wakeMail();
  return c.json({ detail: 'A code has been sent to your email address.', expires_in: OTP_TTL_MS / 1000 });
});

authRoutes.post('/otp-password-change', async (c) => {
  const { db, now, authDelayMs } = c.get('deps');
  const body = await readBody(c, OtpPasswordChangeBodySchema);
  const keys = limitKeys('otp', body.username, clientAddress(c));
  refuseWhile(c, await failuresUsedUp(db, keys, OTP_FAILURES, now()));
  const user = await findUser(db, body.username);
  if (!user) {
    await countFailure(db, keys, OTP_FAILURES, now());
    await pause(authDelayMs);
    throw apiError('UserNotFound');
  }
  const [pending] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'password_reset'), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now())))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const matches =
    pending && pending.attempts < OTP_MAX_ATTEMPTS && timingSafeEqual(Buffer.from(pending.codeHash), Buffer.from(hashCode(user.id, body.otp)));
  if (!pending || !matches) {
    if (pending) {
      const attempts = pending.attempts + 1;
      await db.update(oneTimeCodes).set({ attempts, ...(attempts >= OTP_MAX_ATTEMPTS ? { usedAt: now() } : {}) }).where(eq(oneTimeCodes.id, pending.id));
    }
    await countFailure(db, keys, OTP_FAILURES, now());
    await pause(authDelayMs);
    throw apiError('InvalidOtp');
  }
  assertPolicy(body.password, [user.email, user.firstName, user.lastName]);
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ usedAt: now() }).where(eq(oneTimeCodes.id, pending.id));
    await tx.update(users).set({ passwordHash: await hashPassword(body.password), mustChangePassword: false }).where(eq(users.id, user.id));
  });
  // A reset password ends every session that may have used the old one.
  await revokeAllTokens(db, user.id);
  // Only the username starts afresh (its code and sign-in counts): the address keeps its failures.
  await clearCounters(db, [keys[0]!]);
  await attemptSucceeded(db, body.username, clientAddress(c));
  return c.json({ detail: 'Password changed.' });
});

authRoutes.post('/password-change', async (c) => {
  const { db, now, authDelayMs } = c.get('deps');
  const body = await readBody(c, PasswordChangeBodySchema);
  const address = clientAddress(c);
  // The old password is guessed here as well as at sign-in: the same throttle, the same counters.
  // A caller signed in as this very user has proved itself and needs no bot check.
  const holder = tokenHolder(c);
  const provenUser = holder !== undefined && holder.email.toLowerCase() === body.username.trim().toLowerCase();
  refuseSignIn(c, await beginAttempt(db, { username: body.username, address, now: now(), provenUser, ...(await signInBotCheck(c)) }));
  const user = await findUser(db, body.username);
  if (!user) {
    await attemptFailed(db, body.username, address, now());
    await pause(authDelayMs);
    throw apiError('UserNotFound');
  }
  if (!(await verifyPassword(user.passwordHash, body.old_password))) {
    await attemptFailed(db, body.username, address, now());
    await pause(authDelayMs);
    throw apiError('InvalidPassword', [{ field: 'old_password', code: 'invalid', message: 'The current password is not correct.' }]);
  }
  if (body.password === body.old_password) {
    throw apiError('InvalidPassword', [{ field: 'password', code: 'unchanged', message: 'The new password must differ from the current one.' }]);
  }
  assertPolicy(body.password, [user.email, user.firstName, user.lastName]);
  await db.update(users).set({ passwordHash: await hashPassword(body.password), mustChangePassword: false }).where(eq(users.id, user.id));
  // Sessions that may have used the old password end; the caller's own token, when it has one
  // for this user, stays (the account page changes the password without signing out).
  await revokeOtherTokens(db, user.id, holder?.id === user.id ? holder.tokenId : undefined);
  await attemptSucceeded(db, body.username, address);
  return c.json({ detail: 'Password changed.' });
});

authRoutes.post('/check-psswd-change', async (c) => {
  const { db, now } = c.get('deps');
  const { username } = await readBody(c, UsernameBodySchema);
  // The sign-in flow needs the spec's 404 for an unknown username, so this call tells whether a
  // username exists: it is bounded per address, and both answers cost the same one query.
  refuseWhile(c, await countCall(db, [`check:ip:${clientAddress(c)}`], USERNAME_CHECKS, now()));
  const user = await findUser(db, username);
  if (!user) throw apiError('UserNotFound');
  const body: CheckPasswordChangeResponse = { must_change_password: user.mustChangePassword };
  return c.json(body);
});
