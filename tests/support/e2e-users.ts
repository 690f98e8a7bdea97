// Users of their own for browser specs that empty and fill a cart and place orders: the specs share
// one database and run in parallel, and two specs emptying one customer's cart would race. Each
// is a copy of a demo customer (data, addresses, password), under its own email.
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { addresses, customerPrices, customers, users, variants } from '../../server/db/schema';
import { addB2bE2eUsers } from './b2b-e2e-users';

/** money.spec.ts's consumer: a copy of consumer@example.com (C0006), same password. */
export const MONEY_CONSUMER = { email: 'money@example.test', password: 'Consumer-2026!', copyOf: 'consumer@example.com', code: 'E2E-MONEY' };

/** axe-routes.spec.ts's business customer: a copy of b2b@example.com, whose cart holds one row for the cart and checkout scans. */
export const AXE_BUSINESS = { email: 'axe@example.test', password: 'Customer-2026!', copyOf: 'b2b@example.com', code: 'E2E-AXE' };

/** money.spec.ts's business customer (its own net and agreed prices): a copy of b2b2@example.com. */
export const MONEY_BUSINESS = { email: 'money-b2b@example.test', password: 'Customer-2026!', copyOf: 'b2b2@example.com', code: 'E2E-MONEY-B2B' };

/**
 * phone-keyboard.spec.ts's keyboard journeys and availability.spec.ts: copies of Lucía
 * (lucia@sierranorte.example, Bodega Sierra Norte: a Spanish company, reverse charged). A
 * customer has one open cart whoever of its users or agents fills it, and agent.spec.ts orders
 * for Bodega Sierra Norte: specs that empty the cart get a customer of their own.
 */
export const KEYBOARD_BUSINESS = { email: 'keyboard@sierranorte.example', password: 'Customer-2026!', copyOf: 'lucia@sierranorte.example', code: 'E2E-KEYS' };
export const AVAILABILITY_BUSINESS = { email: 'availability@sierranorte.example', password: 'Customer-2026!', copyOf: 'lucia@sierranorte.example', code: 'E2E-AVAIL' };

export async function addE2eUsers(db: Db): Promise<void> {
  for (const spec of [MONEY_CONSUMER, AXE_BUSINESS, MONEY_BUSINESS, KEYBOARD_BUSINESS, AVAILABILITY_BUSINESS]) {
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
    if (spec === MONEY_BUSINESS) {
      // Its own agreed prices: the source's, and 10 % off every variant (the demo agrees none on
      // variants), so whichever variant money.spec.ts picks has a price of this customer's own.
      const agreed = await db.select().from(customerPrices).where(eq(customerPrices.customerId, customer!.id));
      const all = await db.select({ id: variants.id, productId: variants.productId, standard: variants.standardPrice, special: variants.specialPrice }).from(variants);
      const rows = [
        ...agreed.map(({ id: _priceId, ...price }) => ({ ...price, customerId: copy!.id })),
        ...all.map((v) => ({ customerId: copy!.id, productId: v.productId, variantId: v.id, price: Math.round((v.special ?? v.standard) * 90) / 100 })),
      ];
      if (rows.length > 0) await db.insert(customerPrices).values(rows);
    }
  }
  await addB2bE2eUsers(db);
}
