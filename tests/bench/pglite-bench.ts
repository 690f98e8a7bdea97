// Bench section "pglite" (npm run bench -- pglite): the shop on its embedded database, started
// as npm start starts it (fresh data folder, demo seed, ANON_CACHE_BYTES=0 so that every answer
// is computed), once with PGlite on the HTTP thread (PGLITE_THREAD=false, as before ADR 0034) and
// once in its worker thread, in the same run. For each: wrk on the anonymous listing (32
// connections, 10 s, after a warm-up) with p50, p90, p99 and req/s; a static file asked every
// 50 ms meanwhile, whose latency says whether the HTTP thread stays free; the CPU the shop used
// (in cores: the HTTP thread and the busiest other thread) and /proc/loadavg.
// Target (issue 17): listing p99 at most 3 times its p50, with the worker thread.
// Standalone: node --import tsx tests/bench/pglite-bench.ts
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from '../../server/config';
import { startShopProcess } from '../support/server-process';
import { loadavg } from './load-average';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_PGLITE_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const PROBE_EVERY_MS = 50;
const LISTING = '/api/v3/client/products/p/?page=1&page_size=12';
const TARGET_P99_OVER_P50 = 3;

const tmp = path.join(ROOT_DIR, 'tests/.tmp');

interface Wrk {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
}

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? 1);

/** wrk in a child process, so that this process's own loop stays free for the static probe. */
async function wrk(url: string, seconds: number): Promise<Wrk> {
  const { spawn } = await import('node:child_process');
  const args = ['-t', '2', '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--timeout', '10s', '--latency', url];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args);
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk failed (${code}):\n${text}`))));
  });
  const pct = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: pct('50'),
    p90: pct('90'),
    p99: pct('99'),
    errors: (non2xx ? Number(non2xx[1]) : 0) + (socket ? socket.slice(1).reduce((n, s) => n + Number(s), 0) : 0),
  };
}

/** Asks for a static file every PROBE_EVERY_MS until `until` settles; answers the latencies. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  return latencies.sort((a, b) => a - b);
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** CPU time (clock ticks) of each thread of a process. */
function threadTicks(pid: number): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(tid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ticks;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Cores used over `seconds`: the whole process, its main (HTTP) thread, its busiest other thread. */
function cpuUse(pid: number, before: Map<number, number>, after: Map<number, number>, seconds: number) {
  const cores = (tid: number) => ((after.get(tid) ?? 0) - (before.get(tid) ?? 0)) / CLOCK_TICKS / seconds;
  let total = 0;
  let other = 0;
  for (const tid of after.keys()) {
    const c = cores(tid);
    total += c;
    if (tid !== pid) other = Math.max(other, c);
  }
  return { total, http: cores(pid), other };
}

async function oneShop(mode: 'inline' | 'thread', distDir: string) {
  const dataDir = path.join(tmp, `bench-pglite-${mode}`);
  rmSync(dataDir, { recursive: true, force: true });
  const shop = await startShopProcess({ dataDir, distDir, env: { ANON_CACHE_BYTES: '0', PGLITE_THREAD: String(mode === 'thread') } });
  try {
    // A hashed asset of the build: a file from disk, no database.
    const home = await fetch(`${shop.url}/home`).then((r) => r.text());
    const asset = /\/_astro\/[\w.-]+\.(?:css|js)/.exec(home)?.[0] ?? '/favicon.svg';
    await wrk(shop.url + LISTING, WARMUP_SECONDS);
    const pid = shop.child.pid!;
    const load = loadavg();
    const before = threadTicks(pid);
    const t0 = performance.now();
    const run = wrk(shop.url + LISTING, SECONDS);
    const staticLatencies = await probe(shop.url + asset, run);
    const listing = await run;
    const cpu = cpuUse(pid, before, threadTicks(pid), (performance.now() - t0) / 1000);
    return { mode, listing, asset, staticLatencies, cpu, load, loadAfter: loadavg() };
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchPglite(distDir = path.join(tmp, 'bench-dist')) {
  console.log(`\nPGlite: anonymous listing, wrk ${CONNECTIONS} connections ${SECONDS} s, ANON_CACHE_BYTES=0; a static file every ${PROBE_EVERY_MS} ms meanwhile`);
  const results = [];
  for (const mode of ['inline', 'thread'] as const) results.push(await oneShop(mode, distDir));
  const f = (n: number) => n.toFixed(n < 10 ? 1 : 0).padStart(6);
  for (const r of results) {
    const l = r.listing;
    const s = r.staticLatencies;
    const name = r.mode === 'inline' ? 'PGlite on the HTTP thread' : 'PGlite in a worker thread';
    console.log(
      `${name.padEnd(26)} listing ${f(l.rps)} req/s  p50 ${f(l.p50)}  p90 ${f(l.p90)}  p99 ${f(l.p99)} ms  p99/p50 ${(l.p99 / l.p50).toFixed(1)}  errors ${l.errors}`,
    );
    console.log(
      `${''.padEnd(26)} static  ${r.asset.slice(0, 28).padEnd(28)} p50 ${f(percentile(s, 0.5))}  p99 ${f(percentile(s, 0.99))}  max ${f(s.at(-1) ?? NaN)} ms (${s.length} asks)`,
    );
    console.log(
      `${''.padEnd(26)} CPU ${r.cpu.total.toFixed(2)} cores (HTTP thread ${r.cpu.http.toFixed(2)}, busiest other ${r.cpu.other.toFixed(2)})   load ${r.load} -> ${r.loadAfter}`,
    );
  }
  const thread = results.find((r) => r.mode === 'thread')!.listing;
  const ratio = thread.p99 / thread.p50;
  console.log(`target: worker thread listing p99 <= ${TARGET_P99_OVER_P50} x p50: ${ratio.toFixed(1)}x ${ratio <= TARGET_P99_OVER_P50 ? 'met' : 'NOT met'}`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPglite();
