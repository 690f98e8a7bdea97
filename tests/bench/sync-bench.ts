// The sync section of the benchmark (ADR 0028): the management API's stock and price sync of
// BENCH_SYNC_ROWS rows (default 10,000) on PostgreSQL, through the API in process (key check,
// CSV reading, the transaction), as an integration calls it. Target of issue 15: stock sync of
// 10,000 rows at most 3 s.
//
// On a fresh database `gen_bench_sync` of the server in BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/), migrated, with N products and two customers: stock sync
// (every row changed), the same file again (nothing changed), price sync (N new prices), changed
// prices, and the same again. Each figure with /proc/loadavg (the machine is shared) and the
// page changes noted (should be 0). BENCH_SYNC_KEEP=1 keeps the database.
import { createApi } from '../../server/api/app';
import { MANAGE_BASE } from '../../server/api/manage/manage-app';
import { openDatabase } from '../../server/db/client';
import { queryRows } from '../../server/db/raw';
import { createApiKey } from '../../server/manage/api-keys';
import { sql } from 'drizzle-orm';
import { loadavg } from './load-average';
import { adminQuery } from '../support/test-db';

export async function runSyncBench(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
  const n = Number(process.env.BENCH_SYNC_ROWS ?? 10_000);
  const dbName = 'gen_bench_sync';
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  console.log(`\nSync (PostgreSQL ${url.host}, ${n} rows; target: stock sync of 10,000 rows <= 3 s)`);
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  await adminQuery(adminUrl, `create database ${dbName}`);
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    const { db } = database;
    await db.execute(sql`
      insert into products (code, slug, standard_price, quantity)
      select 'BENCH-' || lpad(i::text, 6, '0'), 'bench-' || i, 10, 1 from generate_series(1, ${n}) as i`);
    await db.execute(sql`
      insert into customers (code, kind, business_name, email)
      values ('B0001', 'b2b', 'Bench One', 'one@bench.example'), ('B0002', 'b2b', 'Bench Two', 'two@bench.example')`);
    await db.execute(sql`analyze`);
    await db.execute(sql`delete from page_changes`);
    const { key } = await createApiKey(db, 'bench', ['stock', 'prices'], new Date());
    const api = createApi({ db });
    const code = (i: number) => `BENCH-${String(i + 1).padStart(6, '0')}`;
    const lines = (f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('\n');

    const timed = async (label: string, path: string, body: string) => {
      const load = loadavg();
      const started = performance.now();
      const response = await api.request(`${MANAGE_BASE}${path}`, { method: 'PUT', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' }, body });
      const answer = await response.text();
      const seconds = (performance.now() - started) / 1000;
      const [changes] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from page_changes`);
      console.log(
        `${label.padEnd(36)} ${seconds.toFixed(2).padStart(6)} s   ${response.status} ${answer.slice(0, 80).padEnd(80)}  page changes ${changes!.n}   load ${load} -> ${loadavg()}`,
      );
    };
    await timed(`stock sync, ${n} rows changed`, '/stock', `code;quantity\n${lines((i) => `${code(i)};${100 + (i % 500)}`)}\n`);
    await timed(`stock sync, ${n} rows unchanged`, '/stock', `code;quantity\n${lines((i) => `${code(i)};${100 + (i % 500)}`)}\n`);
    await timed(`stock sync, ${n} rows changed again`, '/stock', `${lines((i) => `${code(i)};${7 + (i % 300)}`)}\n`);
    await timed(`price sync, ${n} new prices`, '/prices', lines((i) => `B000${(i % 2) + 1};${code(i)};${(10 + (i % 90)).toFixed(0)},50`));
    await timed(`price sync, ${n} prices changed`, '/prices', lines((i) => `B000${(i % 2) + 1};${code(i)};${(11 + (i % 90)).toFixed(0)},25`));
    await timed(`price sync, ${n} prices unchanged`, '/prices', lines((i) => `B000${(i % 2) + 1};${code(i)};${(11 + (i % 90)).toFixed(0)},25`));
  } finally {
    await database.close();
    if (process.env.BENCH_SYNC_KEEP !== '1') await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`).catch((e: Error) => console.log(`  !! could not drop ${dbName}: ${e.message}`));
  }
}
