// Who may use quick order, saved lists and purchase history (issue 16): business customers'
// users for their own customer, and agents for the business customers assigned to them. A
// consumer is told so with a stable code (TradeCustomersOnly) rather than a bare 403.
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/auth-user';
import { assertVisible, resolveCustomer } from '../auth/permissions';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { shopError } from '../shop-errors';

/** 403 TradeCustomersOnly for a consumer's user (or a user of no customer). */
export function assertTradeCaller(user: AuthUser): void {
  if (!user.isAgent && user.customerKind !== 'b2b') throw shopError('TradeCustomersOnly');
}

/**
 * The business customer a call acts for: the one named (an agent must name one it is assigned
 * to: 403 otherwise), else the user's own. 403 TradeCustomersOnly for a consumer.
 */
export async function tradeCustomerFor(db: Db, user: AuthUser, named: number | null | undefined): Promise<number> {
  assertTradeCaller(user);
  const customerId = await resolveCustomer(db, user, named ?? undefined);
  if (user.isAgent) await assertTradeCustomer(db, customerId);
  return customerId;
}

export async function assertTradeCustomer(db: Db, customerId: number): Promise<void> {
  const [c] = await db.select({ kind: customers.kind }).from(customers).where(eq(customers.id, customerId)).limit(1);
  if (c?.kind !== 'b2b') throw shopError('TradeCustomersOnly');
}

/** For a list, row or cart found by id: a trade caller, and 404 when its customer is not the caller's to see. */
export async function assertTradeVisible(db: Db, user: AuthUser, ownerCustomerId: number | null | undefined): Promise<void> {
  assertTradeCaller(user);
  await assertVisible(db, user, ownerCustomerId);
}
