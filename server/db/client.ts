// Opens the shop database: PostgreSQL when a URL is given, otherwise the embedded PGlite.
// Both speak the same SQL and take the same migrations, so the rest of the code sees one type.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ROOT_DIR } from '../config';
import { lockDataDir } from './pglite-lock';
import { openPgliteThread, type RestartPolicy } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs every migration not applied yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'server/db/migrations');

export interface OpenOptions {
  /** PostgreSQL connection string. */
  url?: string;
  /** PGlite data directory; omitted (and no url) means an in-memory database, for tests. */
  dataDir?: string;
  /**
   * PGlite only: run the engine in a worker thread of its own (pglite-thread.ts, ADR 0034), as
   * the serving processes do; one-shot commands and tests keep it in their own thread.
   */
  pgliteThread?: boolean;
  /** PGlite only, with pgliteThread: open a copy of this data-dir dump (tests' templates) instead of dataDir. */
  pgliteDumpFile?: string;
  /** PGlite only, with pgliteThread and dataDir: how a thread that died is replaced (tests widen the delays). */
  pgliteRestart?: RestartPolicy;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** How long a query waits for a connection before it fails (PostgreSQL); 0 waits for ever. */
  connectTimeoutMs?: number;
  /** Longest a statement may run (PostgreSQL statement_timeout); 0 is no limit. */
  statementTimeoutMs?: number;
  /** How long a checked-out client that lost its connection may stay unreleased before the pool takes it back. */
  brokenClientGraceMs?: number;
}

export const DEFAULT_DB_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_DB_STATEMENT_TIMEOUT_MS = 60_000;
const BROKEN_CLIENT_GRACE_MS = 30_000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // With the database away, a request fails in seconds (503) instead of queueing for ever.
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DB_CONNECT_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_DB_STATEMENT_TIMEOUT_MS,
      // A peer that vanished without closing (network down) is noticed by the socket.
      keepAlive: true,
    });
    guardPool(pool, options.brokenClientGraceMs ?? BROKEN_CLIENT_GRACE_MS);
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateWithoutStatementTimeout(options.url!, options.connectTimeoutMs),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // One process per data folder (pglite-lock.ts): a second one is refused before it opens the files.
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const client = await (
    options.pgliteThread
      ? openPgliteThread({ dataDir: options.dataDir, dumpFile: options.pgliteDumpFile }, { restart: options.pgliteRestart })
      : PGlite.create(options.dataDir)
  ).catch((error: unknown) => {
    unlock();
    throw error;
  });
  // The thread's client offers the part of PGlite's interface that drizzle-orm/pglite calls.
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close().finally(unlock),
  };
}

/** A migration may build an index over a large table: it gets a connection without the limit. */
async function migrateWithoutStatementTimeout(url: string, connectTimeoutMs: number | undefined) {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: connectTimeoutMs ?? DEFAULT_DB_CONNECT_TIMEOUT_MS });
  guardPool(pool, BROKEN_CLIENT_GRACE_MS);
  try {
    await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await pool.end();
  }
}

/**
 * node-postgres emits 'error' on a client whose connection the server dropped; with no listener
 * the process exits (ARCHITECTURE.md, "Things that bite"). The pool listens on idle clients;
 * clients checked out (a Drizzle transaction holds one) need their own listener. The query in
 * flight on such a client fails, and with it that request only.
 *
 * Drizzle's transaction() never releases a client whose BEGIN failed: each such drop would take
 * one connection from the pool for good (seen: 3 of 10 within 15 s of drops), until every
 * request waits out the connect timeout and `close()` hangs. A broken client still checked out
 * after a grace time is given back as broken, which removes it from the pool.
 */
function guardPool(pool: pg.Pool, graceMs: number) {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as pg.PoolClient));
  pool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // An idle client's loss is told by the pool's 'error' above.
      if (!checkedOut.has(client)) return;
      console.error(`[db] connection lost in use: ${error.message}`);
      setTimeout(() => {
        if (!checkedOut.delete(client)) return;
        try {
          client.release(error);
        } catch {
          // Released meanwhile by its holder: nothing to take back.
        }
      }, graceMs).unref();
    });
  });
}

/** The database of this installation, per configuration. */
export function openConfiguredDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string; dbConnectTimeoutMs?: number; dbStatementTimeoutMs?: number },
  options: { pgliteThread?: boolean } = {},
) {
  return openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, connectTimeoutMs: config.dbConnectTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs }
      : { dataDir: path.join(config.dataDir, 'pglite'), pgliteThread: options.pgliteThread },
  );
}
