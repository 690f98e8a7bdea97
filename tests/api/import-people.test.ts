// The customers, users, addresses and season-prices imports (docs/import.md): each sample builds
// its records in an empty shop and changes nothing in the demo shop it was written from; the same
// file twice changes nothing; a bad row changes nothing and is named by line and column; a dry run
// writes nothing; --invite mails the set-password link once; --delete-missing deactivates.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { queryRows } from '../../server/db/raw';
import { emptyAndDemoShops, importFile, sample, textFile } from '../support/import-files';

// An empty shop and a copy of the demo shop, for this file.
const shops = emptyAndDemoShops();

/** Everything these imports may write, change times included. */
async function peopleSnapshot(db: Db) {
  const one = async (query: ReturnType<typeof sql>) => JSON.stringify(await queryRows(db, query));
  return {
    customers: await one(sql`select *, updated_at::text as touched from customers order by id`),
    users: await one(sql`select id, email, password_hash, first_name, last_name, is_agent, customer_id, locale, is_active, updated_at::text from users order by id`),
    agents: await one(sql`select agent_id, customer_id from agent_customers order by 1, 2`),
    addresses: await one(sql`select *, updated_at::text as touched from addresses order by id`),
    seasonPrices: await one(sql`select * from season_prices order by 1, 2`),
    mail: await one(sql`select count(*)::int as count from mail_outbox`),
    links: await one(sql`select count(*)::int as count from one_time_codes`),
  };
}

const PEOPLE_SAMPLES = [
  ['users', 'agents.csv', 'users', 2],
  ['customers', 'customers.csv', 'customers', 6],
  ['users', 'users.csv', 'users', 6],
  ['addresses', 'addresses.csv', 'addresses', 13],
] as const;

describe('the people samples in an empty shop', () => {
  it('create the agents, customers, users and addresses, in the documented order', async () => {
    for (const [kind, file, records, count] of PEOPLE_SAMPLES) {
      const result = await importFile(shops.empty.db, kind, sample(file));
      expect(result.problems, file).toEqual([]);
      expect(result.counts[records], file).toMatchObject({ created: count, updated: 0, unchanged: 0 });
    }
    const [c1] = await queryRows<{ vat_number: string; sdi_code: string; payment_terms: Record<string, string>; agents: string }>(
      shops.empty.db,
      sql`select c.vat_number, c.sdi_code, c.payment_terms, string_agg(u.email, '|') as agents from customers c
          join agent_customers a on a.customer_id = c.id join users u on u.id = a.agent_id where c.code = 'C0001' group by c.id`,
    );
    expect(c1).toEqual({ vat_number: 'IT02345678904', sdi_code: 'M5UXCR1', payment_terms: expect.objectContaining({ en: 'Bank transfer, 30 days end of month' }), agents: 'agent@example.com' });
    const [lucia] = await queryRows<{ locale: string; code: string; is_agent: boolean }>(
      shops.empty.db,
      sql`select u.locale, c.code, u.is_agent from users u join customers c on c.id = u.customer_id where u.email = 'lucia@sierranorte.example'`,
    );
    expect(lucia).toEqual({ locale: 'es', code: 'C0005', is_agent: false });
    const defaults = await queryRows<{ code: string; is_default: boolean }>(
      shops.empty.db,
      sql`select a.code, a.is_default from addresses a join customers c on c.id = a.customer_id where c.code = 'C0001' and a.type = 'Shipping' order by a.code`,
    );
    expect(defaults).toEqual([{ code: 'shipping-1', is_default: true }, { code: 'shipping-2', is_default: false }]);
    // Imported users were not invited: no link, no mail.
    expect((await peopleSnapshot(shops.empty.db)).mail).toBe('[{"count":0}]');
  });

  it('the same files again change nothing', async () => {
    const before = await peopleSnapshot(shops.empty.db);
    for (const [kind, file, records, count] of PEOPLE_SAMPLES) {
      const again = await importFile(shops.empty.db, kind, sample(file));
      expect(again.counts[records], file).toMatchObject({ created: 0, updated: 0, unchanged: count });
    }
    expect(await peopleSnapshot(shops.empty.db)).toEqual(before);
  });

  it('season prices after the catalogue and a season', async () => {
    await importFile(shops.empty.db, 'categories', sample('categories.csv'));
    await importFile(shops.empty.db, 'products', sample('products.csv'));
    await shops.empty.db.execute(sql`insert into seasons (code, name) values ('vendemmia-2026', '{"it": "Vendemmia 2026"}')`);
    const result = await importFile(shops.empty.db, 'season-prices', sample('season-prices.csv'));
    expect(result.problems).toEqual([]);
    expect(result.counts['season prices']).toMatchObject({ created: 6, updated: 0, unchanged: 0 });
    const before = await peopleSnapshot(shops.empty.db);
    const again = await importFile(shops.empty.db, 'season-prices', sample('season-prices.csv'));
    expect(again.counts['season prices']).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
    expect(await peopleSnapshot(shops.empty.db)).toEqual(before);
  });
});

