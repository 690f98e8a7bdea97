// PGlite in a worker thread (ADR 0034), as the serving processes run it: a slice of the shop
// through it (catalogue, cart, checkout with its unique-violation and idempotency paths,
// rollbacks, concurrent requests), values typed exactly as drizzle-orm/pglite types them in one
// thread, PostgreSQL's error fields across the threads, and a clean close. The other API files
// run on it with SHOP_TEST_DB=pglite-thread.
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { queryRows } from '../../server/db/raw';
import { orders, products, systemSettings } from '../../server/db/schema';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct, stockOf } from '../support/checkout-fixtures';
import { openTestDatabase, type TestDatabase } from '../support/test-db';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
/** The same seeded shop in this thread, to compare values with. */
let inline: TestDatabase;
let b2b: string;
let choice: (cart: number) => Record<string, number>;

const db = () => shop.database.db;

/** The SQLSTATE and constraint of a database error, through Drizzle's wrapper. */
function pgFields(error: unknown): { code?: string; constraint?: string } | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return { code: e.code, constraint: e.constraint };
  }
  return undefined;
}

beforeAll(async () => {
  shop = await openTestShop({ pgliteThread: true });
  inline = await openTestDatabase({ template: 'seeded', pgliteThread: false });
  b2b = await shop.login(...LOGINS.b2b);
  const c1 = await customerId(db(), 'C0001');
  const a1 = await defaultAddresses(db(), c1);
  const ids = await checkoutChoiceIds(db());
  choice = (cart) => ({ cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: ids.policy['courier-it']!, payment_method: ids.method['riba-30']! });
});
afterAll(async () => {
  await shop?.close();
  await inline?.destroy();
});

