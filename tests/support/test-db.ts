// A fresh, migrated database per test file: in-memory PGlite by default (in a worker thread with
// SHOP_TEST_DB=pglite-thread), or a throwaway PostgreSQL database when SHOP_TEST_DB=postgres
// (needs TEST_DATABASE_URL). Under vitest the
// global setup (tests/support/test-templates.ts) has migrated and seeded two templates once per
// run, and each file gets a copy of one: seeding the demo shop takes about 11 s, a copy well
// under one. Outside vitest (tests/bench) each database is migrated on the spot.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';

/** TEST_DB_PREFIX: what the run's PostgreSQL databases are named after (several sessions share the server). */
export const testDbPrefix = () => (/^[a-z][a-z0-9_]{0,20}$/.test(process.env.TEST_DB_PREFIX ?? '') ? process.env.TEST_DB_PREFIX! : 'shop');

export const testDbKind = () => (process.env.SHOP_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * SHOP_TEST_DB=pglite-thread runs the API tests on PGlite in a worker thread, as the server runs
 * it; by default they run it in their own thread (quicker to open, and `$client` is PGlite itself).
 */
export const pgliteInThread = () => process.env.SHOP_TEST_DB === 'pglite-thread';

export type TemplateName = 'migrated' | 'seeded';

/** Where the global setup left the templates: PGlite data-dir dumps (files) or PostgreSQL database names. */
export interface TestTemplates {
  kind: 'pglite' | 'postgres';
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates | undefined;
  }
}

export interface TestDatabase extends Database {
  /** PostgreSQL only: the throwaway database's URL, for a second pool (another instance). */
  url?: string;
  /** Whether it came with the demo shop already in it (a copy of the seeded template). */
  seeded: boolean;
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

async function providedTemplates(): Promise<TestTemplates | undefined> {
  // Imported only under vitest: the bench runs these helpers with plain tsx, where vitest's
  // runtime is absent.
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const templates = inject('testTemplates');
  return templates?.kind === testDbKind() ? templates : undefined;
}

/**
 * Outside vitest, `npm run bench` seeds the demo shop once on PostgreSQL and names that database
 * in BENCH_SEEDED_TEMPLATE: its sections copy it instead of seeding each their own.
 */
function benchTemplate(template: TemplateName | undefined): string | undefined {
  if (process.env.VITEST || template !== 'seeded' || testDbKind() !== 'postgres') return undefined;
  return process.env.BENCH_SEEDED_TEMPLATE || undefined;
}

/**
 * A migrated database of its own; with `template: 'seeded'` it holds the demo shop as well when
 * the run has a seeded template (check `seeded`, and seed when it is false).
 */
export async function openTestDatabase(options: { template?: TemplateName; pgliteThread?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  const templates = await providedTemplates();
  const from = templates?.[options.template ?? 'migrated'] ?? benchTemplate(options.template);
  if (testDbKind() === 'pglite') {
    if (options.pgliteThread ?? pgliteInThread()) {
      // PGlite in a worker thread, as the serving processes run it (ADR 0034).
      const database = await openDatabase({ pgliteThread: true, pgliteDumpFile: from });
      if (!from) await database.migrate();
      return { ...database, seeded: Boolean(from) && options.template === 'seeded', destroy: () => database.close() };
    }
    if (!from) {
      const database = await openDatabase({});
      await database.migrate();
      return { ...database, seeded: false, destroy: () => database.close() };
    }
    const database = await openPgliteCopy(from);
    return { ...database, seeded: options.template === 'seeded', destroy: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const created = await createThrowawayDatabase(adminUrl, `${testDbPrefix()}_test_${process.pid}`, from);
  const database = await openDatabase({ url: created.url, poolSize: options.poolSize ?? 5 });
  if (!from) await database.migrate();
  return {
    ...database,
    url: created.url,
    seeded: Boolean(from) && options.template === 'seeded',
    async destroy() {
      await database.close();
      await created.drop();
    },
  };
}

/** An in-memory PGlite loaded from a data-dir dump (PGlite's own `dumpDataDir` tarball). */
export async function openPgliteCopy(dumpFile: string): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(dumpFile)]) });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/**
 * An empty PostgreSQL database on the server of `adminUrl`, named `<prefix>_<random>`, and how to
 * drop it; a copy of `template` when one is named (which must have no connections open).
 */
export async function createThrowawayDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
};

/**
 * Connections of a test's own, beside the shop's pool, that a server may end under them. node-
 * postgres resolves `pool.end()` before its connections have closed, and a file's database is
 * dropped `with (force)` right after: a connection still closing then gets the server's 57P01
 * (as do all of them when a test stops its cluster), and an error event nobody listens to is an
 * uncaught exception that fails the whole run.
 */
export function sidePool(url: string, options: Omit<pg.PoolConfig, 'connectionString'> = {}): pg.Pool {
  const pool = new pg.Pool({ ...options, connectionString: url });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** One such connection, connected (see sidePool). */
export async function sideClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

export async function adminQuery(adminUrl: string, text: string) {
  // A database dropped `with (force)` ends other sessions, this one's too when it is a copy's.
  const admin = await sideClient(adminUrl);
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
