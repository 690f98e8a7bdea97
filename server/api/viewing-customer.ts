// The customer a catalogue call shows its view for (server/catalogue/customer-pricing.ts), with
// the request's user: when one is needed, requireUser answers why there is none (no token, an
// expired one, a password change due) before the domain rule runs.
import type { Context } from 'hono';
import { needsUser, viewingCustomer } from '../catalogue/customer-pricing';
import type { ApiEnv } from './context';
import { requireUser } from './middleware/auth';

export const viewingCustomerOf = (c: Context<ApiEnv>, named: number | undefined, required = false): Promise<number | undefined> =>
  viewingCustomer(c.get('deps').db, needsUser(named, required) ? requireUser(c) : c.get('user'), named, required);
