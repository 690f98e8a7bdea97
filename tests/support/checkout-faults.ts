// Checkouts through the real HTTP API while every database connection of the shop is dropped
// now and then (pg_terminate_backend), and the audit afterwards: what the shop acknowledged
// against what the database holds. Used by tests/system/database-faults.test.ts and by the bench
// (tests/bench/fault-run.ts). Loopback only; bounded in time.
import type pg from 'pg';

const API = '/api/v3/client';

export interface FaultSession {
  email: string;
  token: string;
  billing: number;
  shipping: number;
}

export interface FaultFixtures {
  sessions: FaultSession[];
  products: number[];
  shippingMethod: number;
  paymentMethod: number;
  /** Orders with an id above this were placed by the run. */
  lastOrderBefore: number;
  stockBefore: Map<number, number>;
}

const FAULT_PASSWORD_OF = 'b2b@example.com';
const FAULT_PASSWORD = 'Customer-2026!';
const FAULT_STOCK = 1_000_000;

/**
 * One business customer per session (its own open cart), each with a user that signs in with
 * the demo b2b password and a copy of C0001's addresses; products with plenty of stock.
 */
export async function prepareFaultFixtures(admin: pg.Pool, base: string, options: { sessions: number; products?: number }): Promise<FaultFixtures> {
  const tag = Math.random().toString(36).slice(2, 7);
  for (let i = 1; i <= options.sessions; i++) {
    const code = `F-${tag}-${i}`;
    const email = `fault-${tag}-${i}@example.com`;
    await admin.query(
      `with c as (
         insert into customers (code, kind, business_name, first_name, last_name, email, payment_terms)
         select $1, 'b2b', 'Fault test ' || $1, first_name, last_name, $2, payment_terms from customers where code = 'C0001' returning id
       ), u as (
         insert into users (email, password_hash, first_name, last_name, customer_id)
         select $2, password_hash, 'Fault', $1, (select id from c) from users where lower(email) = $3
       )
       insert into addresses (customer_id, type, name, company, street, city, postal_code, province, country, phone, email, vat_number, is_default)
       select (select id from c), type, name, company, street, city, postal_code, province, country, phone, email, vat_number, true
       from addresses a where a.customer_id = (select id from customers where code = 'C0001') and a.is_default and a.deleted_at is null`,
      [code, email, FAULT_PASSWORD_OF],
    );
  }
  const products = (
    await admin.query<{ id: number }>(
      `select p.id from products p where p.is_published and not exists (select 1 from variants v where v.product_id = p.id)
       order by p.id limit $1`,
      [options.products ?? 4],
    )
  ).rows.map((r) => r.id);
  await admin.query(`update products set quantity = $2, is_backorderable = false where id = any($1::int[])`, [products, FAULT_STOCK]);
  const [method] = (await admin.query<{ id: number }>(`select id from shipping_policies where code = 'courier-it'`)).rows;
  const [payment] = (await admin.query<{ id: number }>(`select id from payment_methods where code = 'bank-transfer'`)).rows;
  const [last] = (await admin.query<{ id: number | null }>(`select max(id) as id from orders`)).rows;
  const stockBefore = new Map((await admin.query<{ id: number; quantity: number }>(`select id, quantity from products where id = any($1::int[])`, [products])).rows.map((r) => [r.id, r.quantity]));

  const sessions: FaultSession[] = [];
  for (let i = 1; i <= options.sessions; i++) {
    const email = `fault-${tag}-${i}@example.com`;
    const response = await fetch(`${base}${API}/auth/login/`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${email}:${FAULT_PASSWORD}`).toString('base64')}` },
    });
    const body = (await response.json()) as { token?: string };
    if (!body.token) throw new Error(`login of ${email} answered ${response.status}`);
    const addressOf = async (type: string) =>
      (await admin.query<{ id: number }>(`select a.id from addresses a join users u on u.customer_id = a.customer_id where lower(u.email) = $1 and a.type = $2`, [email, type])).rows[0]!.id;
    sessions.push({ email, token: body.token, billing: await addressOf('Billing'), shipping: await addressOf('Shipping') });
  }
  return { sessions, products, shippingMethod: method!.id, paymentMethod: payment!.id, lastOrderBefore: last?.id ?? 0, stockBefore };
}

export interface FaultRunResult {
  requests: number;
  /** Answers by status ("fetch failed" when no answer came). */
  statuses: Record<string, number>;
  /** Ids of the orders answered with 201. */
  acknowledged: number[];
  /** Answers of 500 and above other than 503, and 503s without Retry-After or the error shape. */
  bad: { status: number; path: string; body: string }[];
  /** Answers whose body looks like a stack trace. */
  traces: string[];
  kills: number;
  killedConnections: number;
}