describe('the people samples in the demo shop they were written from', () => {
  it('change nothing', async () => {
    const before = await peopleSnapshot(shops.demo.db);
    for (const [kind, file, records, count] of PEOPLE_SAMPLES) {
      const result = await importFile(shops.demo.db, kind, sample(file));
      expect(result.problems, file).toEqual([]);
      expect(result.counts[records], file).toMatchObject({ created: 0, updated: 0, unchanged: count });
    }
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });

  it('season prices: written once, unchanged the second time', async () => {
    const first = await importFile(shops.demo.db, 'season-prices', sample('season-prices.csv'));
    expect(first.problems).toEqual([]);
    const before = await peopleSnapshot(shops.demo.db);
    const again = await importFile(shops.demo.db, 'season-prices', sample('season-prices.csv'));
    expect(again.counts['season prices']).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });

  it('a changed row changes that record only; absent columns stay, empty cells clear', async () => {
    const file = textFile('c.csv', 'code,kind,email,phone,pec\nC0002,b2b,acquisti@montealto.example,+39 0165 999999,\n');
    const result = await importFile(shops.demo.db, 'customers', file);
    expect(result.counts.customers).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const [c2] = await queryRows<{ phone: string; pec: string | null; sdi_code: string; business_name: string }>(
      shops.demo.db,
      sql`select phone, pec, sdi_code, business_name from customers where code = 'C0002'`,
    );
    expect(c2).toEqual({ phone: '+39 0165 999999', pec: null, sdi_code: 'KRRH6B9', business_name: 'Birrificio Monte Alto S.n.c.' });
  });

  it('the agents column sets exactly the agents named', async () => {
    const file = textFile('c.csv', 'code,kind,email,agents\nC0001,b2b,ordini@cantinadeicolli.example,agent2@example.com|AGENT@example.com\nC0002,b2b,acquisti@montealto.example,\n');
    const result = await importFile(shops.demo.db, 'customers', file);
    expect(result.counts.customers).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    const links = await queryRows<{ code: string; email: string }>(
      shops.demo.db,
      sql`select c.code, u.email from agent_customers a join customers c on c.id = a.customer_id join users u on u.id = a.agent_id
          where c.code in ('C0001', 'C0002') order by 1, 2`,
    );
    expect(links).toEqual([{ code: 'C0001', email: 'agent2@example.com' }, { code: 'C0001', email: 'agent@example.com' }]);
    const again = await importFile(shops.demo.db, 'customers', file);
    expect(again.counts.customers).toMatchObject({ updated: 0, unchanged: 2 });
  });

  it('an address imported as default takes the default from the others of its type', async () => {
    const file = textFile('a.csv', 'customer,code,type,name,street,city,postal_code,country,default\nC0001,shipping-2,Shipping,Magazzino,Strada Provinciale 3,La Morra,12064,it,yes\n');
    const result = await importFile(shops.demo.db, 'addresses', file);
    expect(result.problems).toEqual([]);
    const rows = await queryRows<{ code: string; is_default: boolean; country: string }>(
      shops.demo.db,
      sql`select a.code, a.is_default, a.country from addresses a join customers c on c.id = a.customer_id where c.code = 'C0001' and a.type = 'Shipping' order by a.code`,
    );
    expect(rows).toEqual([{ code: 'shipping-1', is_default: false, country: 'IT' }, { code: 'shipping-2', is_default: true, country: 'IT' }]);
  });
});

