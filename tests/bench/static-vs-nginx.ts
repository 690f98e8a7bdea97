// Bench section "nginx" (npm run bench -- nginx, or BENCH_SECTIONS=nginx): one prerendered
// product page served by the shop's own Node server and the same page, the same bytes, served
// by nginx with deploy/nginx/vinoshop.conf, in the same run: wrk, 32 connections, 10 s each.
// Prints req/s of each, the ratio shop/nginx (target >= 0.7) and p99 latencies, with
// /proc/loadavg before and after (the machine is shared: read the figures with it).
//
// nginx runs one worker, like the one Node process, so the ratio compares one process with one.
// Standalone: npx tsx tests/bench/static-vs-nginx.ts
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from '../../server/config';
import { freePort, startShopProcess, type ShopProcess } from '../support/server-process';
import { nginxBinary, startNginx } from '../system/nginx';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_WRK_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_WRK_ROUNDS ?? 3);
const TARGET_RATIO = 0.7;

export interface WrkFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface StaticVsNginx {
  path: string;
  bytes: number;
  shop: WrkFigures;
  nginx: WrkFigures;
  ratio: number;
}

const loadavg = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    return 'n/a';
  }
};

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? 1);

function wrk(url: string, headers: Record<string, string>, seconds: number): WrkFigures {
  const args = ['-t', '2', '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const result = spawnSync('wrk', args, { encoding: 'utf8', timeout: (seconds + 30) * 1000 });
  const out = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`wrk failed:\n${out}`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const pct = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: rps ? Number(rps[1]) : NaN,
    p50Ms: pct('50'),
    p99Ms: pct('99'),
    errors: (errors ? Number(errors[1]) : 0) + (socket ? socket.slice(1).reduce((n, s) => n + Number(s), 0) : 0),
  };
}

function rawBody(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

/**
 * Runs the comparison. Without a running shop it starts one on the bench folders
 * (tests/.tmp/bench-data, bench-dist: the build of the other sections is reused).
 */
export async function benchStaticVsNginx(options: { shop?: { url: string; distDir: string } } = {}): Promise<StaticVsNginx | null> {
  console.log(`\nShop vs nginx on one prerendered product page (wrk, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s, medians)`);
  if (!nginxBinary() || !hasCommand('wrk')) {
    console.log('skipped: needs nginx and wrk (apt-get install nginx-light wrk)');
    return null;
  }
  const tmp = path.join(ROOT_DIR, 'tests/.tmp');
  let started: ShopProcess | undefined;
  let shop = options.shop;
  if (!shop) {
    const distDir = path.join(tmp, 'bench-dist');
    started = await startShopProcess({ dataDir: path.join(tmp, 'bench-data'), distDir });
    shop = { url: started.url, distDir };
  }
  const client = path.join(shop.distDir, 'client');
  const port = await freePort();
  const shopPort = Number(new URL(shop.url).port);
  const proxy = await startNginx({ prefix: path.join(tmp, 'bench-nginx'), clientRoot: client, upstreams: [`127.0.0.1:${shopPort}`], port, workers: 1, accessLog: false });
  try {
    const list = (await (await fetch(`${shop.url}/api/v3/client/products/p/?page_size=50`)).json()) as { results: { slug: string }[] };
    const slug = list.results.map((r) => r.slug).find((s) => existsSync(path.join(client, 'it/p', s, 'index.html')));
    if (!slug) throw new Error('no prerendered product page in the build');
    const page = `/p/${slug}`;
    // gzip on both sides: both send the build's own .gz file (nginx-light may lack brotli).
    const headers = { 'Accept-Encoding': 'gzip', Cookie: 'lan=it' };
    // The shop first: a page's first request writes its compressed copies, which nginx then sends.
    const fromShop = await rawBody(shop.url + page, headers);
    const fromNginx = await rawBody(proxy.url + page, headers);
    if (fromShop.status !== 200 || fromNginx.status !== 200) throw new Error(`${page}: shop ${fromShop.status}, nginx ${fromNginx.status}`);
    const same = fromShop.body.equals(fromNginx.body);
    console.log(`page ${page}: ${fromShop.body.length} bytes ${fromShop.encoding ?? 'identity'} from the shop, ${fromNginx.body.length} bytes ${fromNginx.encoding ?? 'identity'} from nginx${same ? ' (same bytes)' : ' (DIFFERENT bytes)'}`);

    console.log(`loadavg before: ${loadavg()}`);
    // A short warm-up of each, then ROUNDS alternating runs; each side's median run counts, so a
    // passing burst of load on this shared machine does not decide the ratio.
    wrk(shop.url + page, headers, 2);
    wrk(proxy.url + page, headers, 2);
    const shopRuns: WrkFigures[] = [];
    const nginxRuns: WrkFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      shopRuns.push(wrk(shop.url + page, headers, DURATION_S));
      nginxRuns.push(wrk(proxy.url + page, headers, DURATION_S));
    }
    const median = (runs: WrkFigures[]) => [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
    const shopFigures = median(shopRuns);
    const nginxFigures = median(nginxRuns);
    console.log(`rounds (req/s): shop ${shopRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}; nginx ${nginxRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}`);
    console.log(`loadavg after:  ${loadavg()}`);
    const ratio = shopFigures.requestsPerSecond / nginxFigures.requestsPerSecond;
    const line = (name: string, f: WrkFigures) =>
      `${name.padEnd(22)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${f.p50Ms.toFixed(2).padStart(7)} ms   p99 ${f.p99Ms.toFixed(2).padStart(7)} ms   errors ${f.errors}`;
    console.log(line('shop (Node, 1 proc)', shopFigures));
    console.log(line('nginx (1 worker)', nginxFigures));
    console.log(`ratio shop/nginx ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`);
    return { path: page, bytes: fromShop.body.length, shop: shopFigures, nginx: nginxFigures, ratio };
  } finally {
    await proxy.stop();
    await started?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await benchStaticVsNginx();
}
