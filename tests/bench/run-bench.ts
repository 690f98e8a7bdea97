// npm run bench: speed and size figures, measured on loopback only, with bounded request counts.
// Figures are ratios and percentiles from one run; the machine is shared, so every section prints
// /proc/loadavg beside its figures, and the run ends with its wall time. Read trends.
//
// The default run is issue 17's figures, within 5 minutes (a run on PGlite's kept data folder):
// - load: the JSON API under wrk at 32 connections on PostgreSQL beside the prepared-SQL floor
//   (anonymous listing, its p99, the cache warm, product detail, signed-in B2B listing) and the
//   PGlite listing's p99/p50 (load-bench.ts); wrk runs 5 s after its warm-up here (10 s in `full`);
// - checkout: complete checkouts per second at 1, 8 and 32 sessions over 32 products, place-order
//   p99 at 32, and 32 sessions on one product with no oversell, on PostgreSQL (checkout-load.ts);
// - orders: place-order time with the demo's orders and with 100,000 more in the year (order-numbers.ts).
// The PostgreSQL sections that need the demo shop copy one seeded database (BENCH_SEEDED_TEMPLATE)
// instead of seeding it each.
//
// `npm run bench -- full` (or `all`) runs every section but faults, as the default did before:
// - http: latency and throughput of a prerendered page, the product list API and a product detail,
//   the anonymous cache, transfer sizes (the shop started as npm start starts it, with its build);
// - lighthouse: Lighthouse scores and JavaScript per page (BENCH_LIGHTHOUSE=0 skips it);
// - build: the site build for catalogues of 162, 2,000 and 10,000 products on PostgreSQL (build-bench.ts);
// - nginx: one product page from the shop vs the same file from nginx (static-vs-nginx.ts, wrk);
// - import: importing 10,000 products from CSV on PostgreSQL, then the same file again (import-bench.ts);
// - sync: stock and price sync of 10,000 rows through the management API on PostgreSQL (sync-bench.ts);
// - pglite: the anonymous listing on PGlite, on the HTTP thread and in its worker thread, with a
//   static file's latency meanwhile and the CPU per thread (pglite-bench.ts; serves http's build);
// - b2b: quick order, validating 200 pasted lines and adding 200 lines to a cart in one call (b2b-bench.ts);
// - and the default run's three.
// faults (fault-run.ts: checkouts while PostgreSQL drops every connection, then an outage) runs
// only when named.
//
// Sections and groups: `npm run bench -- build http`, `npm run bench -- full faults`, or
// BENCH_SECTIONS=full or build,http,lighthouse,nginx,import,sync,orders,load,pglite,b2b,checkout,faults.
import path from 'node:path';
import { ROOT_DIR } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedDemoShop } from '../../server/seed/seed';
import { startShopProcess } from '../support/server-process';
import { adminQuery, databaseUrl } from '../support/test-db';
import { loadavg } from './load-average';

const SECTIONS = ['http', 'lighthouse', 'build', 'nginx', 'import', 'sync', 'orders', 'load', 'pglite', 'b2b', 'checkout', 'faults'] as const;
type Section = (typeof SECTIONS)[number];
/** The default run: issue 17's figures, in at most 5 minutes. */
const DEFAULT_SECTIONS: Section[] = ['load', 'checkout', 'orders'];
const FULL_SECTIONS = SECTIONS.filter((s) => s !== 'faults');
const GROUPS: Record<string, readonly Section[]> = { full: FULL_SECTIONS, all: FULL_SECTIONS };
const isGroup = (s: string) => Object.hasOwn(GROUPS, s);
const asked = [...process.argv.slice(2).filter((a) => !a.startsWith('-')), ...(process.env.BENCH_SECTIONS ?? '').split(',')]
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
for (const s of asked) {
  if (!(SECTIONS as readonly string[]).includes(s) && !isGroup(s)) {
    console.error(`unknown bench section "${s}"; choose from ${SECTIONS.join(', ')}, or the groups ${Object.keys(GROUPS).join(', ')}`);
    process.exit(2);
  }
}
const sections = new Set<Section>(asked.length ? asked.flatMap((s) => (isGroup(s) ? GROUPS[s]! : [s as Section])) : DEFAULT_SECTIONS);
if (process.env.BENCH_LIGHTHOUSE === '0') sections.delete('lighthouse');
const fullRun = asked.some(isGroup);
if (!fullRun) {
  // Shorter wrk runs where the figures stay stable: the default run keeps to its 5 minutes.
  process.env.BENCH_LOAD_SECONDS ??= '5';
}