describe('bad input changes nothing and is named by line and column', () => {
  it('customers: bad VAT number, unknown agent, a user who is no agent, NUL, repeated code, unknown kind', async () => {
    const before = await peopleSnapshot(shops.demo.db);
    const file = textFile('c.csv', [
      'code;kind;email;vat_number;agents;business_name',
      'C0100;b2b;a@b.example;IT02345678901;agent@example.com;Alfa',
      'C0101;b2b;b@b.example;ESB12345678;nobody@example.com;Beta',
      'C0102;b2b;c@b.example;;b2b@example.com;Gamma',
      'C0103;b2b;d@b.example;;;Del\u0000ta',
      'C0100;b2b;e@b.example;;;Alfa bis',
      'C0104;wholesale;f@b.example;XX123;;Zeta',
    ].join('\n'));
    const result = await importFile(shops.demo.db, 'customers', file);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      "line 2, column vat_number: 'IT02345678901' is not a valid Italian VAT number: its check digit does not match",
      "line 3, column agents: 'nobody@example.com' is not the username of a user in the shop (import the agents first: docs/import.md)",
      "line 4, column agents: 'b2b@example.com' is a user of a customer, not an agent",
      "line 5, column business_name: 'Del\\u0000ta' contains a control character (NUL or similar); remove it",
      "line 6, column code: 'C0100' is already on line 2; a customer is listed once",
      "line 7, column kind: 'wholesale' is not a kind of customer (b2b or b2c)",
      "line 7, column vat_number: 'XX123' is not a VAT number (e.g. IT01234567897 or ESB12345678)",
    ]);
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });

  it('users: unknown customer code, an agent with a customer, a new user with neither, a bad language, a repeated username', async () => {
    const before = await peopleSnapshot(shops.demo.db);
    const file = textFile('u.csv', [
      'username,customer,is_agent,locale',
      'new1@example.com,C9999,,it',
      'new2@example.com,C0001,yes,it',
      'new3@example.com,,,it',
      'new4@example.com,C0001,,fr',
      'NEW5@example.com,C0001,,en',
      'new5@example.com,C0002,,en',
    ].join('\n'));
    const result = await importFile(shops.demo.db, 'users', file);
    expect(result.problems).toEqual([
      "line 2, column customer: 'C9999' is not the code of a customer in the shop (import the customers first)",
      "line 3, column customer: 'C0001' is given for an agent; a user is an agent (is_agent = yes) or a user of one customer, not both",
      'line 4, column customer: is empty; a user belongs to a customer (its code) unless is_agent is yes',
      "line 5, column locale: 'fr' is not a language of the shop (it, en, es)",
      "line 7, column username: 'new5@example.com' is already on line 6; a user is listed once",
    ]);
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });

  it('addresses: unknown customer, bad country, two defaults of one type, repeated code, missing street', async () => {
    const before = await peopleSnapshot(shops.demo.db);
    const file = textFile('a.csv', [
      'customer,code,type,name,street,city,postal_code,country,default',
      'C9999,sede,billing,Sede,Via Po 1,Torino,10100,IT,yes',
      'C0002,sede,billing,Sede,Via Po 1,Torino,10100,IT,yes',
      'C0002,altra,billing,Altra,Via Po 2,Torino,10100,IT,yes',
      'C0002,sede,shipping,Sede,Via Po 1,Torino,10100,IT,no',
      'C0002,vuota,shipping,Vuota,,Torino,10100,IT,no',
      'C0002,estero,shipping,Estero,Rue 1,Paris,75001,XX,no',
    ].join('\n'));
    const result = await importFile(shops.demo.db, 'addresses', file);
    expect(result.problems).toEqual([
      "line 2, column customer: 'C9999' is not the code of a customer in the shop (import the customers first)",
      'line 4, column default: is yes, but line 3 is already the default billing address of C0002: a customer has one per type',
      "line 5, column code: 'sede' is already on line 3 for customer C0002; an address is listed once",
      'line 6, column street: is empty; every row needs it',
      "line 7, column country: 'XX' is not a country code (two letters of ISO 3166-1, e.g. IT, ES, DE)",
    ]);
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });

  it('season prices: unknown season, unknown product, a variant code, a bad price, a repeated product', async () => {
    const before = await peopleSnapshot(shops.demo.db);
    const file = textFile('s.csv', [
      'season;code;price',
      'estate-2030;ENO-0001;10',
      'vendemmia-2026;NOPE-1;10',
      'vendemmia-2026;ENO-0001-100G;8,50',
      'vendemmia-2026;ENO-0002;12,3,4',
      'vendemmia-2026;ENO-0003;10',
      'vendemmia-2026;ENO-0003;11',
    ].join('\n'));
    const result = await importFile(shops.demo.db, 'season-prices', file);
    expect(result.problems).toEqual([
      "line 2, column season: 'estate-2030' is not the code of a season in the shop",
      "line 3, column code: 'NOPE-1' is not the code of a product in the shop",
      "line 4, column code: 'ENO-0001-100G' is the code of a variant; season prices are per product (agree a variant's price with a customer through the price sync)",
      "line 5, column price: '12,3,4' is not a price (e.g. 12.50 or 12,50)",
      "line 7, column code: 'ENO-0003' is already on line 6 for season vendemmia-2026; a product has one price per season",
    ]);
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });
});

