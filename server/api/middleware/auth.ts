// Reads the token of every request; routes that need a user call requireUser(c).
import type { Context, MiddlewareHandler } from 'hono';
import { tokenFromHeader, userForToken } from '../../auth/tokens';
import type { ApiEnv, AuthUser } from '../context';
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
  if (token) {
    const { db, now } = c.get('deps');
    const user = await userForToken(db, token, now());
    c.set('user', user ?? undefined);
    c.set('invalidToken', !user);
  }
  await next();
};

export function requireUser(c: Context<ApiEnv>): AuthUser {
  const user = c.get('user');
  if (user) return user;
  if (c.get('invalidToken')) throw apiError('InvalidToken');
  throw apiError('NotAuthenticated');
}

export function requireAgent(c: Context<ApiEnv>): AuthUser {
  const user = requireUser(c);
  if (!user.isAgent) throw apiError('Forbidden');
  return user;
}
