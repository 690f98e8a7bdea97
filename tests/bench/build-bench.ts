// The build section of the benchmark: how long `npm run build` takes, how much memory it needs
// and how big its output is, for catalogues of N products on PostgreSQL.
//
// For each N in BENCH_BUILD_SIZES (default 162,2000,10000), on a fresh database `gen_bench_build_N`
// of the server in BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/):
//   npm run db:seed; npm run db:seed -- --products N; npm run build
// with DATABASE_URL, DIST_DIR=tests/.tmp/bench-build-N and DATA_DIR=tests/.tmp/bench-build-data-N,
// exactly as a user would run them. Printed: wall time, seconds per 1,000 products, peak RSS of the
// build's process tree (VmRSS of the process and its descendants, sampled every 200 ms), files and
// bytes in the dist folder, whether the build exited by itself (60 s after its final line), and
// /proc/loadavg beside every figure (the machine is shared).
//
// BENCH_BUILD_BOUNDED=100000:2000 adds a run of N=100,000 with PRERENDER_PRODUCTS=2000 given to
// the build; then `npm run serve` starts on that build and the first and second request of a
// product page that was not prerendered are timed, with their X-Shop-Page header.
//
// Other settings: BENCH_BUILD_TIMEOUT_MIN (default 60) per build, BENCH_BUILD_KEEP=1 keeps the
// database and folders. A step that fails is reported and the next N goes on.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../server/config';
import { freePort } from '../support/server-process';
import { loadavg } from './load-average';
import { adminQuery } from '../support/test-db';

const TMP = path.join(ROOT_DIR, 'tests/.tmp');
const SAMPLE_MS = 200;
const EXIT_GRACE_MS = 60_000;
/** The build's last line: `server/build.ts` logs one of these just before it exits. */
const BUILD_FINAL_LINE = /\[build\] (site built in|failed)/;

export interface BuildRun {
  products: number;
  /** PRERENDER_PRODUCTS given to the build, for a bounded run. */
  prerender?: number;
}

