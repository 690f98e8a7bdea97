// Named statements (ADR 0035) on the embedded database: one prepared query per handle and name,
// one per driver and name on transactions (each sent on its own connection), array parameters
// through anyOf (empty arrays too), and `together` one after another in a transaction.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { anyOf, prepared, preparedSql, together } from './prepared';

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

  it('builds once across transactions, each running it on its own connection and seeing its own writes', async () => {
    let builds = 0;
    const inserted = async (id: number) => {
      let found: unknown;
      await db
        .transaction(async (tx) => {
          await tx.insert(items).values({ id, name: `item ${id}` });
          found = await prepared(tx as unknown as Db, 'test_items_by_ids_tx', (db) => {
            builds++;
            return byIds(db);
          }).execute({ ids: [id] });
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
        });
      return found;
    };
    expect(await inserted(4)).toEqual([{ id: 4, name: 'item 4' }]);
    // Sent on the first transaction's connection, the second would not see its own row (or fail,
    // that transaction being over).
    expect(await inserted(5)).toEqual([{ id: 5, name: 'item 5' }]);
    expect(builds).toBe(1);
  });

  it('keeps a raw statement across transactions too', async () => {
    let builds = 0;
    const count = (tx: Db) =>
      preparedSql<{ n: number }>(tx, 'test_count_items_tx', () => {
        builds++;
        return sql`select count(*)::int as n from items where id > ${sql.placeholder('above')}::int`;
      }).rows({ above: 0 });
    const first = await db.transaction(async (tx) => (await count(tx as unknown as Db))[0]!.n);
    const second = await db.transaction(async (tx) => {
      await tx.insert(items).values({ id: 6, name: 'six' });
      return (await count(tx as unknown as Db))[0]!.n;
    });
    expect(second).toBe(first + 1);
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
