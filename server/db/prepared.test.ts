// Named statements (ADR 0035) on the embedded database: one prepared query per handle and name,
// array parameters through anyOf (empty arrays too), and `together` one after another in a
// transaction.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { anyOf, prepared, together } from './prepared';

const items = pgTable('items', { id: integer('id').primaryKey(), name: text('name').notNull() });

let client: PGlite;
let db: Db;
beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle({ client }) as unknown as Db;
  await db.execute(sql`create table items (id integer primary key, name text not null)`);
  await db.insert(items).values([
    { id: 1, name: 'one' },
    { id: 2, name: 'two' },
    { id: 3, name: 'three' },
  ]);
  // Starting the embedded database takes seconds on a busy machine.
}, 120_000);
afterAll(() => client?.close());

const byIds = (db: Db) => db.select().from(items).where(anyOf(items.id, 'ids')).orderBy(items.id);

describe('prepared', () => {
  it('builds a name once per handle and fills its placeholders on each call', async () => {
    let builds = 0;
    const get = () =>
      prepared(db, 'test_items_by_ids', (db) => {
        builds++;
        return byIds(db);
      });
    expect(await get().execute({ ids: [3, 1] })).toEqual([
      { id: 1, name: 'one' },
      { id: 3, name: 'three' },
    ]);
    expect(await get().execute({ ids: [] })).toEqual([]);
    expect(get()).toBe(get());
    expect(builds).toBe(1);
  });

  it('builds anew on a transaction, which sees its own writes', async () => {
    let builds = 0;
    await db.transaction(async (tx) => {
      await tx.insert(items).values({ id: 4, name: 'four' });
      const found = await prepared(tx as unknown as Db, 'test_items_by_ids_tx', (db) => {
        builds++;
        return byIds(db);
      }).execute({ ids: [4] });
      expect(found).toEqual([{ id: 4, name: 'four' }]);
      tx.rollback();
    }).catch((e: unknown) => {
      if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
    });
    expect(builds).toBe(1);
  });
});

describe('together', () => {
  it('answers in the order of its tasks, on the pool and in a transaction', async () => {
    const [rows, plain] = await together(db, () => db.select().from(items).where(sql`${items.id} = 2`), () => Promise.resolve('plain'));
    expect(rows).toEqual([{ id: 2, name: 'two' }]);
    expect(plain).toBe('plain');
    const order: string[] = [];
    await db.transaction(async (tx) => {
      const slow = () => new Promise<string>((r) => setTimeout(() => r(order[order.push('slow') - 1]!), 20));
      const fast = () => Promise.resolve(order[order.push('fast') - 1]!);
      expect(await together(tx as unknown as Db, slow, fast)).toEqual(['slow', 'fast']);
    });
    // One after another in a transaction: the fast one starts only when the slow one is done.
    expect(order).toEqual(['slow', 'fast']);
  });
});