const tmp = path.join(ROOT_DIR, 'tests/.tmp');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function measure(base: string, name: string, paths: string[], headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const p = paths[next++ % paths.length]!;
        const t0 = performance.now();
        const response = await fetch(base + p, { headers: { 'Accept-Encoding': 'br, gzip', ...headers } });
        await response.arrayBuffer();
        if (!response.ok && response.status !== 304) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(`${name.padEnd(34)} ${(REQUESTS / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms   failures ${failures}   load ${loadavg()}`);
}

async function sizes(base: string, p: string) {
  const raw = await fetch(base + p, { headers: { 'Accept-Encoding': 'identity' } }).then((r) => r.arrayBuffer());
  // fetch decodes transparently, so ask with a raw HTTP client for the compressed size.
  const { request } = await import('node:http');
  const compressed = await new Promise<number>((resolve, reject) => {
    const req = request(base + p, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end();
  });
  console.log(`${p.padEnd(48)} raw ${(raw.byteLength / 1024).toFixed(1).padStart(7)} KB   br ${(compressed / 1024).toFixed(1).padStart(6)} KB   ratio ${(raw.byteLength / compressed).toFixed(1)}x`);
}

/**
 * The anonymous listing with the cache warm, built anew for every request (a parameter the API
 * ignores makes every URL a new key: a miss, as without the cache), and revalidated with its ETag
 * (304), in the same run (ADR 0033).
 */
async function benchAnonymousCache(base: string) {
  const listing = ['/api/v3/client/products/p/?page=1&page_size=12', '/api/v3/client/products/p/?page=2&page_size=12'];
  const etags = await Promise.all(listing.map(async (p) => (await fetch(base + p)).headers.get('ETag') ?? ''));
  console.log(`anonymous listing, cache and ETag (load ${loadavg()})`);
  await measure(base, 'listing 12, anonymous, cache warm', listing);
  const misses = Array.from({ length: REQUESTS }, (_, i) => `${listing[i % 2]}&bench_miss=${i}`);
  await measure(base, 'listing 12, anonymous, every one a miss', misses);
  await measure(base, 'listing 12, If-None-Match -> 304', [listing[0]!], { 'If-None-Match': etags[0]! });
}

async function shopSections() {
  const shop = await startShopProcess({ dataDir: path.join(tmp, 'bench-data'), distDir: path.join(tmp, 'bench-dist') });
  try {
    const base = shop.url;
    const list = await fetch(`${base}/api/v3/client/products/p/?page_size=100`).then((r) => r.json() as Promise<{ results: { slug: string }[] }>);
    const slugs = list.results.map((r) => r.slug);
    if (sections.has('http')) {
      console.log(`\nLatency and throughput (${REQUESTS} requests, ${CONCURRENCY} at a time)`);
      await measure(base, 'prerendered page /home', ['/home', '/home-en', '/home-es']);
      await measure(base, 'prerendered product page', slugs.map((s) => `/p/${s}`));
      await measure(base, 'API products/p/ (12, by name)', ['/api/v3/client/products/p/?page=1&page_size=12', '/api/v3/client/products/p/?page=5&page_size=12&order_by=standard_price-desc']);
      await measure(base, 'API products/p/ filtered + search', ['/api/v3/client/products/p/?categories=enologia&include_cat_descendants=true&price_min=5&price_max=200', '/api/v3/client/products/p/?search=lievito&locale=it']);
      await measure(base, 'API products/p/{slug}/', slugs.map((s) => `/api/v3/client/products/p/${s}/`));
      await benchAnonymousCache(base);
      console.log('\nTransfer sizes');
      await sizes(base, '/home');
      await sizes(base, '/api/v3/client/products/p/?page=1&page_size=12');
    }

    if (sections.has('lighthouse')) {
      // Budgets of the storefront issue: performance >= 95, the rest 100; JS per page.
      const news = await fetch(`${base}/api/v3/client/blog/?page_size=1`).then((r) => r.json() as Promise<{ results: { slug: string }[] }>);
      const pages = [
        { name: 'home', path: '/home' },
        { name: 'category', path: '/c/enologia' },
        { name: 'product', path: `/p/${slugs[0]}`, maxJsKb: 90 },
        { name: 'news article', path: `/news/${news.results[0]?.slug}`, maxJsKb: 70 },
      ];
      console.log(`\nLighthouse (mobile; load ${loadavg()})`);
      const { runLighthouse } = await import('./lighthouse');
      for (const r of await runLighthouse(base, pages)) {
        const s = r.scores;
        const js = r.maxJsKb ? `${r.jsKb} KB JS (budget ${r.maxJsKb})` : `${r.jsKb} KB JS`;
        console.log(`${r.name.padEnd(14)} perf ${s.performance}  a11y ${s.accessibility}  best ${s['best-practices']}  seo ${s.seo}   ${js}   ${r.path}   load ${loadavg()}`);
      }
    }
  } finally {
    await shop.stop();
  }
}

/**
 * The demo shop seeded once on PostgreSQL, for the sections that open it through openTestShop
 * (checkout, orders, b2b): each copies it (`create database ... template`, under a second)
 * instead of seeding its own (BENCH_SEEDED_TEMPLATE, tests/support/test-db.ts).
 */
async function seededTemplate(): Promise<() => Promise<void>> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `gen_bench_seeded_${process.pid}`;
  const t0 = performance.now();
  await adminQuery(adminUrl, `create database ${name}`);
  const drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  try {
    const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
    try {
      await database.migrate();
      await seedDemoShop(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  process.env.BENCH_SEEDED_TEMPLATE = name;
  console.log(`demo shop seeded once on PostgreSQL for checkout, orders and b2b in ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${loadavg()})`);
  return drop;
}

/** Runs one section between a header and a footer, both with the load average, and its time. */
async function section(name: Section, run: () => Promise<unknown>) {
  if (!sections.has(name)) return;
  const t0 = performance.now();
  console.log(`\n===== ${name} (load ${loadavg()})`);
  await run();
  console.log(`===== ${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s (load ${loadavg()})`);
}

const started = performance.now();
console.log(`bench sections: ${[...sections].join(', ')}${asked.length ? '' : ' (the default run: `npm run bench -- full` runs every section but faults)'}; load ${loadavg()}`);
const dropTemplate = ['checkout', 'orders', 'b2b'].some((s) => sections.has(s as Section)) ? await seededTemplate() : undefined;
try {
  if (sections.has('http') || sections.has('lighthouse')) {
    const t0 = performance.now();
    console.log(`\n===== http, lighthouse (load ${loadavg()})`);
    await shopSections();
    console.log(`===== http, lighthouse: ${((performance.now() - t0) / 1000).toFixed(0)} s (load ${loadavg()})`);
  }
  await section('build', async () => (await import('./build-bench')).runBuildBench());
  await section('nginx', async () => (await import('./static-vs-nginx')).benchStaticVsNginx());
  await section('import', async () => (await import('./import-bench')).runImportBench());
  await section('sync', async () => (await import('./sync-bench')).runSyncBench());
  await section('faults', async () => (await import('./fault-run')).benchFaults());
  await section('load', async () => (await import('./load-bench')).runLoadBench());
  // After the http section, whose build (tests/.tmp/bench-dist) it serves.
  await section('pglite', async () => (await import('./pglite-bench')).benchPglite(path.join(tmp, 'bench-dist')));
  await section('b2b', async () => (await import('./b2b-bench')).benchB2b());
  await section('checkout', async () => (await import('./checkout-load')).benchCheckoutLoad());
  await section('orders', async () => (await import('./order-numbers')).benchOrderNumbers());
} finally {
  await dropTemplate?.();
}
const total = (performance.now() - started) / 1000;
console.log(`\nbench: ${[...sections].join(', ')} in ${Math.floor(total / 60)} min ${(total % 60).toFixed(0)} s (load ${loadavg()})`);
