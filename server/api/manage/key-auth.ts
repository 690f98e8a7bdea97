// Who calls the management API: `Authorization: Bearer <key>` (ADR 0028). No key, an unknown or
// a revoked one answer 401; a key without the route's scope 403. Failed keys are counted per
// address and refused with 429 past the limit, so keys cannot be guessed at speed.
import type { Context } from 'hono';
import { countFailure, failuresUsedUp, type Limit } from '../../auth/attempt-limits';
import { apiKeyHolder, type ApiKeyHolder, type ApiKeyScope } from '../../manage/api-keys';
import { clientAddress } from '../client-address';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { refuseWhile } from '../throttle';

/** Wrong keys per address: an integration with a mistyped key stops for a while, a guesser gets nowhere. */
export const KEY_FAILURES: Limit = { limit: 20, windowMs: 15 * 60 * 1000 };

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

export async function requireApiKey(c: Context<ApiEnv>, scope: ApiKeyScope): Promise<ApiKeyHolder> {
  const { db, now } = c.get('deps');
  const key = bearer(c.req.header('Authorization'));
  if (!key) {
    throw apiError('NotAuthenticated', [{ field: null, code: 'api_key_required', message: 'Send the API key as "Authorization: Bearer <key>".' }], 'An API key is required.');
  }
  const throttleKeys = [`manage-key:${clientAddress(c)}`];
  refuseWhile(c, await failuresUsedUp(db, throttleKeys, KEY_FAILURES, now()), 'Too many calls with a wrong API key, try again later.');
  const holder = await apiKeyHolder(db, key, now());
  if (!holder) {
    await countFailure(db, throttleKeys, KEY_FAILURES, now());
    throw apiError('InvalidToken', [{ field: null, code: 'api_key_invalid', message: 'The API key is unknown or revoked.' }], 'The API key is unknown or revoked.');
  }
  if (!holder.scopes.includes(scope)) {
    const message = `The key '${holder.name}' does not have the scope '${scope}' (it has: ${holder.scopes.join(', ')}).`;
    throw apiError('Forbidden', [{ field: null, code: 'scope_missing', message }], message);
  }
  return holder;
}