export interface BuildFigures {
  run: BuildRun;
  ok: boolean;
  note: string;
  wallS?: number;
  peakRssMb?: number;
  files?: number;
  bytes?: number;
  exited?: boolean;
  load: string;
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmtMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const say = (message: string) => console.log(`${message}   [load ${loadavg()}]`);

/** Sizes and bounded run from the environment. */
export function buildRunsFromEnv(env = process.env): BuildRun[] {
  const runs: BuildRun[] = [];
  const sizes = (env.BENCH_BUILD_SIZES ?? '162,2000,10000').split(',').map((s) => s.trim().replace(/_/g, '')).filter(Boolean);
  for (const s of sizes) {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_BUILD_SIZES: "${s}" is not a number of products`);
    runs.push({ products: n });
  }
  const bounded = env.BENCH_BUILD_BOUNDED?.trim();
  if (bounded) {
    const [n, limit] = bounded.replace(/_/g, '').split(':').map(Number);
    if (!Number.isInteger(n) || !Number.isInteger(limit) || n! < 1 || limit! < 0) {
      throw new Error(`BENCH_BUILD_BOUNDED wants products:prerendered, e.g. 100000:2000, got "${bounded}"`);
    }
    runs.push({ products: n!, prerender: limit! });
  }
  return runs;
}

// ---------------------------------------------------------------- process tree memory

/** Parent of every process, from /proc/<pid>/stat (the field after the command's closing paren). */
async function parentsOfAll(): Promise<Map<number, number[]>> {
  const children = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(rest[1]);
    if (!ppid) continue;
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  return children;
}

async function rssKbOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return m ? Number(m[1]) : 0;
}

/** Resident memory of a process and all its descendants, in bytes. */
async function treeRss(root: number): Promise<number> {
  const children = await parentsOfAll();
  let total = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    total += await rssKbOf(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return total * 1024;
}

// ---------------------------------------------------------------- child processes

interface Child {
  child: ChildProcess;
  /** Resolves with the exit code (or the signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  /** Kills the whole process group (npm, its shell and node). */
  kill(signal?: NodeJS.Signals): void;
}

function startNpm(args: string[], env: NodeJS.ProcessEnv, options: { echo?: string; onLine?: (line: string) => void } = {}): Child {
  const child = spawn('npm', args, { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  let echoed = 0;
  let partial = '';
  const onData = (d: Buffer) => {
    const text = d.toString();
    log += text;
    if (log.length > 200_000) log = log.slice(-100_000);
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      options.onLine?.(line);
      if (options.echo !== undefined && line.trim() && !line.startsWith('npm warn') && echoed++ < 60) console.log(`${options.echo}${line}`);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited,
    output: () => log,
    kill(signal = 'SIGKILL') {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    },
  };
}

const tail = (text: string, lines = 25) => text.trim().split('\n').filter((l) => !l.startsWith('npm warn')).slice(-lines).map((l) => `      ${l}`).join('\n');

async function runStep(name: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const step = startNpm(args, env, { echo: `    ${name} | ` });
  const timer = setTimeout(() => step.kill(), timeoutMs);
  const { code, signal } = await step.exited;
  clearTimeout(timer);
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`${name} failed (${signal ? `killed by ${signal}` : `exit ${code}`}) after ${fmtS(ms)}:\n${tail(step.output())}`);
  return ms;
}

// ---------------------------------------------------------------- dist folder

async function folderSize(dir: string): Promise<{ files: number; bytes: number; html: number }> {
  const out = { files: 0, bytes: 0, html: 0 };
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(d, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        out.files++;
        out.bytes += (await lstat(full)).size;
        if (entry.name.endsWith('.html')) out.html++;
      }
    }
  };
  await walk(dir);
  return out;
}

// ---------------------------------------------------------------- the build itself

interface BuildMeasure {
  ok: boolean;
  wallMs: number;
  finalLineMs?: number;
  peakRss: number;
  exited: boolean;
  code: number | null;
  output: string;
}

async function measureBuild(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<BuildMeasure> {
  const started = performance.now();
  let finalLineMs: number | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  let exitedByItself = true;
  const build = startNpm(['run', 'build'], env, {
    echo: '    build | ',
    onLine: (line) => {
      if (finalLineMs === undefined && BUILD_FINAL_LINE.test(line)) {
        finalLineMs = performance.now() - started;
        // It should end at once; give it a minute, then call it hung.
        graceTimer = setTimeout(() => {
          exitedByItself = false;
          build.kill();
        }, EXIT_GRACE_MS);
      }
    },
  });
  let peakRss = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      if (build.child.pid) peakRss = Math.max(peakRss, await treeRss(build.child.pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  let timedOut = false;
  const timeout = setTimeout(() => {
    timedOut = true;
    build.kill();
  }, timeoutMs);
  const { code, signal } = await build.exited;
  const wallMs = performance.now() - started;
  done = true;
  clearTimeout(timeout);
  clearTimeout(graceTimer);
  await sampler;
  if (timedOut) exitedByItself = false;
  const ok = code === 0 || (!exitedByItself && finalLineMs !== undefined && !/\[build\] failed/.test(build.output()));
  return {
    ok: ok && !timedOut,
    wallMs: exitedByItself ? wallMs : (finalLineMs ?? wallMs),
    finalLineMs,
    peakRss,
    exited: exitedByItself,
    code: signal ? null : code,
    output: timedOut ? `${build.output()}\n(timed out after ${fmtS(timeoutMs)}, killed)` : build.output(),
  };
}

// ---------------------------------------------------------------- on-demand page of a bounded build

async function timedGet(url: string): Promise<{ ms: number; status: number; page: string; bytes: number }> {
  const t0 = performance.now();
  const response = await fetch(url, { headers: { Cookie: 'lan=it', 'Accept-Encoding': 'br, gzip' }, redirect: 'manual' });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - t0, status: response.status, page: response.headers.get('x-shop-page') ?? '(none)', bytes: body.byteLength };
}

async function measureOnDemand(env: NodeJS.ProcessEnv, databaseUrl: string, distDir: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on('error', () => {});
  await db.connect();
  let slug: string | undefined;
  try {
    const { rows } = await db.query<{ slug: string }>(
      `select slug from products where slug ~ '-g[0-9]{6}$' and is_published order by id desc limit 200`,
    );
    slug = rows.map((r) => r.slug).find((s) => !existsSync(path.join(distDir, 'client/it/p', s, 'index.html')));
  } finally {
    await db.end();
  }
  if (!slug) {
    say('  on-demand: every generated product was prerendered (is PRERENDER_PRODUCTS honoured?); nothing to measure');
    return;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let listening = false;
  const server = startNpm(['run', 'serve'], { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_SITE_URL: base }, {
    onLine: (line) => {
      if (line.includes('listening on')) listening = true;
    },
  });
  try {
    const deadline = Date.now() + 180_000;
    while (!listening) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`npm run serve ended before listening:\n${tail(server.output())}`);
      if (Date.now() > deadline) throw new Error(`npm run serve did not say "listening on" within 180 s:\n${tail(server.output())}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = `${base}/p/${encodeURIComponent(slug)}`;
    say(`  on-demand page /p/${slug} (no file in the build)`);
    const first = await timedGet(url);
    say(`    first request   ${first.ms.toFixed(0).padStart(6)} ms   status ${first.status}   X-Shop-Page ${first.page}   ${(first.bytes / 1024).toFixed(1)} KB`);
    const second = await timedGet(url);
    say(`    second request  ${second.ms.toFixed(0).padStart(6)} ms   status ${second.status}   X-Shop-Page ${second.page}   ${(second.bytes / 1024).toFixed(1)} KB`);
    if (first.status !== 200 || second.status !== 200) say(`    !! expected 200 twice; server output:\n${tail(server.output(), 15)}`);
    const fileNow = existsSync(path.join(distDir, 'client/it/p', slug, 'index.html'));
    say(`    kept as a file afterwards: ${fileNow ? 'yes' : 'no'}`);
  } finally {
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await server.exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- one N

async function benchOne(run: BuildRun, adminUrl: string, timeoutMs: number): Promise<BuildFigures> {
  const n = run.products;
  const label = run.prerender === undefined ? `N=${n}` : `N=${n}, PRERENDER_PRODUCTS=${run.prerender}`;
  const suffix = run.prerender === undefined ? `${n}` : `${n}-bounded-${run.prerender}`;
  const dbName = `gen_bench_build_${suffix.replace(/-/g, '_')}`;
  const distDir = path.join(TMP, `bench-build-${suffix}`);
  const dataDir = path.join(TMP, `bench-build-data-${suffix}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.href;
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DIST_DIR: distDir, DATA_DIR: dataDir };
  delete env.SHOP_API_URL;
  delete env.PORT;
  if (run.prerender === undefined) delete env.PRERENDER_PRODUCTS;
  else env.PRERENDER_PRODUCTS = String(run.prerender);

  console.log(`\n-- build, ${label} (database ${dbName}, dist ${path.relative(ROOT_DIR, distDir)})`);
  const figures: BuildFigures = { run, ok: false, note: '', load: loadavg() };
  try {
    await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
    await adminQuery(adminUrl, `create database ${dbName}`);
    await rm(distDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });

    const seedMs = await runStep('seed', ['run', 'db:seed'], env, 10 * 60_000);
    say(`  demo seed                ${fmtS(seedMs)}`);
    const genMs = await runStep('seed', ['run', 'db:seed', '--', '--products', String(n)], env, 30 * 60_000);
    say(`  catalogue to ${String(n).padEnd(10)} ${fmtS(genMs)}`);

    const loadBefore = loadavg();
    const build = await measureBuild(env, timeoutMs);
    const size = await folderSize(distDir);
    figures.load = `${loadBefore} -> ${loadavg()}`;
    figures.wallS = build.wallMs / 1000;
    figures.peakRssMb = build.peakRss / 1024 / 1024;
    figures.files = size.files;
    figures.bytes = size.bytes;
    figures.exited = build.exited;
    figures.ok = build.ok;
    console.log(`  load before the build: ${loadBefore}`);
    say(`  build wall time          ${fmtS(build.wallMs)}${build.finalLineMs !== undefined && build.exited ? ` (final line at ${fmtS(build.finalLineMs)})` : ''}`);
    const perPrerendered = run.prerender ? `, per 1,000 prerendered ${((build.wallMs / run.prerender)).toFixed(1)} s` : '';
    say(`  per 1,000 products       ${((build.wallMs / 1000 / n) * 1000).toFixed(1)} s${perPrerendered}`);
    say(`  peak RSS (process tree)  ${fmtMb(build.peakRss)}`);
    say(`  dist                     ${size.files} files (${size.html} HTML), ${fmtMb(size.bytes)}`);
    say(`  exited by itself         ${build.exited ? `yes (code ${build.code})` : build.finalLineMs === undefined ? 'no final line; killed' : `did not exit within ${EXIT_GRACE_MS / 1000} s of its final line; killed`}`);
    if (!build.ok) {
      figures.note = build.finalLineMs === undefined ? `build failed (exit ${build.code})` : 'build failed';
      console.log(`  !! ${figures.note}; its last lines:\n${tail(build.output)}`);
      return figures;
    }
    if (run.prerender !== undefined) {
      try {
        await measureOnDemand(env, databaseUrl, distDir);
      } catch (error) {
        figures.note = 'on-demand measure failed';
        console.log(`  !! on-demand measure failed: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    figures.note = (error as Error).message.split('\n')[0]!;
    console.log(`  !! ${(error as Error).message}`);
  } finally {
    if (process.env.BENCH_BUILD_KEEP !== '1') {
      await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`).catch((e: Error) => console.log(`  !! could not drop ${dbName}: ${e.message}`));
      await rm(distDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

export async function runBuildBench(runs = buildRunsFromEnv()): Promise<BuildFigures[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
  const timeoutMs = Number(process.env.BENCH_BUILD_TIMEOUT_MIN ?? 60) * 60_000;
  console.log(`\nBuild (PostgreSQL ${new URL(adminUrl).host}; sizes ${runs.map((r) => (r.prerender === undefined ? r.products : `${r.products}:${r.prerender}`)).join(', ')})`);
  const results: BuildFigures[] = [];
  for (const run of runs) results.push(await benchOne(run, adminUrl, timeoutMs));
  console.log('\nBuild summary');
  console.log('products    prerender  wall s   s/1000   peak RSS MB  files    MB      exited  load (before -> after)  note');
  for (const r of results) {
    const cell = (v: number | undefined, digits: number, width: number) => (v === undefined ? '-' : v.toFixed(digits)).padStart(width);
    console.log(
      `${String(r.run.products).padEnd(11)} ${String(r.run.prerender ?? 'all').padEnd(9)} ${cell(r.wallS, 1, 7)} ${cell(r.wallS === undefined ? undefined : (r.wallS / r.run.products) * 1000, 2, 8)} ` +
        `${cell(r.peakRssMb, 0, 12)} ${String(r.files ?? '-').padStart(6)} ${cell(r.bytes === undefined ? undefined : r.bytes / 1024 / 1024, 1, 7)}   ${r.exited === undefined ? '-' : r.exited ? 'yes' : 'NO'}     ${r.load.padEnd(23)} ${r.ok ? 'ok' : 'FAILED'}${r.note ? ` ${r.note}` : ''}`,
    );
  }
  return results;
}

// Runnable alone: node --import tsx tests/bench/build-bench.ts
if (import.meta.url === `file://${process.argv[1]}`) await runBuildBench();
