// The permission matrix of the B2B ordering calls (issue 16): customer A's quick order, lists,
// carts and purchase history are for A's users and A's agent; customer B's user and another
// agent get 403 or 404, a consumer 403 TradeCustomersOnly, an anonymous caller 401.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw';
import { insertB2bFixture, type B2bFixture } from '../support/b2b-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

type Role = 'anonymous' | 'customerA' | 'customerB' | 'agentA' | 'otherAgent' | 'consumer';
const ROLES: Role[] = ['anonymous', 'customerA', 'customerB', 'agentA', 'otherAgent', 'consumer'];
const ALLOWED: Role[] = ['customerA', 'agentA'];

let shop: TestShop;
let fx: B2bFixture;
const token: Partial<Record<Role, string>> = {};
const A = {} as { customer: number; cart: number; list: number; row: number; spareList: number; spareRow: number };
let counter = 0;
const fresh = (prefix: string) => `${prefix} ${++counter}`;

beforeAll(async () => {
  shop = await openTestShop();
  token.customerA = await shop.login(...LOGINS.b2b);
  token.customerB = await shop.login(...LOGINS.b2b2);
  token.agentA = await shop.login(...LOGINS.agent);
  token.otherAgent = await shop.login(...LOGINS.agent2);
  token.consumer = await shop.login(...LOGINS.consumer);
  fx = await insertB2bFixture(shop.database.db);
  const as = { token: token.customerA };
  A.customer = (await queryRows<{ id: number }>(shop.database.db, sql`select id from customers where code = 'C0001'`))[0]!.id;
  A.cart = (await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { ...as, body: {} })).body.id;
  A.list = (await shop.send<{ id: number }>('POST', 'saved-lists/', { ...as, body: { name: 'Lista di A' } })).body.id;
  A.row = (await shop.send<{ id: number }>('POST', `saved-lists/${A.list}/rows/`, { ...as, body: { product: fx.product['B2B-PLENTY'], qty: 1 } })).body.id;
  A.spareList = (await shop.send<{ id: number }>('POST', 'saved-lists/', { ...as, body: { name: 'Lista di riserva' } })).body.id;
  A.spareRow = (await shop.send<{ id: number }>('POST', `saved-lists/${A.spareList}/rows/`, { ...as, body: { product: fx.product['B2B-FIVE'], qty: 1 } })).body.id;
  for (const [name, value] of Object.entries(A)) expect(value, name).toBeTruthy();
});
afterAll(() => shop?.close());

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  /** Only refused roles are tried: it would remove A's data. */
  destructive?: boolean;
}

const line = () => ({ product: fx.product['B2B-PLENTY'], qty: 1 });
const CALLS: Call[] = [
  { name: 'quick-order validate', method: 'POST', path: () => 'quick-order/validate/', body: () => ({ customer: A.customer, lines: [{ line: 1, code: 'B2B-PLENTY', qty: 1 }] }) },
  { name: 'quick-order search', method: 'GET', path: () => `quick-order/search/?q=b2b&customer=${A.customer}` },
  { name: 'carts/rows/bulk', method: 'POST', path: () => 'carts/rows/bulk/', body: () => ({ cart: A.cart, lines: [line()] }) },
  { name: 'saved lists', method: 'GET', path: () => `saved-lists/?customer=${A.customer}` },
  { name: 'saved list create', method: 'POST', path: () => 'saved-lists/', body: () => ({ customer: A.customer, name: fresh('Nuova') }) },
  { name: 'saved list from cart', method: 'POST', path: () => 'saved-lists/from-cart/', body: () => ({ cart: A.cart, name: fresh('Dal carrello') }) },
  { name: 'saved list', method: 'GET', path: () => `saved-lists/${A.list}/` },
  { name: 'saved list rename', method: 'PATCH', path: () => `saved-lists/${A.list}/`, body: () => ({ name: fresh('Rinominata') }) },
  { name: 'saved list rows', method: 'GET', path: () => `saved-lists/${A.list}/rows/` },
  { name: 'saved list row add', method: 'POST', path: () => `saved-lists/${A.list}/rows/`, body: line },
  { name: 'saved list rows bulk', method: 'POST', path: () => `saved-lists/${A.list}/rows/bulk/`, body: () => ({ lines: [line()] }) },
  { name: 'saved list to cart', method: 'POST', path: () => `saved-lists/${A.list}/to-cart/`, body: () => ({ cart: A.cart }) },
  { name: 'saved list row patch', method: 'PATCH', path: () => `saved-lists/row/${A.row}/`, body: () => ({ qty: 2 }) },
  { name: 'saved list row delete', method: 'DELETE', path: () => `saved-lists/row/${A.spareRow}/`, destructive: true },
  { name: 'saved list delete', method: 'DELETE', path: () => `saved-lists/${A.spareList}/`, destructive: true },
  { name: 'purchased', method: 'GET', path: () => `purchased/?customer=${A.customer}` },
];

