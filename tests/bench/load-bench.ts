// The load section of the benchmark (issue 17): the JSON API under wrk, 32 connections, 10 s each
// after a 2 s warm-up, on a throwaway demo shop on PostgreSQL (`gen_bench_load` on the server of
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/) and then on PGlite:
// - anonymous listing, 12 per page, with the anonymous cache off (ANON_CACHE_BYTES=0);
// - product detail (cache off); signed-in B2B listing (never kept) with the cache off;
// - anonymous listing with the cache on and warm; the signed-in B2B listing as served, with the
//   cache on (the customer's prices and stock on the kept anonymous content, ADR 0040);
// - the prepared-SQL floor: the SQL statements one anonymous listing sends (recorded from the
//   server), replayed with node-postgres as named statements by 32 clients, listings per second;
// - PGlite: the anonymous listing (cache off), p50 and p99.
// Every figure with its target, the floor and /proc/loadavg: the machine is shared (the shop, the
// database and wrk side by side on 2 cores), so read ratios and trends, not absolutes.
//
// BENCH_LOAD_ROOT=<checkout> serves that checkout's code (say, main) with this section, so a
// before and after can be taken in one sitting; BENCH_LOAD_COMPARE=<checkout> instead runs that
// checkout and this one side by side in alternating rounds (compareLoad). BENCH_LOAD_SECONDS
// changes the 10 s; BENCH_LOAD_ROUNDS the rounds (compare mode; in the plain mode, rounds of floor
// then listing); BENCH_LOAD_DB the database's name, BENCH_LOAD_PORT the first port.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT_DIR } from '../../server/config';
import { startShopProcess, type ShopProcess } from '../support/server-process';
import { adminQuery, databaseUrl } from '../support/test-db';
import { loadavg } from './load-average';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
const WRK = process.env.WRK ?? '/usr/bin/wrk';
const LIST = '/api/v3/client/products/p/?page=1&page_size=12';
const tmp = path.join(ROOT_DIR, 'tests/.tmp/bench-load');

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** wrk's duration in ms from "1.23ms", "456.00us", "1.02s". */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
}

/** A Lua script for wrk: the paths in turn, with the headers given. */
function luaScript(name: string, paths: string[], headers: Record<string, string>): string {
  const file = path.join(tmp, `${name}.lua`);
  const quote = (s: string) => JSON.stringify(s);
  writeFileSync(
    file,
    `local paths = {${paths.map(quote).join(', ')}}
local i = 0
${Object.entries(headers)
  .map(([k, v]) => `wrk.headers[${quote(k)}] = ${quote(v)}`)
  .join('\n')}
request = function()
  i = i % #paths + 1
  return wrk.format(nil, paths[i])
end
`,
  );
  return file;
}

async function wrk(base: string, name: string, paths: string[], headers: Record<string, string> = {}): Promise<Figure> {
  const script = luaScript(name, paths, headers);
  const args = (seconds: number) => ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '--timeout', '10s', '-s', script, base + paths[0]];
  await run(WRK, args(WARMUP_SECONDS));
  const { stdout } = await run(WRK, args(SECONDS));
  // wrk's own report, for a figure that looks wrong.
  writeFileSync(path.join(tmp, `${name}.wrk.txt`), stdout);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
  const p50 = ms(/^\s+50%\s+(\S+)/m.exec(stdout)?.[1] ?? '');
  const p99 = ms(/^\s+99%\s+(\S+)/m.exec(stdout)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const errors = non2xx + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0);
  return { rps, p50, p99, errors };
}

function report(name: string, f: Figure, target: string, floor?: number) {
  const ratio = floor ? `  ${(f.rps / floor).toFixed(2)} of floor ${floor.toFixed(0)}` : '';
  console.log(
    `  ${name.padEnd(40)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  errors ${f.errors}${ratio}` +
      `   [target ${target}]  load ${loadavg()}`,
  );
}

/** Listings per second when the recorded statements go straight to PostgreSQL as named statements. */
async function preparedFloor(url: string, statements: { text: string; values: unknown[] }[]): Promise<{ perSecond: number; p50: number; p99: number }> {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    const listing = async (client: pg.Client) => {
      for (const [i, s] of statements.entries()) await client.query({ name: `floor_${i}`, text: s.text, values: s.values });
    };
    const loop = async (seconds: number, latencies: number[]) => {
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        clients.map(async (client) => {
          while (performance.now() < until) {
            const t0 = performance.now();
            await listing(client);
            latencies.push(performance.now() - t0);
          }
        }),
      );
    };
    await loop(WARMUP_SECONDS, []);
    const latencies: number[] = [];
    const t0 = performance.now();
    await loop(SECONDS, latencies);
    const elapsed = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
    return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