/** Drops every connection to the shop's database except its own (pg_terminate_backend). */
export async function terminateBackends(admin: pg.Pool): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) t`,
  );
  return rows[0]?.n ?? 0;
}

const STACK = /\n\s+at .+:\d+:\d+|node_modules|\/server\//;

/**
 * Sessions loop (get-or-create cart, add a row, checkout init, place the order) for `durationMs`
 * while all backends are terminated every `killEveryMs`.
 */
export async function runCheckoutsUnderFaults(
  admin: pg.Pool,
  base: string,
  fixtures: FaultFixtures,
  options: { durationMs: number; killEveryMs: number },
): Promise<FaultRunResult> {
  const result: FaultRunResult = { requests: 0, statuses: {}, acknowledged: [], bad: [], traces: [], kills: 0, killedConnections: 0 };
  const deadline = Date.now() + options.durationMs;

  async function call<T>(session: FaultSession, path: string, body: unknown): Promise<{ status: number; body: T | undefined }> {
    result.requests++;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${API}/${path}`, {
        method: 'POST',
        headers: { Authorization: `Token ${session.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      text = await response.text();
    } catch {
      // No answer, or the connection closed mid-answer (the process died).
      result.statuses['fetch failed'] = (result.statuses['fetch failed'] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 100));
      return { status: 0, body: undefined };
    }
    result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
    if (STACK.test(text)) result.traces.push(`${response.status} ${path}: ${text.slice(0, 300)}`);
    let parsed: T | undefined;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      parsed = undefined;
    }
    const shaped = parsed !== undefined && typeof (parsed as { detail?: unknown }).detail === 'string' && Array.isArray((parsed as { error_list?: unknown }).error_list);
    if (response.status >= 500 && (response.status !== 503 || !response.headers.get('retry-after') || !shaped)) {
      result.bad.push({ status: response.status, path, body: text.slice(0, 300) });
    }
    return { status: response.status, body: parsed };
  }

  async function session(s: FaultSession, index: number) {
    let round = 0;
    while (Date.now() < deadline) {
      round++;
      const cart = await call<{ id: number | null }>(s, 'carts/get-or-create/', {});
      if (cart.status !== 200 || !cart.body?.id) continue;
      const product = fixtures.products[(index + round) % fixtures.products.length]!;
      const row = await call(s, 'carts/rows/', { cart: cart.body.id, product, qty: 1 + (round % 3) });
      if (row.status >= 300) continue;
      const init = await call(s, 'checkout/init/', { cart: cart.body.id });
      if (init.status !== 200) continue;
      const order = await call<{ id: number }>(s, 'checkout/', {
        cart: cart.body.id,
        billing_address: s.billing,
        shipping_address: s.shipping,
        shipping_method: fixtures.shippingMethod,
        payment_method: fixtures.paymentMethod,
      });
      if (order.status === 201 && order.body?.id) result.acknowledged.push(order.body.id);
    }
  }

  async function killer() {
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, options.killEveryMs * (0.5 + Math.random())));
      try {
        result.killedConnections += await terminateBackends(admin);
        result.kills++;
      } catch {
        // The admin connection itself may be dropped by a concurrent kill: try next time.
      }
    }
  }

  await Promise.all([...fixtures.sessions.map((s, i) => session(s, i)), killer()]);
  return result;
}

export interface OrderAudit {
  /** Orders placed during the run, in the database. */
  ordersInDatabase: number;
  /** Acknowledged (201) but not in the database. */
  lost: number[];
  /** In the database without a single row. */
  withoutRows: number[];
  /** Per product: stock taken vs quantity ordered, where they differ. */
  stockMismatches: { product: number; taken: number; ordered: number }[];
}

export async function auditOrders(admin: pg.Pool, fixtures: FaultFixtures, acknowledged: number[]): Promise<OrderAudit> {
  const { rows: placed } = await admin.query<{ id: number; rows: number }>(
    `select o.id, (select count(*)::int from order_rows r where r.order_id = o.id) as rows from orders o where o.id > $1`,
    [fixtures.lastOrderBefore],
  );
  const ids = new Set(placed.map((o) => o.id));
  const { rows: ordered } = await admin.query<{ product_id: number; qty: number }>(
    `select r.product_id, sum(r.qty)::int as qty from order_rows r where r.order_id > $1 group by r.product_id`,
    [fixtures.lastOrderBefore],
  );
  const { rows: stock } = await admin.query<{ id: number; quantity: number }>(`select id, quantity from products where id = any($1::int[])`, [fixtures.products]);
  const stockMismatches = stock
    .map((p) => ({ product: p.id, taken: fixtures.stockBefore.get(p.id)! - p.quantity, ordered: ordered.find((o) => o.product_id === p.id)?.qty ?? 0 }))
    .filter((m) => m.taken !== m.ordered);
  return {
    ordersInDatabase: placed.length,
    lost: acknowledged.filter((id) => !ids.has(id)),
    withoutRows: placed.filter((o) => o.rows === 0).map((o) => o.id),
    stockMismatches,
  };
}