async function call(c: Call, role: Role) {
  const body = c.body?.();
  const answer = await shop.send<Record<string, unknown>>(c.method, c.path(), { token: token[role], body });
  return { status: answer.status, body: answer.body, text: JSON.stringify(answer.body) };
}

describe.each(ROLES)('as %s', (role) => {
  it.each(CALLS.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    if (c.destructive && ALLOWED.includes(role)) return;
    const { status, body, text } = await call(c, role);
    if (ALLOWED.includes(role)) {
      expect(status, `${role} ${c.name}: ${text.slice(0, 300)}`).toBeLessThan(300);
      return;
    }
    if (role === 'anonymous') expect(status, `${c.name}: ${text.slice(0, 200)}`).toBe(401);
    else if (role === 'consumer') {
      expect(status, `${c.name}: ${text.slice(0, 200)}`).toBe(403);
      expect(body.code, c.name).toBe('TradeCustomersOnly');
    } else expect([403, 404], `${role} ${c.name}: ${status} ${text.slice(0, 200)}`).toContain(status);
    // A refusal says why and nothing else: no rows, names or amounts of customer A.
    expect(Object.keys(body).sort(), c.name).toEqual(['code', 'detail', 'error_list']);
    expect(text).not.toContain('Lista di');
    expect(text).not.toContain('Cantina dei Colli');
  });
});

describe('after the refused attempts', () => {
  it("A's lists are all there, and A can still delete what the others could not", async () => {
    const as = { token: token.customerA };
    expect((await shop.send<{ count: number }>('GET', `saved-lists/${A.spareList}/rows/`, as)).body.count).toBe(1);
    expect((await shop.send('DELETE', `saved-lists/row/${A.spareRow}/`, as)).status).toBe(204);
    expect((await shop.send('DELETE', `saved-lists/${A.spareList}/`, as)).status).toBe(204);
  });

  it("agents' changes to A's lists are in the audit log", async () => {
    const entries = await queryRows<{ action: string }>(
      shop.database.db,
      sql`select a.action from audit_log a join users u on u.id = a.agent_id where u.email = 'agent@example.com' and a.customer_id = ${A.customer}`,
    );
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['saved_list.create', 'saved_list.rename', 'saved_list.row.add', 'cart.rows.bulk_add']));
  });

  it('an agent naming a consumer gets 403: Forbidden when not assigned, TradeCustomersOnly when assigned', async () => {
    const db = shop.database.db;
    const [consumer] = await queryRows<{ id: number }>(db, sql`select id from customers where kind = 'b2c' order by id limit 1`);
    const ask = () => shop.send<{ code: string }>('GET', `purchased/?customer=${consumer!.id}`, { token: token.agentA });
    expect(await ask()).toMatchObject({ status: 403, body: { code: 'Forbidden' } });
    await db.execute(sql`insert into agent_customers (agent_id, customer_id) select id, ${consumer!.id} from users where email = 'agent@example.com'`);
    try {
      expect(await ask()).toMatchObject({ status: 403, body: { code: 'TradeCustomersOnly' } });
    } finally {
      await db.execute(sql`delete from agent_customers where customer_id = ${consumer!.id}`);
    }
  });
});
