// users/, users/{id}/ and users/customers/: who sees which users and customers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import type { CustomerSummary, ShopUser } from '../../src/lib/contract/users';
import { customers, users } from '../../server/db/schema';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
type Who = 'agent' | 'agent2' | 'b2b' | 'b2b2' | 'consumer';
const token = {} as Record<Who, string>;
const userId: Record<string, number> = {};
const customerId: Record<string, number> = {};

beforeAll(async () => {
  shop = await openTestShop();
  for (const who of ['agent', 'agent2', 'b2b', 'b2b2', 'consumer'] as const) token[who] = await shop.login(LOGINS[who][0], LOGINS[who][1]);
  for (const u of await shop.database.db.select().from(users)) userId[u.email] = u.id;
  for (const c of await shop.database.db.select().from(customers)) customerId[c.code] = c.id;
});
afterAll(() => shop?.close());

const get = <T>(path: string, who?: Who) => shop.send<T>('GET', path, { token: who ? token[who] : undefined });
const emails = (list: Paged<ShopUser>) => list.results.map((u) => u.email).sort();

describe('users/', () => {
  it('shows a customer user the users of its own customer', async () => {
    const { status, body } = await get<Paged<ShopUser>>('users/', 'b2b');
    expect(status).toBe(200);
    expect(emails(body)).toEqual(['b2b@example.com']);
    expect(body.results[0]).toMatchObject({
      is_agent: false,
      agent_profile: null,
      customer_profile: { id: customerId.C0001, code: 'C0001', business_name: 'Cantina dei Colli S.r.l.', kind: 'b2b' },
    });
    expect(body.results[0]!.custom_fields).toContainEqual(expect.objectContaining({ key: 'sector', value: 'winery' }));
  });

  it('shows an agent itself and the users of its assigned customers only', async () => {
    const { body } = await get<Paged<ShopUser>>('users/?page_size=100', 'agent');
    expect(emails(body)).toEqual(['agent@example.com', 'b2b2@example.com', 'b2b@example.com', 'elena@ilglicine.example']);
    expect(body.count).toBe(4);
    const other = await get<Paged<ShopUser>>('users/?page_size=100', 'agent2');
    expect(emails(other.body)).toEqual(['agent2@example.com', 'lucia@sierranorte.example', 'renew@example.com']);
    expect(other.body.results.find((u) => u.email === 'agent2@example.com')).toMatchObject({ is_agent: true, agent_profile: { id: userId['agent2@example.com'] }, customer_profile: null });
  });

  it('searches by name or email, case-insensitively, and pages', async () => {
    expect(emails((await get<Paged<ShopUser>>('users/?search=FERRERO', 'agent')).body)).toEqual(['b2b@example.com']);
    expect(emails((await get<Paged<ShopUser>>('users/?search=ilglicine', 'agent')).body)).toEqual(['elena@ilglicine.example']);
    expect((await get<Paged<ShopUser>>('users/?search=%25', 'agent')).body.count).toBe(0);
    const page = await get<Paged<ShopUser>>('users/?page=2&page_size=3&order_by=email-asc', 'agent');
    expect(page.body.count).toBe(4);
    expect(page.body.results.map((u) => u.email)).toEqual(['elena@ilglicine.example']);
  });

  it('never answers password hashes or sign-in details', async () => {
    const response = await shop.call('users/?page_size=100', { headers: { Authorization: `Token ${token.agent}` } });
    const text = await response.text();
    expect(text).not.toMatch(/password|hash|argon/i);
    expect(text).not.toMatch(/last_login|must_change/);
  });

  it.each([
    ['users/', undefined, 401],
    ['users/?page_size=101', 'agent', 400],
    ['users/?order_by=password_hash-asc', 'agent', 400],
    ['users/?search=' + 'x'.repeat(101), 'agent', 400],
    ['users/?page=0', 'b2b', 400],
  ] as const)('answers %s with %i', async (path, who, status) => {
    const { status: got, body } = await get<ErrorBody>(path, who);
    expect(got).toBe(status);
    expect(body.detail).toEqual(expect.any(String));
  });

  it('answers 401 for an invalid token', async () => {
    expect((await shop.send<ErrorBody>('GET', 'users/', { token: 'not-a-token' })).body.detail).toBe('Invalid or expired token.');
  });
});