describe('custom fields of users and season prices agreed with one customer', () => {
  const sectorOf = async (email: string) =>
    (await queryRows<{ value: string }>(shops.demo.db, sql`select v.value from user_custom_values l join users u on u.id = l.user_id
      join custom_field_values v on v.id = l.custom_field_value_id where u.email = ${email} order by v.value`)).map((r) => r.value);

  it('cf_<key> sets a user\'s values of that field, a value alone changed counts as an update, an empty cell clears', async () => {
    const file = (sector: string) => textFile('u.csv', `username,cf_sector\nb2b2@example.com,${sector}\n`);
    const set = await importFile(shops.demo.db, 'users', file('brewery|garden'));
    expect(set.problems).toEqual([]);
    expect(set.counts.users).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect(await sectorOf('b2b2@example.com')).toEqual(['brewery', 'garden']);
    const again = await importFile(shops.demo.db, 'users', file('brewery|garden'));
    expect(again.counts.users).toMatchObject({ updated: 0, unchanged: 1 });
    await importFile(shops.demo.db, 'users', file(''));
    expect(await sectorOf('b2b2@example.com')).toEqual([]);
    await importFile(shops.demo.db, 'users', file('brewery'));
    // A file without the column leaves the values alone.
    await importFile(shops.demo.db, 'users', textFile('u.csv', 'username,first_name\nb2b2@example.com,Marco\n'));
    expect(await sectorOf('b2b2@example.com')).toEqual(['brewery']);
  });

  it('a customer column makes the row that customer\'s price in the season; the same file twice changes nothing', async () => {
    const pricesOf = () => queryRows<{ price: string; season: string | null }>(shops.demo.db, sql`select cp.price::text as price, s.code as season from customer_prices cp
      join customers c on c.id = cp.customer_id join products p on p.id = cp.product_id left join seasons s on s.id = cp.season_id
      where c.code = 'C0003' and p.code = 'GIA-0001' order by cp.id`);
    const before = await pricesOf();
    const file = (price: string) => textFile('s.csv', `season;code;price;customer\nprimavera-2027;GIA-0001;${price};C0003\n`);
    const first = await importFile(shops.demo.db, 'season-prices', file('3,10'));
    expect(first.problems).toEqual([]);
    expect(first.counts['customer season prices']).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect(first.counts['season prices']).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    expect(await pricesOf()).toEqual([...before, { price: '3.10', season: 'primavera-2027' }]);
    const again = await importFile(shops.demo.db, 'season-prices', file('3,10'));
    expect(again.counts['customer season prices']).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const changed = await importFile(shops.demo.db, 'season-prices', file('2,95'));
    expect(changed.counts['customer season prices']).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect(await pricesOf()).toEqual([...before, { price: '2.95', season: 'primavera-2027' }]);
  });

  it('an unknown customer is named by line and column; a repeated customer, season and product too', async () => {
    const result = await importFile(
      shops.demo.db,
      'season-prices',
      textFile('s.csv', 'season;code;price;customer\nprimavera-2027;GIA-0001;3;C9999\nprimavera-2027;GIA-0002;3;C0003\nprimavera-2027;GIA-0002;4;C0003\nprimavera-2027;GIA-0002;4;\n'),
    );
    expect(result.problems).toEqual([
      "line 2, column customer: 'C9999' is not the code of a customer in the shop (import the customers first)",
      "line 4, column code: 'GIA-0002' is already on line 3 for season primavera-2027 and customer C0003; a customer has one price per product and season",
    ]);
  });
});

