// npm run bench: starts the shop on its own data and build folders (as npm start does) and
// measures, on loopback only, with bounded request counts:
// - latency and throughput of a prerendered page, the product list API and a product detail;
// - transfer size of the home page and the list answer, compressed vs raw.
// - Lighthouse scores and JavaScript per page (BENCH_LIGHTHOUSE=0 skips it);
// - the site build for catalogues of N products on PostgreSQL (build-bench.ts);
// - one product page from the shop vs the same file from nginx (static-vs-nginx.ts, wrk);
// - checkouts while PostgreSQL drops every connection, and an outage (fault-run.ts; `faults`,
//   not part of the default run).
// - stock and price sync of 10,000 rows through the management API on PostgreSQL (sync-bench.ts).
// - importing 10,000 products from CSV on PostgreSQL, then the same file again (import-bench.ts);
// - place-order time with the demo's orders and with 100,000 more in the year (order-numbers.ts);
// - the JSON API under wrk at 32 connections on PostgreSQL and PGlite, beside the prepared-SQL
//   floor (load-bench.ts, issue 17);
// - the anonymous listing on PGlite, on the HTTP thread and in its worker thread, with a static
//   file's latency meanwhile and the CPU per thread (pglite-bench.ts);
// - quick order: validating 200 pasted lines and adding 200 lines to a cart in one call (b2b-bench.ts);
// - complete checkouts per second at 1, 8 and 32 sessions, and 32 sessions on one product, on
//   PostgreSQL (checkout-load.ts).
// Figures are ratios and percentiles from one run; the machine is shared, so read trends.
//
// Sections: `npm run bench -- build http` or BENCH_SECTIONS=build,http,lighthouse,nginx,import,sync,orders,load,pglite,b2b,checkout,faults; all but
// faults by default.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/config';
import { startShopProcess } from '../support/server-process';
import { benchB2b } from './b2b-bench';
import { runBuildBench } from './build-bench';
import { benchCheckoutLoad } from './checkout-load';
import { benchFaults } from './fault-run';
import { runImportBench } from './import-bench';
import { runLighthouse } from './lighthouse';
import { benchPglite } from './pglite-bench';
import { runLoadBench } from './load-bench';
import { benchOrderNumbers } from './order-numbers';
import { benchStaticVsNginx } from './static-vs-nginx';
import { runSyncBench } from './sync-bench';

const SECTIONS = ['http', 'lighthouse', 'build', 'nginx', 'import', 'sync', 'orders', 'load', 'pglite', 'b2b', 'checkout', 'faults'] as const;
type Section = (typeof SECTIONS)[number];
const asked = [...process.argv.slice(2).filter((a) => !a.startsWith('-')), ...(process.env.BENCH_SECTIONS ?? '').split(',')]
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
for (const s of asked) {
  if (!(SECTIONS as readonly string[]).includes(s)) {
    console.error(`unknown bench section "${s}"; choose from ${SECTIONS.join(', ')}`);
    process.exit(2);
  }
}
const sections = new Set<Section>(asked.length ? (asked as Section[]) : SECTIONS.filter((s) => s !== 'faults'));
if (process.env.BENCH_LIGHTHOUSE === '0') sections.delete('lighthouse');

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
  console.log(`${name.padEnd(34)} ${(REQUESTS / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms   failures ${failures}`);
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
  console.log(`anonymous listing, cache and ETag (load ${readFileSync('/proc/loadavg', 'utf8').trim()})`);
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
      console.log('\nLighthouse (mobile)');
      for (const r of await runLighthouse(base, pages)) {
        const s = r.scores;
        const js = r.maxJsKb ? `${r.jsKb} KB JS (budget ${r.maxJsKb})` : `${r.jsKb} KB JS`;
        console.log(`${r.name.padEnd(14)} perf ${s.performance}  a11y ${s.accessibility}  best ${s['best-practices']}  seo ${s.seo}   ${js}   ${r.path}`);
      }
    }
  } finally {
    await shop.stop();
  }
}

console.log(`bench sections: ${[...sections].join(', ')}`);
if (sections.has('http') || sections.has('lighthouse')) await shopSections();
if (sections.has('build')) await runBuildBench();
if (sections.has('nginx')) await benchStaticVsNginx();
if (sections.has('import')) await runImportBench();
if (sections.has('sync')) await runSyncBench();
if (sections.has('faults')) await benchFaults();
if (sections.has('orders')) await benchOrderNumbers();
if (sections.has('load')) await runLoadBench();
// After the http section, whose build (tests/.tmp/bench-dist) it serves.
if (sections.has('pglite')) await benchPglite(path.join(tmp, 'bench-dist'));
if (sections.has('b2b')) await benchB2b();
if (sections.has('checkout')) await benchCheckoutLoad();