describe('users/{id}/', () => {
  it.each([
    ['b2b', 'b2b@example.com'],
    ['agent', 'agent@example.com'],
    ['agent', 'b2b@example.com'],
    ['agent', 'elena@ilglicine.example'],
    ['agent2', 'renew@example.com'],
    ['consumer', 'consumer@example.com'],
  ] as const)('shows %s the user %s', async (who, email) => {
    const { status, body } = await get<ShopUser>(`users/${userId[email]}/`, who);
    expect(status).toBe(200);
    expect(body.email).toBe(email);
    expect(Object.keys(body)).not.toContain('password_hash');
  });

  it.each([
    ['b2b', 'b2b2@example.com'],
    ['b2b', 'agent@example.com'],
    ['b2b2', 'b2b@example.com'],
    ['consumer', 'b2b@example.com'],
    ['agent', 'agent2@example.com'],
    ['agent', 'renew@example.com'],
    ['agent2', 'b2b@example.com'],
  ] as const)('answers 404 when %s asks for %s', async (who, email) => {
    const { status, body } = await get<ErrorBody>(`users/${userId[email]}/`, who);
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.', error_list: [], code: 'NotFound' });
  });

  it.each([
    ['users/999999/', 'agent', 404],
    ['users/abc/', 'agent', 400],
    ['users/0/', 'agent', 400],
    ['users/1.5/', 'agent', 400],
    ['users/1/', undefined, 401],
  ] as const)('answers %s with %i', async (path, who, status) => {
    expect((await get(path, who)).status).toBe(status);
  });
});

describe('users/customers/', () => {
  it('lists the customers assigned to the agent, by business name with order_by=name', async () => {
    const { status, body } = await get<Paged<CustomerSummary>>('users/customers/?order_by=name', 'agent');
    expect(status).toBe(200);
    expect(body.count).toBe(3);
    expect(body.results.map((c) => c.business_name)).toEqual(['Birrificio Monte Alto S.n.c.', 'Cantina dei Colli S.r.l.', 'Garden Center Il Glicine']);
    expect(body.results[0]).toMatchObject({ id: customerId.C0002, code: 'C0002', kind: 'b2b', first_name: 'Marco', last_name: 'Bianchi', email: expect.any(String) });
    const other = await get<Paged<CustomerSummary>>('users/customers/?order_by=name', 'agent2');
    expect(other.body.results.map((c) => c.code)).toEqual(['C0004', 'C0005']);
    // The default puts the customers the agent served last first (tests/api/b2b-ordering.test.ts).
    const recent = await get<Paged<CustomerSummary>>('users/customers/', 'agent');
    expect(recent.body.results.map((c) => c.code).sort()).toEqual(['C0001', 'C0002', 'C0003']);
  });

  it('searches business name, first and last name, case-insensitively', async () => {
    const codes = async (search: string) => (await get<Paged<CustomerSummary>>(`users/customers/?search=${encodeURIComponent(search)}`, 'agent')).body.results.map((c) => c.code);
    expect(await codes('cantina')).toEqual(['C0001']);
    expect(await codes('MARCO')).toEqual(['C0002']);
    expect(await codes('russo')).toEqual(['C0003']);
    expect(await codes('vigna')).toEqual([]);
    expect(await codes('_')).toEqual([]);
  });

  it('pages', async () => {
    const { body } = await get<Paged<CustomerSummary>>('users/customers/?page=2&page_size=2', 'agent');
    expect(body).toMatchObject({ count: 3 });
    expect(body.results.map((c) => c.code)).toEqual(['C0003']);
  });

  it.each([
    [undefined, 401],
    ['b2b', 403],
    ['consumer', 403],
  ] as const)('refuses %s', async (who, status) => {
    expect((await get('users/customers/', who)).status).toBe(status);
  });

  it.each(['page_size=100000', 'page=-1', 'search=' + 'x'.repeat(200), 'locale=xx'])('answers 400 to %s', async (query) => {
    expect((await get(`users/customers/?${query}`, 'agent')).status).toBe(400);
  });
});
