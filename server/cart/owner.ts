// Who a cart or wishlist belongs to (spec section 6): the customer acted for, the agent who keeps
// it (B2B only) and the season. Shared by carts/ and wishlists/ get-or-create.
import { asc, eq, sql } from 'drizzle-orm';
import type { GetOrCreateBody } from '../../src/lib/contract/cart';
import type { ShopContext } from '../../src/lib/contract/common';
import { shopContextFor } from '../../src/lib/rules/shop-context';
import type { AuthUser } from '../auth/auth-user';
import { shopError } from '../shop-errors';
import { resolveCustomer } from '../auth/permissions';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { agentCustomers, customers, seasons } from '../db/schema';

export interface Owner {
  customerId: number;
  agentId: number | null;
  seasonId: number | null;
  shopContext: ShopContext;
}

/** `requestedContext` is the request's context; the customer's kind overrides it (ADR 0015). */
export async function resolveOwner(db: Db, user: AuthUser, body: GetOrCreateBody, requestedContext: ShopContext): Promise<Owner> {
  const { key, agentId } = await resolveOwnerKey(db, user, body, requestedContext);
  return { ...key, agentId: await agentId() };
}

/**
 * What finds an open cart or wishlist (customer, context, season), checked as resolveOwner
 * checks it, and the agent a new one would take: asked only when one is made, since finding
 * one does not need it.
 */
export async function resolveOwnerKey(
  db: Db,
  user: AuthUser,
  body: GetOrCreateBody,
  requestedContext: ShopContext,
): Promise<{ key: Omit<Owner, 'agentId'>; agentId: () => Promise<number | null> }> {
  const customerId = await resolveCustomer(db, user, body.customer ?? undefined);
  // A customer's user acting for its own customer: the token's read gave its kind.
  const shopContext =
    !user.isAgent && customerId === user.customerId && user.customerKind !== null
      ? shopContextFor(user.customerKind, requestedContext)
      : await customerShopContext(db, customerId, requestedContext);
  const seasonId = body.season ?? null;
  if (seasonId !== null) {
    const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId)).limit(1);
    if (!season) throw shopError('ValidationFailed', [{ field: 'season', code: 'not_found', message: 'Unknown season.' }]);
  }
  let assigned: { agentId: number }[] | undefined;
  const assignedAgents = async () =>
    (assigned ??= await prepared(db, 'agents_of_customer', (db) =>
      db
        .select({ agentId: agentCustomers.agentId })
        .from(agentCustomers)
        .where(eq(agentCustomers.customerId, sql.placeholder('customer')))
        .orderBy(asc(agentCustomers.agentId)),
    ).execute({ customer: customerId }));
  const requested = body.agent ?? null;
  // Agents pass their own id; a customer's user may name one of its own agents. Anybody else's
  // id would attach the cart to an agent who never saw it.
  if (requested !== null) {
    const allowed = user.isAgent ? requested === user.id : (await assignedAgents()).some((a) => a.agentId === requested);
    if (!allowed) throw shopError('Forbidden', [{ field: 'agent', code: 'forbidden', message: 'You cannot name this agent.' }]);
  }
  const agentId = async (): Promise<number | null> => {
    if (shopContext !== 'b2b') return null;
    if (user.isAgent) return user.id;
    return requested ?? (await assignedAgents())[0]?.agentId ?? null;
  };
  return { key: { customerId, seasonId, shopContext }, agentId };
}

/**
 * Serializes get-or-create calls for one customer (both databases honour the row lock), so
 * two tabs opening the shop at once still share one cart.
 */
export async function lockCustomer(db: Db, customerId: number): Promise<void> {
  await prepared(db, 'lock_customer', (db) =>
    db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('id')))
      .for('update'),
  ).execute({ id: customerId });
}


/** The context a customer is served in: its kind (ADR 0015); `fallback` only for a missing customer. */
export async function customerShopContext(db: Db, customerId: number, fallback: ShopContext): Promise<ShopContext> {
  const [customer] = await prepared(db, 'customer_kind', (db) =>
    db
      .select({ kind: customers.kind })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('id')))
      .limit(1),
  ).execute({ id: customerId });
  return shopContextFor(customer?.kind, fallback);
}
