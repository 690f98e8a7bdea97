// Walks every call that takes an id or a customer as anonymous, customer A, customer B, A's
// agent and another agent: A and A's agent get A's data, nobody else gets any of it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

type Role = 'anonymous' | 'customerA' | 'customerB' | 'agentA' | 'otherAgent';
const ROLES: Role[] = ['anonymous', 'customerA', 'customerB', 'agentA', 'otherAgent'];
const ALLOWED: Role[] = ['customerA', 'agentA'];

let shop: TestShop;
const token: Partial<Record<Role, string>> = {};
const A = {} as {
  customer: number;
  cart: number;
  row: number;
  wishlist: number;
  wishlistRow: number;
  address: number;
  shippingAddress: number;
  order: number;
  user: number;
  document: number;
  product: number;
  productCode: string;
  variant: number;
};

beforeAll(async () => {
  shop = await openTestShop();
  token.customerA = await shop.login(...LOGINS.b2b);
  token.customerB = await shop.login(...LOGINS.b2b2);
  token.agentA = await shop.login(...LOGINS.agent);
  token.otherAgent = await shop.login(...LOGINS.agent2);
  const db = shop.database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0]!;
  // A coupon without terms (BENVENUTO10 is for a first order, and these customers have ordered).
  await db.execute(sql`insert into coupons (code, type, value) values ('PROVA10', 'percentage', 10)`);
  A.customer = (await one<{ id: number }>(sql`select id from customers where code = 'C0001'`)).id;
  A.user = (await one<{ id: number }>(sql`select id from users where email = 'b2b@example.com'`)).id;
  A.order = (await one<{ id: number }>(sql`select id from orders where customer_id = ${A.customer} order by id limit 1`)).id;
  A.document = (await one<{ id: number }>(sql`select id from documents where customer_id = ${A.customer}`)).id;
  A.shippingAddress = (await one<{ id: number }>(sql`select id from addresses where customer_id = ${A.customer} and type = 'Shipping' order by id limit 1`)).id;
  const product = await one<{ id: number; code: string }>(sql`select id, code from products where quantity > 50 and not exists (select 1 from variants v where v.product_id = products.id) order by id limit 1`);
  A.product = product.id;
  A.productCode = product.code;
  A.variant = (await one<{ id: number }>(sql`select id from variants order by id limit 1`)).id;
  const as = { token: token.customerA };
  A.cart = (await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { ...as, body: {} })).body.id;
  A.row = (await shop.send<{ row: { id: number } }>('POST', 'carts/rows/', { ...as, body: { cart: A.cart, product: A.product, qty: 1 } })).body.row.id;
  A.wishlist = (await shop.send<{ id: number }>('POST', 'wishlists/get-or-create/', { ...as, body: {} })).body.id;
  A.wishlistRow = (await shop.send<{ id: number }>('POST', 'wishlists/rows/', { ...as, body: { wishlist: A.wishlist, product: A.product, notes: 'Per la vendemmia' } })).body.id;
  A.address = (
    await shop.send<{ id: number }>('POST', 'addresses/', {
      ...as,
      body: { type: 'Shipping', name: 'Cantina dei Colli', street: 'Via Langhe 1', city: 'Barolo', postal_code: '12060', country: 'IT' },
    })
  ).body.id;
  for (const [name, value] of Object.entries(A)) expect(value, name).toBeTruthy();
});
afterAll(() => shop?.close());

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  /** Agents name the customer they act for. */
  agentPath?: () => string;
  agentBody?: () => unknown;
  /** Only refused roles are tried: it would change A's data. */
  destructive?: boolean;
  /** Anonymous callers get the public answer (prices), not a 401. */
  anonymousIsPublic?: boolean;
}

