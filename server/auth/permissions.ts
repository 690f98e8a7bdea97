// Who may act for which customer (spec section 6): a customer user for its own customer only,
// an agent for the customers assigned to it. Checked on the server for every call naming one.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agentCustomers } from '../db/schema';
import type { AuthUser } from './auth-user';
import { shopError } from '../shop-errors';

export async function canActFor(db: Db, user: AuthUser, customerId: number): Promise<boolean> {
  if (!user.isAgent) return user.customerId === customerId;
  const [row] = await db
    .select({ one: agentCustomers.customerId })
    .from(agentCustomers)
    .where(and(eq(agentCustomers.agentId, user.id), eq(agentCustomers.customerId, customerId)))
    .limit(1);
  return !!row;
}

/**
 * The customer a call acts for: the one named in the request (checked), or the user's own.
 * Agents must name one. 403 when the user may not act for it.
 */
export async function resolveCustomer(db: Db, user: AuthUser, requested: number | undefined): Promise<number> {
  if (requested === undefined) {
    if (user.customerId !== null && !user.isAgent) return user.customerId;
    throw shopError('ValidationFailed', [{ field: 'customer', code: 'required', message: 'Choose the customer to act for.' }]);
  }
  if (!(await canActFor(db, user, requested))) throw shopError('Forbidden');
  return requested;
}

/**
 * For a resource found by id: 404 (not 403) when it belongs to a customer the user may not see,
 * so ids of other customers' carts, orders or addresses reveal nothing.
 */
export async function assertVisible(db: Db, user: AuthUser, ownerCustomerId: number | null | undefined): Promise<void> {
  if (ownerCustomerId === null || ownerCustomerId === undefined || !(await canActFor(db, user, ownerCustomerId))) {
    throw shopError('NotFound');
  }
}
