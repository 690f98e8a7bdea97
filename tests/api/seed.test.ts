import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw';
import { verifyPassword } from '../../server/auth/passwords';
import { DEMO_IMPORTS, importDemoFile } from '../../server/seed/demo-files';
import { isSeeded, seedDemoShop } from '../../server/seed/seed';
import { catalogueSnapshot } from '../support/import-files';
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

// The demo shop comes from samples/demo/ through the importer (server/seed/demo-files.ts): the
// files are good import files, and the seeded shop is what they say.
describe('the demo data files', () => {
  /** What the people and price files write. */
  const peopleSnapshot = async () =>
    JSON.stringify(
      await Promise.all(
        [
          sql`select id, code, kind, email, business_name, vat_number, payment_terms, is_active, updated_at::text from customers order by id`,
          sql`select id, email, password_hash, customer_id, is_agent, locale, must_change_password, updated_at::text from users order by id`,
          sql`select * from agent_customers order by 1, 2`,
          sql`select * from user_custom_values order by 1, 2`,
          sql`select *, updated_at::text from addresses order by id`,
          sql`select * from customer_prices order by id`,
          sql`select * from season_prices order by 1, 2`,
        ].map((q) => queryRows(database.db, q)),
      ),
    );

  it('check with no problem and would change nothing in the shop seeded from them (dry run)', async () => {
    for (const { file } of DEMO_IMPORTS) {
      const counts = await importDemoFile(database.db, file, { dryRun: true });
      expect(counts.length, file).toBeGreaterThan(0);
      for (const c of counts) expect(c, `${file}: ${c.records}`).toMatchObject({ created: 0, updated: 0, retired: 0 });
    }
  });

  it('imported again, change nothing: the seeded shop equals the files', async () => {
    const before = { catalogue: await catalogueSnapshot(database.db), people: await peopleSnapshot() };
    for (const { file } of DEMO_IMPORTS) {
      for (const c of await importDemoFile(database.db, file)) expect(c, `${file}: ${c.records}`).toMatchObject({ created: 0, updated: 0 });
    }
    expect({ catalogue: await catalogueSnapshot(database.db), people: await peopleSnapshot() }).toEqual(before);
  });

  it('give the demo logins the passwords the README lists', async () => {
    const logins = [
      ['agent@example.com', 'Agent-2026!'],
      ['b2b@example.com', 'Customer-2026!'],
      ['b2b2@example.com', 'Customer-2026!'],
      ['consumer@example.com', 'Consumer-2026!'],
      ['renew@example.com', 'Renew-2026!'],
      ['lucia@sierranorte.example', 'Customer-2026!'],
      ['elena@ilglicine.example', 'Customer-2026!'],
    ];
    for (const [email, password] of logins) {
      const [user] = await queryRows<{ password_hash: string }>(database.db, sql`select password_hash from users where email = ${email}`);
      expect(await verifyPassword(user!.password_hash, password!), email).toBe(true);
    }
  });

  it('keep what the importer has no column for: variant formats, product ages, picture sizes', async () => {
    expect(await count(sql`select count(*)::int as n from variants v join variant_custom_values l on l.variant_id = v.id
      join custom_field_values cv on cv.id = l.custom_field_value_id and cv.value = v.code and cv.localized_value = v.name`)).toBe(await count(sql`select count(*)::int as n from variants`));
    expect(await count(sql`select count(*)::int as n from assets where kind = 'image' and (width is null or height is null)`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from products where create_date < now() - interval '300 days'`)).toBeGreaterThan(50);
    expect(await count(sql`select count(*)::int as n from user_custom_values`)).toBe(5);
  });
});
