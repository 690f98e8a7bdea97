// Which customer a catalogue or documents call shows. It reads the request's user (signed in,
// pending a password change, or with a stale token), so it belongs to the API, while the
// permission it checks (resolveCustomer) stays in the domain.
import type { Context } from 'hono';
import { resolveCustomer } from '../auth/permissions';
import type { ApiEnv } from './context';
import { requireUser } from './middleware/auth';

/**
 * The customer whose view (prices, own documents) a call shows: the one named (only by a user who may act
 * for it), else a signed-in customer's own; none for anonymous callers and agents who name none.
 * `required` (annotate_ordered_qty) makes a customer mandatory, as for any call acting for one.
 */
export async function viewingCustomer(c: Context<ApiEnv>, named: number | undefined, required = false): Promise<number | undefined> {
  const { db } = c.get('deps');
  if (named !== undefined || required) return resolveCustomer(db, requireUser(c), named);
  const user = c.get('user');
  return user && !user.isAgent && user.customerId !== null ? user.customerId : undefined;
}
