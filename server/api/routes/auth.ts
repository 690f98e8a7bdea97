// Authentication (spec section 7, auth/): tokens, sign-out, password reset with an emailed
// one-time code, password change and the forced-change check.
import { PASSWORD_ISSUE_MESSAGES, passwordIssues } from '../../../src/lib/rules/password';
import {
  OTP_FAILURES, RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_USERNAME, USERNAME_CHECKS, countCall, countFailure, failuresUsedUp,
} from '../../auth/attempt-limits';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { issuePasswordResetCode, matchPasswordResetCode, resetPasswordWithCode } from '../../auth/password-reset-codes';
import { clearCounters } from '../../auth/rate-limit';
import { attemptFailed, attemptSucceeded, beginAttempt } from '../../auth/sign-in-throttle';
import { issueToken, revokeAllTokens, revokeOtherTokens, revokeToken } from '../../auth/tokens';
import { findActiveAccount, recordSignIn, setPasswordHash } from '../../users/accounts';
import { describeCurrentUser } from '../../users/current-user';
import { clientAddress } from '../client-address';
import { apiError } from '../errors';
import { requireTokenHolder, requireUser, tokenHolder } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';
import { refuseSignIn, refuseWhile, signInBotCheck } from '../throttle';

const limitKeys = (kind: string, username: string, address: string) => [`${kind}:user:${username.trim().toLowerCase().slice(0, 320)}`, `${kind}:ip:${address}`];

/** A failed guess answers no sooner than this, whatever the reason (authDelayMs, 0 in tests). */
const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, Math.min(ms, 2_000))) : Promise.resolve());

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

export const authHandlers = defineHandlers({
  logIn: async (c) => {
    const { db, now, authTokenTtlHours, authDelayMs } = c.get('deps');
    const credentials = parseBasic(c.req.header('Authorization'));
    if (!credentials) throw apiError('InvalidLoginCredentials');
    const address = clientAddress(c);
    refuseSignIn(c, await beginAttempt(db, { username: credentials.username, address, now: now(), ...(await signInBotCheck(c)) }));
    const user = await findActiveAccount(db, credentials.username);
    dummyHash ??= hashPassword('not-a-real-password-Aa1!');
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), credentials.password);
    if (!user || !ok) {
      await attemptFailed(db, credentials.username, address, now());
      await pause(authDelayMs);
      throw apiError('InvalidLoginCredentials');
    }
    await attemptSucceeded(db, credentials.username, address);
    const { token, expiresAt } = await issueToken(db, user.id, authTokenTtlHours, now(), c.req.header('User-Agent'));
    await recordSignIn(db, user.id, now());
    return { token, expiry: expiresAt.toISOString(), token_expire: expiresAt.toISOString(), must_change_password: user.mustChangePassword };
  },

  logOut: async (c) => {
    const user = requireTokenHolder(c);
    await revokeToken(c.get('deps').db, user.tokenId);
    return undefined;
  },

  logOutEverywhere: async (c) => {
    const user = requireTokenHolder(c);
    await revokeAllTokens(c.get('deps').db, user.id);
    return undefined;
  },

  getCurrentUser: async (c) => describeCurrentUser(c.get('deps').db, requireUser(c)),

  requestPasswordReset: async (c, { body: { username } }) => {
    const { db, now, wakeMail, publicSiteUrl } = c.get('deps');
    const [userKey, addressKey] = limitKeys('reset', username, clientAddress(c));
    refuseWhile(c, await countCall(db, [addressKey!], RESET_REQUESTS_PER_ADDRESS, now()));
    refuseWhile(c, await countCall(db, [userKey!], RESET_REQUESTS_PER_USERNAME, now()));
    const user = await findActiveAccount(db, username);
    if (!user) throw apiError('UserNotFound');
    // Written in the language the visitor is using on the page, else the account's.
    const locale = c.get('requestLocale') ?? user.locale;
    const { expiresInSeconds } = await issuePasswordResetCode(db, { ...user, locale }, { now: now(), siteUrl: publicSiteUrl });
    wakeMail();
    return { detail: 'A code has been sent to your email address.', expires_in: expiresInSeconds };
  },

  resetPasswordWithCode: async (c, { body }) => {
    const { db, now, authDelayMs } = c.get('deps');
    const keys = limitKeys('otp', body.username, clientAddress(c));
    refuseWhile(c, await failuresUsedUp(db, keys, OTP_FAILURES, now()));
    const user = await findActiveAccount(db, body.username);
    if (!user) {
      await countFailure(db, keys, OTP_FAILURES, now());
      await pause(authDelayMs);
      throw apiError('UserNotFound');
    }
    const codeId = await matchPasswordResetCode(db, user.id, body.otp, now());
    if (codeId === null) {
      await countFailure(db, keys, OTP_FAILURES, now());
      await pause(authDelayMs);
      throw apiError('InvalidOtp');
    }
    assertPolicy(body.password, [user.email, user.firstName, user.lastName]);
    await resetPasswordWithCode(db, user.id, codeId, await hashPassword(body.password), now());
    // A reset password ends every session that may have used the old one.
    await revokeAllTokens(db, user.id);
    // Only the username starts afresh (its code and sign-in counts): the address keeps its failures.
    await clearCounters(db, [keys[0]!]);
    await attemptSucceeded(db, body.username, clientAddress(c));
    return { detail: 'Password changed.' };
  },

  changePassword: async (c, { body }) => {
    const { db, now, authDelayMs } = c.get('deps');
    const address = clientAddress(c);
    // The old password is guessed here as well as at sign-in: the same throttle, the same counters.
    // A caller signed in as this very user has proved itself and needs no bot check.
    const holder = tokenHolder(c);
    const provenUser = holder !== undefined && holder.email.toLowerCase() === body.username.trim().toLowerCase();
    refuseSignIn(c, await beginAttempt(db, { username: body.username, address, now: now(), provenUser, ...(await signInBotCheck(c)) }));
    const user = await findActiveAccount(db, body.username);
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
    await setPasswordHash(db, user.id, await hashPassword(body.password));
    // Sessions that may have used the old password end; the caller's own token, when it has one
    // for this user, stays (the account page changes the password without signing out).
    await revokeOtherTokens(db, user.id, holder?.id === user.id ? holder.tokenId : undefined);
    await attemptSucceeded(db, body.username, address);
    return { detail: 'Password changed.' };
  },

  checkPasswordChange: async (c, { body: { username } }) => {
    const { db, now } = c.get('deps');
    // The sign-in flow needs the spec's 404 for an unknown username, so this call tells whether a
    // username exists: it is bounded per address, and both answers cost the same one query.
    refuseWhile(c, await countCall(db, [`check:ip:${clientAddress(c)}`], USERNAME_CHECKS, now()));
    const user = await findActiveAccount(db, username);
    if (!user) throw apiError('UserNotFound');
    return { must_change_password: user.mustChangePassword };
  },
});