describe('dry run, invitations and --delete-missing', () => {
  it('a dry run reports what would change and changes nothing', async () => {
    const before = await peopleSnapshot(shops.demo.db);
    const file = textFile('u.csv', 'username,customer,first_name,last_name\nnuovo@cantinadeicolli.example,C0001,Anna,Neri\n');
    const result = await importFile(shops.demo.db, 'users', file, { dryRun: true, invite: true, siteUrl: 'https://shop.example' });
    expect(result.counts.users).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });

  it('--invite queues one set-password mail per new user, in their language, and none the second time', async () => {
    const file = textFile('u.csv', 'username,customer,first_name,last_name,locale\nnuovo@cantinadeicolli.example,C0001,Anna,Neri,en\nb2b@example.com,C0001,Giulia,Ferrero,it\n');
    const first = await importFile(shops.demo.db, 'users', file, { invite: true, siteUrl: 'https://shop.example' });
    expect(first.counts.users).toMatchObject({ created: 1, unchanged: 1 });
    const mails = await queryRows<{ recipient: string; kind: string; subject: string; text: string }>(
      shops.demo.db,
      sql`select recipient, kind, message->>'subject' as subject, message->>'text' as text from mail_outbox where kind = 'account-invitation'`,
    );
    // b2b@example.com never signed in in the demo either: it is invited as well.
    expect(mails.map((m) => m.recipient).sort()).toEqual(['b2b@example.com', 'nuovo@cantinadeicolli.example']);
    const anna = mails.find((m) => m.recipient === 'nuovo@cantinadeicolli.example')!;
    expect(anna.subject).toBe('Your account for ordering online');
    expect(anna.text).toMatch(/https:\/\/shop\.example\/auth\/set-password\?token=\d+\.[A-Za-z0-9_-]{43}&lan=en/);
    expect(anna.text).toContain('Cantina dei Colli S.r.l.');
    const before = await peopleSnapshot(shops.demo.db);
    const again = await importFile(shops.demo.db, 'users', file, { invite: true, siteUrl: 'https://shop.example' });
    expect(again.counts.users).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await peopleSnapshot(shops.demo.db)).toEqual(before);
  });

  it('--delete-missing deactivates customers and users, removes imported addresses from the books, and deletes nothing orders name', async () => {
    const customers = await importFile(shops.demo.db, 'customers', textFile('c.csv', 'code,kind,email\nC0001,b2b,ordini@cantinadeicolli.example\n'), { deleteMissing: true });
    expect(customers.counts.customers!.retired).toBeGreaterThanOrEqual(5);
    const [counted] = await queryRows<{ all: number; active: number }>(shops.demo.db, sql`select count(*)::int as all, count(*) filter (where is_active)::int as active from customers`);
    expect(counted!.active).toBe(1);
    expect(counted!.all).toBeGreaterThanOrEqual(6);
    const users = await importFile(shops.demo.db, 'users', sample('users.csv'), { deleteMissing: true });
    const byEmail = await queryRows<{ email: string; is_active: boolean }>(shops.demo.db, sql`select email, is_active from users where is_agent or email = 'nuovo@cantinadeicolli.example' order by email`);
    // The customers' users outside the file are deactivated; the agents (another sort) stay.
    expect(byEmail).toEqual([
      { email: 'agent2@example.com', is_active: true },
      { email: 'agent@example.com', is_active: true },
      { email: 'nuovo@cantinadeicolli.example', is_active: false },
    ]);
    expect(users.counts.users!.retired).toBe(1);
    const addresses = await importFile(shops.demo.db, 'addresses', sample('addresses.csv'), { deleteMissing: true });
    expect(addresses.counts.addresses!.retired).toBe(0);
    const fewer = await importFile(shops.demo.db, 'addresses', textFile('a.csv', 'customer,code,type,name,street,city,postal_code,country\nC0001,billing-1,billing,Cantina dei Colli S.r.l.,Via Roma 4,Barolo,12060,IT\n'), { deleteMissing: true });
    expect(fewer.counts.addresses!.retired).toBe(12);
    const [live] = await queryRows<{ n: number }>(shops.demo.db, sql`select count(*)::int as n from addresses where deleted_at is null and code is not null`);
    expect(live!.n).toBe(1);
  });
});
