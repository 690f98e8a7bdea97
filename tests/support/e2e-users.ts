// Users of their own for browser specs that empty and fill a cart and place orders: the specs share
// one database and run in parallel, and two specs emptying one customer's cart would race. Each
// is a copy of a demo customer (data, addresses, password), under its own email.
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { addresses, customers, users } from '../../server/db/schema';
import { addB2bE2eUsers } from './b2b-e2e-users';

/** money.spec.ts's consumer: a copy of consumer@example.com (C0006), same password. */
export const MONEY_CONSUMER = { email: 'money@example.test', password: 'Consumer-2026!', copyOf: 'consumer@example.com', code: 'E2E-MONEY' };

export async function addE2eUsers(db: Db): Promise<void> {
  for (const spec of [MONEY_CONSUMER]) {
    const [source] = await db.select().from(users).where(eq(users.email, spec.copyOf));
    const [customer] = await db.select().from(customers).where(eq(customers.id, source!.customerId!));
    const { id: _customerId, createdAt: _c, updatedAt: _u, ...customerData } = customer!;
    const [copy] = await db.insert(customers).values({ ...customerData, code: spec.code, email: spec.email }).returning({ id: customers.id });
    const { id: _userId, createdAt: _uc, updatedAt: _uu, ...userData } = source!;
    await db.insert(users).values({ ...userData, email: spec.email, customerId: copy!.id });
    const book = await db.select().from(addresses).where(eq(addresses.customerId, customer!.id));
    for (const { id: _addressId, createdAt: _ac, updatedAt: _au, userId: _owner, ...address } of book.filter((a) => a.deletedAt === null)) {
      await db.insert(addresses).values({ ...address, customerId: copy!.id, userId: null });
    }
  }
  await addB2bE2eUsers(db);
}
