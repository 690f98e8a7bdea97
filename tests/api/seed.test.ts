import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw';
import { isSeeded, seedDemoShop } from '../../server/seed/seed';
import { openTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoShop(database.db);
});
afterAll(() => database?.destroy());

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(database.db, query))[0]!.n);

describe('demo shop seed', () => {
  it('is idempotent: a second run changes nothing', async () => {
    const before = await count(sql`select count(*)::int as n from products`);
    expect(await seedDemoShop(database.db)).toBe(false);
    expect(await isSeeded(database.db)).toBe(true);
    expect(await count(sql`select count(*)::int as n from products`)).toBe(before);
  });

  it('has the catalogue the foundation promises', async () => {
    expect(await count(sql`select count(*)::int as n from products`)).toBeGreaterThanOrEqual(150);
    expect(await count(sql`select count(*)::int as n from categories where parent_id is not null`)).toBeGreaterThanOrEqual(12);
    expect(await count(sql`select count(*)::int as n from product_translations`)).toBe(3 * (await count(sql`select count(*)::int as n from products`)));
    expect(await count(sql`select count(distinct kind)::int as n from product_relations`)).toBe(5);
    expect(await count(sql`select count(*)::int as n from products where quantity > 5`)).toBeGreaterThan(50);
    expect(await count(sql`select count(*)::int as n from products where quantity between 1 and 5`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from products where quantity = 0 and not is_backorderable`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from products where quantity = 0 and is_backorderable`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from products where special_price is not null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from customer_prices`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from variants`)).toBeGreaterThan(0);
  });

  it('has people, commerce and content', async () => {
    expect(await count(sql`select count(*)::int as n from users where is_agent`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from customers where kind = 'b2b'`)).toBeGreaterThanOrEqual(4);
    expect(await count(sql`select count(*)::int as n from customers where kind = 'b2c'`)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from agent_customers a join users u on u.id = a.agent_id where u.email = 'agent@example.com'`)).toBeGreaterThanOrEqual(2);
    expect(await count(sql`select count(*)::int as n from users where email = 'renew@example.com' and must_change_password`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from seasons`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from payment_methods where is_contract`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from coupons where valid_to < now()`)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from coupons where valid_to > now()`)).toBeGreaterThanOrEqual(2);
    expect(await count(sql`select count(*)::int as n from shipping_policies where code = 'SPEDIZIONEGRATIS'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from blog_posts`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`select count(*)::int as n from sliders`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from page_documents where slug in ('chi-siamo', 'mission', 'valori', 'settori', 'offerte')`)).toBe(5);
    expect(await count(sql`select count(*)::int as n from orders`)).toBeGreaterThan(10);
    expect(await count(sql`select count(*)::int as n from order_documents where type = 'invoice'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from addresses where type = 'Billing'`)).toBeGreaterThanOrEqual(5);
  });

  it('stores passwords as argon2id hashes only', async () => {
    const rows = await queryRows<{ password_hash: string }>(database.db, sql`select password_hash from users`);
    for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$/);
  });
});