describe('PGlite in a worker thread', () => {
  it('is what the test shop runs on here', () => {
    expect((db() as unknown as { $client: unknown }).$client).not.toBeInstanceOf(PGlite);
  });

  it('types values as drizzle-orm/pglite does in one thread: dates and numerics as text, json parsed, int8, arrays, bytea', async () => {
    const query = sql`select timestamp '2026-03-04 05:06:07.891' as ts, timestamptz '2026-03-04 05:06:07+01' as tstz, date '2026-03-04' as d,
      interval '1 day 02:00' as iv, 1.50::numeric(10,2) as n, array[1.5, 2.25]::numeric[] as na, '{"a":[1,"x"],"b":null}'::jsonb as j,
      '{"k":1}'::json as js, 9007199254740991::int8 as big, 7::int2 as small, 2.5::float8 as f, array[1,2] as ia, array['a','b'] as ta,
      array[timestamptz '2026-03-04 05:06:07+00'] as tsa, '\\x0102ff'::bytea as by, true as b, null::text as nul, 'è€'::text as t`;
    const threaded = await queryRows<Record<string, unknown>>(db(), query);
    expect(threaded).toEqual(await queryRows(inline.db, query));
    expect(threaded[0]).toMatchObject({ ts: '2026-03-04 05:06:07.891', d: '2026-03-04', n: '1.50', j: { a: [1, 'x'], b: null } });
    expect(threaded[0]!.by).toBeInstanceOf(Uint8Array);
  });

  it('answers drizzle selects (mapped columns, the query API) exactly as in one thread', async () => {
    const select = (d: typeof inline.db) => d.select().from(products).orderBy(asc(products.id)).limit(30);
    expect(await select(db())).toEqual(await select(inline.db));
    const relational = (d: typeof inline.db) => d.query.products.findMany({ limit: 5, orderBy: asc(products.id) });
    expect(await relational(db())).toEqual(await relational(inline.db));
  });

  it('keeps PostgreSQL error fields (code, constraint) across the threads', async () => {
    const [first] = await db().select({ code: products.code }).from(products).limit(1);
    const error = await db().insert(products).values({ code: first!.code, slug: `dup-${Date.now()}`, standardPrice: 1, vatRate: 22 }).catch((e: unknown) => e);
    expect(pgFields(error)).toEqual({ code: '23505', constraint: 'products_code_uq' });
    const bad = await db().execute(sql`select 1/0`).catch((e: unknown) => e);
    expect(pgFields(bad)?.code).toBe('22012');
  });

  it('rolls back a transaction that throws, and one that asks to', async () => {
    const key = `thread-test-${Date.now()}`;
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(systemSettings).values({ key, value: 'x' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(systemSettings).values({ key, value: 'y' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await db().select().from(systemSettings).where(eq(systemSettings.key, key))).toEqual([]);
    // A savepoint rolled back inside a transaction that commits.
    await db().transaction(async (tx) => {
      await tx.insert(systemSettings).values({ key, value: 'kept' });
      await tx.transaction(async (inner) => {
        await inner.update(systemSettings).set({ value: 'undone' }).where(eq(systemSettings.key, key));
        inner.rollback();
      }).catch(() => {});
    });
    expect(await db().select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key))).toEqual([{ value: 'kept' }]);
  });

  it('holds the session for an open transaction: a statement from elsewhere waits for its commit', async () => {
    const key = `thread-wait-${Date.now()}`;
    let outside: Promise<unknown> | undefined;
    await db().transaction(async (tx) => {
      await tx.insert(systemSettings).values({ key, value: 'inside' });
      outside = db().select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key));
      // Give the outside statement every chance to run early.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.update(systemSettings).set({ value: 'committed' }).where(eq(systemSettings.key, key));
    });
    expect(await outside).toEqual([{ value: 'committed' }]);
  });

  it('serves the catalogue, a cart and a checkout', async () => {
    const list = await shop.json<{ count: number; results: unknown[] }>('products/p/?page=1&page_size=12');
    expect(list.status).toBe(200);
    expect(list.body.results).toHaveLength(12);
    const cart = await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { token: b2b, body: {} });
    expect(cart.status).toBeLessThan(300);
    const p = await makeProduct(db(), { quantity: 5 });
    const added = await shop.send('POST', 'carts/rows/', { token: b2b, body: { cart: cart.body.id, product: p.id, qty: 2 } });
    expect(added.status).toBeLessThan(300);
    const placed = await shop.send<OrderDetail>('POST', 'checkout/', { token: b2b, body: choice(cart.body.id) });
    expect(placed.status).toBe(201);
    expect(await stockOf(db(), p.id)).toBe(3);
  });

  it('places one order for concurrent retries with one Idempotency-Key (the unique violation path)', async () => {
    const c1 = await customerId(db(), 'C0001');
    const p = await makeProduct(db(), { quantity: 10 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
    const key = `thread-burst-${Date.now()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        shop.call('checkout/', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Token ${b2b}`, 'Idempotency-Key': key }, body: JSON.stringify(choice(cart)) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(await db().select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect(await stockOf(db(), p.id)).toBe(9);
  });

  it('answers many concurrent requests, reads and checkouts mixed', async () => {
    const c1 = await customerId(db(), 'C0001');
    const p = await makeProduct(db(), { quantity: 10 });
    const carts = await Promise.all(Array.from({ length: 6 }, () => makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] })));
    const reads = Array.from({ length: 24 }, (_, i) => shop.call(`products/p/?page=${(i % 3) + 1}&page_size=12`).then((r) => r.status));
    const buys = carts.map((cart) => shop.send('POST', 'checkout/', { token: b2b, body: choice(cart) }).then((r) => r.status));
    const statuses = await Promise.all([...reads, ...buys]);
    expect(statuses.slice(0, 24).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(24)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await stockOf(db(), p.id)).toBe(4);
  });
});

describe('PGlite in a worker thread, on a data folder', () => {
  it('writes its files, takes and releases the folder lock, and refuses statements once closed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
    try {
      const dataDir = path.join(dir, 'pglite');
      const database = await openDatabase({ dataDir, pgliteThread: true });
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
      await database.db.execute(sql`create table kept (x int)`);
      await database.db.execute(sql`insert into kept values (42)`);
      await database.close();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
      const closed = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(pgFields(closed)?.code).toBe('57P01');
      // What the thread wrote is on disk for the next opening, in this thread.
      const again = await openDatabase({ dataDir });
      expect(await queryRows(again.db, sql`select x from kept`)).toEqual([{ x: 42 }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