const CALLS: Call[] = [
  { name: 'carts/get-or-create', method: 'POST', path: () => 'carts/get-or-create/', body: () => ({ customer: A.customer }) },
  { name: 'carts/rows list', method: 'GET', path: () => `carts/rows/?cart=${A.cart}` },
  { name: 'carts/rows add', method: 'POST', path: () => 'carts/rows/', body: () => ({ cart: A.cart, product: A.product, qty: 2 }) },
  { name: 'carts/row patch', method: 'PATCH', path: () => `carts/row/${A.row}/`, body: () => ({ qty: 3 }) },
  { name: 'carts/row delete', method: 'DELETE', path: () => `carts/row/${A.row}/`, destructive: true },
  { name: 'wishlists/get-or-create', method: 'POST', path: () => 'wishlists/get-or-create/', body: () => ({ customer: A.customer }) },
  { name: 'wishlists/rows list', method: 'GET', path: () => `wishlists/rows/?wishlist=${A.wishlist}` },
  { name: 'wishlists/row patch', method: 'PATCH', path: () => `wishlists/row/${A.wishlistRow}/`, body: () => ({ notes: 'Aggiornato' }) },
  { name: 'wishlists/row delete', method: 'DELETE', path: () => `wishlists/row/${A.wishlistRow}/`, destructive: true },
  { name: 'coupon apply to the cart', method: 'POST', path: () => 'promotions/coupons/apply/', body: () => ({ coupon: 'PROVA10', customer: A.customer, cart: A.cart }) },
  { name: 'checkout/init', method: 'POST', path: () => 'checkout/init/', body: () => ({ customer: A.customer, cart: A.cart }) },
  {
    name: 'checkout',
    method: 'POST',
    path: () => 'checkout/',
    body: () => ({ customer: A.customer, cart: A.cart, billing_address: A.address, shipping_address: A.shippingAddress, shipping_method: 1, payment_method: 1 }),
    destructive: true,
  },
  { name: 'orders list', method: 'GET', path: () => `orders/?customer=${A.customer}` },
  { name: 'order detail', method: 'GET', path: () => `orders/${A.order}/` },
  { name: 'order rows', method: 'GET', path: () => `orders/rows/?order=${A.order}` },
  { name: 'order document', method: 'GET', path: () => `orders/doc/?order_id=${A.order}&type=order_confirmation` },
  { name: 'addresses list', method: 'GET', path: () => `addresses/?customer=${A.customer}` },
  { name: 'address detail', method: 'GET', path: () => `addresses/${A.address}/` },
  { name: 'address patch', method: 'PATCH', path: () => `addresses/${A.address}/`, body: () => ({ city: 'La Morra' }) },
  { name: 'address delete', method: 'DELETE', path: () => `addresses/${A.address}/`, destructive: true },
  { name: 'shipping policies for an address', method: 'GET', path: () => `shop/shipping-policies/?address=${A.shippingAddress}` },
  { name: 'product price for the customer', method: 'GET', path: () => `products/p/price/${A.productCode}/?customer=${A.customer}`, anonymousIsPublic: false },
  { name: 'variant price for the customer', method: 'GET', path: () => `products/pp/price/${A.variant}/?customer=${A.customer}` },
  { name: 'ordered quantities', method: 'GET', path: () => `products/p/?annotate_ordered_qty=true&customer=${A.customer}` },
  { name: 'documents of the customer', method: 'GET', path: () => `documents/?customer=${A.customer}` },
  { name: 'user detail', method: 'GET', path: () => `users/${A.user}/` },
];

async function call(c: Call, role: Role) {
  const headers: Record<string, string> = {};
  if (token[role]) headers.Authorization = `Token ${token[role]}`;
  const body = c.body?.();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await shop.call(c.path(), { method: c.method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text };
}

describe.each(ROLES)('as %s', (role) => {
  it.each(CALLS.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    if (c.destructive && ALLOWED.includes(role)) return;
    const { status, text } = await call(c, role);
    if (ALLOWED.includes(role)) {
      expect(status, `${role} ${c.name}: ${text.slice(0, 300)}`).toBeLessThan(300);
      return;
    }
    if (role === 'anonymous') expect(status, `${c.name}: ${text.slice(0, 200)}`).toBe(401);
    else expect([403, 404], `${role} ${c.name}: ${status} ${text.slice(0, 200)}`).toContain(status);
    // A refusal says why and nothing else: no rows, names or amounts of customer A.
    expect(Object.keys(JSON.parse(text) as object).sort(), c.name).toEqual(['code', 'detail', 'error_list']);
    expect(text).not.toContain('Cantina dei Colli');
  });
});

describe('after the refused attempts', () => {
  it("A's data is untouched and A can still do what the others could not", async () => {
    const as = { token: token.customerA };
    const rows = await shop.send<{ count: number }>('GET', `carts/rows/?cart=${A.cart}`, as);
    expect(rows.body.count).toBe(1);
    const wish = await shop.send<{ count: number }>('GET', `wishlists/rows/?wishlist=${A.wishlist}`, as);
    expect(wish.body.count).toBe(1);
    expect((await shop.send('GET', `addresses/${A.address}/`, as)).status).toBe(200);
    const orders = await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from orders where created_at > now() - interval '1 hour'`);
    expect(orders[0]!.n).toBe(0);
    expect((await shop.send('DELETE', `carts/row/${A.row}/`, as)).status).toBeLessThan(300);
    expect((await shop.send('DELETE', `wishlists/row/${A.wishlistRow}/`, as)).status).toBeLessThan(300);
    expect((await shop.send('DELETE', `addresses/${A.address}/`, as)).status).toBe(204);
  });

  it("agents' changes for a customer are in the audit log", async () => {
    const entries = await queryRows<{ action: string }>(
      shop.database.db,
      sql`select a.action from audit_log a join users u on u.id = a.agent_id where u.email = 'agent@example.com' and a.customer_id = ${A.customer}`,
    );
    const actions = entries.map((e) => e.action);
    expect(actions.length).toBeGreaterThanOrEqual(4);
    expect(actions.some((a) => a.startsWith('cart.'))).toBe(true);
    expect(actions.some((a) => a.startsWith('wishlist.'))).toBe(true);
    expect(actions.some((a) => a.startsWith('address'))).toBe(true);
  });

  it('only agents list customers, and only their own', async () => {
    expect((await shop.send('GET', 'users/customers/')).status).toBe(401);
    expect((await shop.send('GET', 'users/customers/', { token: token.customerA })).status).toBe(403);
    const mine = await shop.send<{ results: { id: number }[] }>('GET', 'users/customers/', { token: token.agentA });
    expect(mine.body.results.map((c) => c.id)).toContain(A.customer);
    const theirs = await shop.send<{ results: { id: number }[] }>('GET', 'users/customers/', { token: token.otherAgent });
    expect(theirs.body.results.map((c) => c.id)).not.toContain(A.customer);
  });
});