// BENCH_LOAD_PORT=<n>: the shops listen on n, n+1, ... (a shared machine hands each user a range);
// by default on free ports.
let portsTaken = 0;
const nextPort = () => (process.env.BENCH_LOAD_PORT ? Number(process.env.BENCH_LOAD_PORT) + portsTaken++ : undefined);

async function startLoadShop(name: string, env: NodeJS.ProcessEnv, root = process.env.BENCH_LOAD_ROOT ? path.resolve(process.env.BENCH_LOAD_ROOT) : ROOT_DIR): Promise<ShopProcess> {
  return startShopProcess({
    port: nextPort(),
    entry: path.join(ROOT_DIR, 'tests/bench/load-server.ts'),
    dataDir: path.join(tmp, `data-${name}`),
    distDir: path.join(tmp, 'no-dist'),
    timeoutMs: 300_000,
    env: { LOAD_ROOT: root, NODE_ENV: 'production', ...env },
  });
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v3/client/auth/login/`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('b2b@example.com:Customer-2026!').toString('base64')}` },
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in for the load section failed: HTTP ${response.status}`);
  return body.token;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * BENCH_LOAD_COMPARE=<checkout>: that checkout's code (before) and this one's (after) side by
 * side on one PostgreSQL database, cache off, each figure taken in alternating rounds (before,
 * after, before, ...) so that both see the same neighbours; medians and the after/before ratio.
 */
async function compareLoad(url: string, before: string): Promise<void> {
  const rounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
  console.log(`PostgreSQL, ${before} (before) vs this checkout (after), ${rounds} alternating rounds each`);
  // First with the anonymous cache off, then on (as served): a signed-in listing may build on
  // the kept anonymous content (ADR 0040), so it is taken both ways.
  for (const cache of ['off', 'on'] as const) {
    const env = { DATABASE_URL: url, ...(cache === 'off' ? { ANON_CACHE_BYTES: '0' } : {}) };
    const a = await startLoadShop('pg-before', env, before);
    try {
      const b = await startLoadShop('pg-after', env, ROOT_DIR);
      try {
        const list = (await fetch(`${a.url}/api/v3/client/products/p/?page_size=50`).then((r) => r.json())) as { results: { slug: string }[] };
        const details = list.results.map((r) => `/api/v3/client/products/p/${r.slug}/`);
        const signedIn = { Authorization: `Token ${await signIn(a.url)}` };
        const figures: [string, string[], Record<string, string>][] =
          cache === 'off'
            ? [
                ['anonymous listing 12, cache off', [LIST], {}],
                ['product detail, cache off', details, {}],
                ['signed-in B2B listing 12, cache off', [LIST], signedIn],
              ]
            : [
                ['signed-in B2B listing 12, cache on', [LIST], signedIn],
                ['anonymous listing 12, cache warm', [LIST], {}],
              ];
        for (const [name, paths, headers] of figures) {
          const taken: { before: Figure[]; after: Figure[] } = { before: [], after: [] };
          for (let i = 0; i < rounds; i++) {
            taken.before.push(await wrk(a.url, `cmp-before-${i}`, paths, headers));
            taken.after.push(await wrk(b.url, `cmp-after-${i}`, paths, headers));
          }
          const m = (fs: Figure[], k: 'rps' | 'p50' | 'p99') => median(fs.map((f) => f[k]));
          const errors = [...taken.before, ...taken.after].reduce((n, f) => n + f.errors, 0);
          console.log(
            `  ${name.padEnd(36)} before ${m(taken.before, 'rps').toFixed(0).padStart(5)} req/s p99 ${m(taken.before, 'p99').toFixed(0).padStart(5)} ms` +
              ` | after ${m(taken.after, 'rps').toFixed(0).padStart(5)} req/s p99 ${m(taken.after, 'p99').toFixed(0).padStart(5)} ms` +
              ` | after/before ${(m(taken.after, 'rps') / m(taken.before, 'rps')).toFixed(2)}x req/s  (rounds: ${taken.before.map((f) => f.rps.toFixed(0)).join('/')} vs ${taken.after.map((f) => f.rps.toFixed(0)).join('/')}; errors ${errors})  load ${loadavg()}`,
          );
        }
      } finally {
        await b.stop();
      }
    } finally {
      await a.stop();
    }
  }
}

export async function runLoadBench(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
  // BENCH_LOAD_DB: another name, so that two sittings on one server do not drop each other's.
  const dbName = process.env.BENCH_LOAD_DB ?? 'gen_bench_load';
  const url = databaseUrl(adminUrl, dbName);
  // The PGlite shop keeps its seeded data folder from run to run; the PostgreSQL one starts anew.
  rmSync(path.join(tmp, 'data-pg'), { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const code = process.env.BENCH_LOAD_ROOT ? path.resolve(process.env.BENCH_LOAD_ROOT) : 'this checkout';
  console.log(`\nLoad (wrk, ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; code of ${code}; load ${loadavg()})`);
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  await adminQuery(adminUrl, `create database ${dbName}`);
  const recordFile = path.join(tmp, 'listing-statements.json');
  if (process.env.BENCH_LOAD_COMPARE) {
    try {
      await compareLoad(url, path.resolve(process.env.BENCH_LOAD_COMPARE));
    } finally {
      await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
    }
    return;
  }
  try {
    console.log('PostgreSQL');
    let floor = Number.NaN;
    const cold = await startLoadShop('pg', { DATABASE_URL: url, ANON_CACHE_BYTES: '0', LOAD_RECORD_FILE: recordFile, LOAD_RECORD_PATH: LIST });
    try {
      const base = cold.url;
      const list = (await fetch(`${base}/api/v3/client/products/p/?page_size=50`).then((r) => r.json())) as { results: { slug: string }[] };
      const slugs = list.results.map((r) => r.slug);
      const token = await signIn(base);
      const recorded = JSON.parse(readFileSync(recordFile, 'utf8')) as { status: number; statements: { text: string; values: unknown[] }[] };
      // BENCH_LOAD_ROUNDS > 1: the floor and the listing in turn, each listing read against the
      // floor taken just before it (the load of a shared machine moves within a minute).
      const rounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 1);
      const ratios: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const f = await preparedFloor(url, recorded.statements);
        floor = f.perSecond;
        console.log(
          `  ${'prepared-SQL floor (listing)'.padEnd(40)} ${f.perSecond.toFixed(0).padStart(6)} listings/s (${recorded.statements.length} statements each)  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  load ${loadavg()}`,
        );
        const listing = await wrk(base, 'anon-list', [LIST]);
        report('anonymous listing 12, cache off', listing, '>= 0.7 of floor, p99 <= 50 ms', floor);
        ratios.push(listing.rps / floor);
      }
      if (rounds > 1) console.log(`  anonymous listing / floor, median of ${rounds} rounds: ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`);
      report('product detail, cache off', await wrk(base, 'detail', slugs.map((s) => `/api/v3/client/products/p/${s}/`)), 'none', floor);
      report('signed-in B2B listing 12, cache off', await wrk(base, 'b2b-list', [LIST], { Authorization: `Token ${token}` }), 'none (served with the cache on)', floor);
    } finally {
      await cold.stop();
    }
    const warm = await startLoadShop('pg', { DATABASE_URL: url });
    try {
      report('anonymous listing 12, cache warm', await wrk(warm.url, 'anon-warm', [LIST]), '>= 5,000 req/s', floor);
      // As served: the customer's values on the kept anonymous content (ADR 0040), never kept itself.
      const token = await signIn(warm.url);
      report('signed-in B2B listing 12, cache on', await wrk(warm.url, 'b2b-list-warm', [LIST], { Authorization: `Token ${token}` }), '>= 1,000 req/s, p99 <= 60 ms', floor);
    } finally {
      await warm.stop();
    }
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  }
  console.log('PGlite');
  const embedded = await startLoadShop('pglite', { DATABASE_URL: '', ANON_CACHE_BYTES: '0' });
  try {
    const f = await wrk(embedded.url, 'pglite-list', [LIST]);
    report('anonymous listing 12, cache off', f, 'p99 <= 3x p50');
    console.log(`  p99/p50 ${(f.p99 / f.p50).toFixed(1)}`);
  } finally {
    await embedded.stop();
  }
}
