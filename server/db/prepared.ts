// Named (prepared) statements for the hot read paths (ADR 0035). A statement built once per
// database handle and sent by name: drizzle skips building its SQL on every call, and
// node-postgres parses it once per connection, so PostgreSQL can keep its plan. PGlite runs the
// same statement text (its driver ignores the name).
//
// A name stands for one SQL text: node-postgres refuses a name it has parsed with another text
// on the same connection. So what changes the text (a locale's search configuration, a filter
// present or not, an order) belongs in the name; values go in `sql.placeholder`s. A list of ids
// is one placeholder through `anyOf` (`= any($1)`), not `in ($1, $2, ...)` whose text changes
// with the length.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const inTransaction = (db: Db): boolean => (db as unknown) instanceof PgTransaction;

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * Statements built on a transaction, by the class of its session (the driver) and name. A
 * transaction's handle lives for one transaction, so its statements cannot be kept on it as the
 * pool's are, and drizzle's package (its SQL building first) was the largest part of the shop's
 * own CPU in a profile of the checkout bench. A later transaction gets the kept statement with
 * its own connection and logger in place of the first one's: drizzle's prepared query of both
 * drivers (pglite and node-postgres, 0.45) sends through `this.client`, logs through
 * `this.logger` and holds nothing else of the transaction. prepared.test.ts pins that.
 */
const builtOnTransactions = new WeakMap<object, Map<string, object>>();

interface TransactionSession {
  session: { client: unknown; logger: unknown; constructor: object };
}

function onTransaction<T extends object>(db: Db, name: string, make: () => T): T {
  const { session } = db as unknown as TransactionSession;
  let byName = builtOnTransactions.get(session.constructor);
  if (!byName) builtOnTransactions.set(session.constructor, (byName = new Map()));
  const kept = byName.get(name) as (T & { client: unknown }) | undefined;
  if (kept) return Object.assign(Object.create(kept) as T, { client: session.client, logger: session.logger });
  const statement = make();
  byName.set(name, statement);
  return statement;
}

/**
 * The statement `name` of this handle, built by `build` the first time. On a transaction it is
 * built once per driver and sent by name on the transaction's connection (onTransaction).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => { prepare(name: string): T }): T {
  if (inTransaction(db)) return onTransaction(db, name, () => build(db).prepare(name) as T & object);
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db).prepare(name);
    byName.set(name, statement);
  }
  return statement;
}

/** `column = any($n)`: the array placeholder `name` holds the values. */
export const anyOf = (column: AnyColumn | SQL, name: string): SQL => sql`${column} = any(${sql.placeholder(name)})`;

/**
 * Runs independent reads at once on the pool; on a transaction (one connection, where
 * overlapping queries are deprecated by node-postgres) one after another.
 */
export async function together<T extends readonly unknown[]>(db: Db, ...tasks: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (inTransaction(db)) {
    const out: unknown[] = [];
    for (const task of tasks) out.push(await task());
    return out as unknown as T;
  }
  return (await Promise.all(tasks.map((task) => task()))) as unknown as T;
}

interface RawSession {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): { all(values?: Record<string, unknown>): Promise<unknown[]> } };
  dialect: { sqlToQuery(query: SQL): unknown };
}

/** A raw statement sent by name: its rows as the driver answers them (no drizzle mapping). */
export interface PreparedSql<T> {
  rows(values?: Record<string, unknown>): Promise<T[]>;
}

/**
 * `prepared` for a statement drizzle's builders cannot say (an upsert returning a computed
 * value, a union, a lock of a join): the SQL `build` answers, with `sql.placeholder`s for its
 * values, built once per handle and sent by name. Rows come as `queryRows` gives them
 * (timestamps as text on PostgreSQL).
 */
export function preparedSql<T>(db: Db, name: string, build: () => SQL): PreparedSql<T> {
  const query = () => {
    const raw = db as unknown as RawSession;
    return raw.session.prepareQuery(raw.dialect.sqlToQuery(build()), undefined, name, false);
  };
  const make = (): PreparedSql<T> => {
    const q = query();
    return { rows: (values) => q.all(values) as Promise<T[]> };
  };
  if (inTransaction(db)) {
    const q = onTransaction(db, name, query);
    return { rows: (values) => q.all(values) as Promise<T[]> };
  }
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let statement = byName.get(name) as PreparedSql<T> | undefined;
  if (statement === undefined) {
    statement = make();
    byName.set(name, statement);
  }
  return statement;
}
