// Customers and an agent of their own for the issue-16 browser specs (tests/e2e/b2b-*.spec.ts):
// they fill and empty carts, which other specs' demo customers must not see. Each customer is a
// copy of a demo business customer (data, addresses and agreed prices), so two copies of two
// different customers pay different prices, as the demo customers do.
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { addresses, agentCustomers, customerPrices, customers, users } from '../../server/db/schema';

/** Quick order: a copy of Cantina dei Colli (C0001) and its user. */
export const QUICK_BUYER = { email: 'quick@example.test', password: 'Customer-2026!', copyOf: 'C0001', code: 'E2E-QUICK', userOf: 'b2b@example.com' };
/** Saved lists: a copy of Birrificio Monte Alto (C0002) and its user. */
export const LIST_BUYER = { email: 'lists@example.test', password: 'Customer-2026!', copyOf: 'C0002', code: 'E2E-LISTS', userOf: 'b2b2@example.com' };
/** The agent's day: an agent (password of agent@example.com) with copies of C0002 (Aosta) and C0003 (Torino). */
export const DAY_AGENT = {
  email: 'day-agent@example.test',
  password: 'Agent-2026!',
  copyOf: 'agent@example.com',
  customers: [
    { copyOf: 'C0003', code: 'E2E-DAY-TORINO', city: 'Torino' },
    { copyOf: 'C0002', code: 'E2E-DAY-AOSTA', city: 'Aosta' },
  ],
};

async function copyCustomer(db: Db, sourceCode: string, code: string, email: string): Promise<number> {
  const [customer] = await db.select().from(customers).where(eq(customers.code, sourceCode));
  const { id: sourceId, createdAt: _c, updatedAt: _u, ...data } = customer!;
  const [copy] = await db.insert(customers).values({ ...data, code, email }).returning({ id: customers.id });
  const book = await db.select().from(addresses).where(eq(addresses.customerId, sourceId));
  for (const { id: _a, createdAt: _ac, updatedAt: _au, userId: _owner, ...address } of book.filter((a) => a.deletedAt === null)) {
    await db.insert(addresses).values({ ...address, customerId: copy!.id, userId: null });
  }
  const prices = await db.select().from(customerPrices).where(eq(customerPrices.customerId, sourceId));
  if (prices.length > 0) await db.insert(customerPrices).values(prices.map(({ id: _p, ...price }) => ({ ...price, customerId: copy!.id })));
  return copy!.id;
}

async function copyUser(db: Db, sourceEmail: string, email: string, customerId: number | null): Promise<number> {
  const [source] = await db.select().from(users).where(eq(users.email, sourceEmail));
  const { id: _id, createdAt: _c, updatedAt: _u, ...data } = source!;
  const [user] = await db.insert(users).values({ ...data, email, customerId }).returning({ id: users.id });
  return user!.id;
}

export async function addB2bE2eUsers(db: Db): Promise<void> {
  for (const buyer of [QUICK_BUYER, LIST_BUYER]) {
    const customerId = await copyCustomer(db, buyer.copyOf, buyer.code, buyer.email);
    await copyUser(db, buyer.userOf, buyer.email, customerId);
  }
  const agentId = await copyUser(db, DAY_AGENT.copyOf, DAY_AGENT.email, null);
  for (const c of DAY_AGENT.customers) {
    const customerId = await copyCustomer(db, c.copyOf, c.code, `${c.code.toLowerCase()}@example.test`);
    await db.insert(agentCustomers).values({ agentId, customerId });
  }
}
