// Reads the token of every request; routes that need a user call requireUser(c).
import type { Context, MiddlewareHandler } from 'hono';
import { tokenFromHeader, userForToken } from '../../auth/tokens';
import type { ApiEnv, AuthUser } from '../context';
import { FIELD_CODES } from '../../../src/lib/contract/error-codes';
import { apiError } from '../errors';

/**
 * A valid token sets the user; an invalid or expired one is remembered so that calls needing
 * a user answer 401 "Invalid or expired token." (the client then clears it), while public calls
 * simply proceed anonymously.
 */
export const readToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = tokenFromHeader(c.req.header('Authorization'));
  c.set('user', undefined);
  c.set('invalidToken', false);
  c.set('pendingUser', undefined);
  if (token) {
    const { db, now } = c.get('deps');
    const user = await userForToken(db, token, now());
    // The flag is read at every call, not stored with the token: a change forced on a user who
    // is signed in restricts the tokens already out there at once.
    if (user?.mustChangePassword) c.set('pendingUser', user);
    else c.set('user', user ?? undefined);
    c.set('invalidToken', !user);
  }
  await next();
};

/**
 * A token of a user who must change the password counts as no user for public calls (they
 * answer anonymously) and is refused by every call that needs one.
 */
export function requireUser(c: Context<ApiEnv>): AuthUser {
  const user = c.get('user');
  if (user) return user;
  if (c.get('pendingUser')) {
    throw apiError('PasswordChangeRequired', [
      { field: null, code: FIELD_CODES.passwordChangeRequired, message: 'You must change your password before continuing.' },
    ]);
  }
  if (c.get('invalidToken')) throw apiError('InvalidToken');
  throw apiError('NotAuthenticated');
}

/** The token's user even when a password change is due: for signing out and changing the password. */
export function requireTokenHolder(c: Context<ApiEnv>): AuthUser {
  return c.get('pendingUser') ?? requireUser(c);
}

/** The token's user when there is one, pending password change or not. */
export const tokenHolder = (c: Context<ApiEnv>): AuthUser | undefined => c.get('user') ?? c.get('pendingUser');

export function requireAgent(c: Context<ApiEnv>): AuthUser {
  const user = requireUser(c);
  if (!user.isAgent) throw apiError('Forbidden');
  return user;
}
