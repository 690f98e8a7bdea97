// A fresh, migrated database per test file: in-memory PGlite by default, or a throwaway
// PostgreSQL database when SHOP_TEST_DB=postgres (needs TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';

export const testDbKind = () => (process.env.SHOP_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

export interface TestDatabase extends Database {
  /** PostgreSQL only: the throwaway database's URL, for a second pool (another instance). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const created = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, `shop_test_${process.pid}`);
  const database = await openDatabase({ url: created.url, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    url: created.url,
    async destroy() {
      await database.close();
      await created.drop();
    },
  };
}

/** An empty PostgreSQL database on the server of `adminUrl`, named `<prefix>_<random>`, and how to drop it. */
export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
