// Complete checkouts under load (issue 17): on PostgreSQL (TEST_DATABASE_URL, default the local
// `test` server), a throwaway demo shop behind the in-process API with the server's pool of 10.
// Each session is a B2B customer of its own (a copy of C0001 with its addresses) looping
// get-or-create, add a row, init and place the order, as the storefront does. Measured:
// - checkouts per second at 1, 8 and 32 sessions over 32 products, and the place-order p99 at 32;
// - 32 sessions all buying one product until its stock is gone: checkouts per second, and no
//   oversell (units sold = stock taken, acknowledged orders = orders in the database, stock >= 0).
// The shop's settings are the demo's (cart rows hold stock, ADR 0016); the one-product run is
// repeated with holds off.
// The shop runs as production runs it: answers are not checked against their response schemas
// (the API tests do that). Before the load, one session checks out a few times alone and the SQL
// statements each of the four requests sends are counted (BEGIN and COMMIT included).
// Run: npm run bench -- checkout (BENCH_CHECKOUT_SECONDS per run, 4 by default).
// BENCH_CHECKOUT_COMPARE=<checkout> instead runs that checkout's shop code (before) and this one's
// (after) on one database, in one process, in alternating rounds (BENCH_CHECKOUT_ROUNDS, 3), so
// both see the same neighbours: statements per request, checkouts per second at 32 sessions over
// 32 products and on one product, place-order p99 and CPU per checkout, with the after/before ratio.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type * as AppModule from '../../server/api/app';
import type * as ClientModule from '../../server/db/client';
import { queryRows } from '../../server/db/raw';
import { checkoutChoiceIds, makeBuyers, makeProduct, setSetting, type Buyer } from '../support/checkout-fixtures';
import { API, openTestShop } from '../support/test-shop';
import { loadavg } from './load-average';

const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 4);
const ONE_PRODUCT_STOCK = Number(process.env.BENCH_CHECKOUT_STOCK ?? 160);

type Session = Buyer;
type Send = <T = unknown>(method: string, path: string, options: { token: string; body?: unknown }) => Promise<{ status: number; body: T }>;

/** A shop's API (this checkout's code, or another's) on the bench's database. */
interface Shop {
  name: string;
  send: Send;
  close(): Promise<void>;
}

type Step = 'cart' | 'add' | 'init' | 'place';
const STEPS: Step[] = ['cart', 'add', 'init', 'place'];
interface RunResult {
  /** CPU of this process (the shop and the sessions driving it) per complete checkout, ms. */
  cpuPerCheckout: number;
  /** CPU of the database's server processes serving the bench's database per complete checkout, ms (NaN where /proc cannot tell). */
  pgCpuPerCheckout: number;
  checkouts: number;
  refused: number;
  seconds: number;
  steps: Record<Step, number[]>;
  acknowledged: number[];
}

const pct = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const median = (xs: number[]) => pct(xs, 0.5);

/** The shop's API in this process, as the server mounts it (no response-schema checks). */
function apiSender(api: { request(path: string, init?: RequestInit): Response | Promise<Response> }): Send {
  return async <T>(method: string, path: string, options: { token: string; body?: unknown }) => {
    const headers: Record<string, string> = { Authorization: `Token ${options.token}` };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await api.request(`${API}/${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/** Another checkout's shop code (its own modules, its own pool) on the same database. */
async function otherShop(name: string, root: string, url: string): Promise<Shop> {
  const load = <T>(file: string) => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;
  const { openDatabase } = await load<typeof ClientModule>('server/db/client.ts');
  const { createApi } = await load<typeof AppModule>('server/api/app.ts');
  const database = await openDatabase({ url, poolSize: 10 });
  const api = createApi({ db: database.db, authDelayMs: 0, trustProxy: true, checkResponses: false });
  return { name, send: apiSender(api), close: () => database.close() };
}

/**
 * CPU ticks (1/CLK_TCK s, 100 on Linux) used so far by each server process of the bench's
 * database (PostgreSQL runs on this machine: /proc tells what its backends used).
 */
let backendTicks: () => Promise<Map<number, number>> = async () => new Map();
const TICK_MS = 10;

function backendsOf(db: Parameters<typeof queryRows>[0]): () => Promise<Map<number, number>> {
  return async () => {
    const rows = await queryRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`);
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // Not on this machine, or gone meanwhile.
      }
    }
    return out;
  };
}

/** Ticks used between two readings; a backend started meanwhile counts from zero. */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ticks] of after) sum += ticks - (before.get(pid) ?? 0);
  return sum;
}

/** Statements sent to PostgreSQL by every pg in this process (each checkout's own pg patched once). */
const statements = { all: 0, named: 0, transaction: 0 };
/** BENCH_CHECKOUT_LOG=<step> or all: the statements of that step (every step), one line each, while one session counts them. */
const LOG_STEP = process.env.BENCH_CHECKOUT_LOG as Step | undefined;
let logging = false;
const counted = new WeakSet<object>();
function countStatements(client: typeof pg.Client) {
  const proto = client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  if (counted.has(proto)) return;
  counted.add(proto);
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    statements.all++;
    if (logging) console.log(`    ${typeof first === 'object' && first?.name ? 'named  ' : 'unnamed'} ${text.replace(/\s+/g, ' ').slice(0, 150)}`);
    if (typeof first === 'object' && first?.name) statements.named++;
    if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text)) statements.transaction++;
    return query.apply(this, args);
  };
}

/**
 * `sessions` loop until `seconds` have passed (or, with `untilRefused`, until the shop refuses
 * their row or their order for lack of stock); each picks its product with `productFor`. With
 * `perStep`, each step's statements are added to it (one session only: statements of sessions
 * running at once cannot be told apart).
 */
async function run(
  shop: Shop,
  sessions: Session[],
  choices: { policy: number; method: number },
  productFor: (session: number, round: number) => number,
  options: { seconds: number; untilRefused?: boolean; rounds?: number; perStep?: Record<Step, number[]> },
): Promise<RunResult> {
  const steps: Record<Step, number[]> = { cart: [], add: [], init: [], place: [] };
  const acknowledged: number[] = [];
  let checkouts = 0;
  let refused = 0;
  const ticks0 = await backendTicks();
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const deadline = started + options.seconds * 1000;
  const timed = async <T>(step: Step, call: () => Promise<{ status: number; body: T }>) => {
    const t0 = performance.now();
    const sent0 = statements.all;
    logging = options.perStep !== undefined && (LOG_STEP === step || LOG_STEP === ("all" as Step)) && steps[step].length === 0;
    if (logging) console.log(`  statements of ${step}:`);
    const answer = await call().finally(() => (logging = false));
    steps[step].push(performance.now() - t0);
    options.perStep?.[step].push(statements.all - sent0);
    return answer;
  };
  const more = (round: number) => (options.rounds === undefined ? performance.now() < deadline : round < options.rounds);
  await Promise.all(
    sessions.map(async (s, i) => {
      for (let round = 0; more(round); round++) {
        const cart = await timed('cart', () => shop.send<{ id: number }>('POST', 'carts/get-or-create/', { token: s.token, body: {} }));
        if (cart.status !== 200) throw new Error(`get-or-create: ${cart.status} ${JSON.stringify(cart.body)}`);
        const product = productFor(i, round);
        const add = await timed('add', () => shop.send('POST', 'carts/rows/', { token: s.token, body: { cart: cart.body.id, product, qty: 1 } }));
        // The stock check of the row (400 quantity_not_available) or of the order (409).
        if (add.status === 400 && (add.body as { detail?: string }).detail === 'quantity_not_available' && options.untilRefused) {
          refused++;
          return;
        }
        if (add.status !== 201 && add.status !== 200) throw new Error(`add row: ${add.status} ${JSON.stringify(add.body)}`);
        const init = await timed('init', () => shop.send('POST', 'checkout/init/', { token: s.token, body: { cart: cart.body.id } }));
        if (init.status !== 200) throw new Error(`init: ${init.status} ${JSON.stringify(init.body)}`);
        const place = await timed('place', () =>
          shop.send<{ id: number; detail?: string }>('POST', 'checkout/', {
            token: s.token,
            body: { cart: cart.body.id, billing_address: s.billing, shipping_address: s.shipping, shipping_method: choices.policy, payment_method: choices.method },
          }),
        );
        if (place.status === 409 && options.untilRefused) {
          refused++;
          // The row stays in the cart: empty it so the stock check of the next run starts clean.
          await shop.send('POST', 'carts/rows/', { token: s.token, body: { cart: cart.body.id, product, qty: 0 } });
          return;
        }
        if (place.status !== 201) throw new Error(`place order: ${place.status} ${JSON.stringify(place.body)}`);
        acknowledged.push(place.body.id);
        checkouts++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - started) / 1000;
  const ticks = await backendTicks();
  const n = Math.max(1, checkouts);
  return {
    checkouts,
    refused,
    seconds,
    steps,
    acknowledged,
    cpuPerCheckout: (cpu.user + cpu.system) / 1000 / n,
    pgCpuPerCheckout: ticks.size ? (ticksBetween(ticks0, ticks) * TICK_MS) / n : NaN,
  };
}

const ms = (x: number) => `${x.toFixed(0).padStart(4)} ms`;
const rate = (r: RunResult) => r.checkouts / r.seconds;

function report(name: string, r: RunResult) {
  const p = (step: Step) => `${step} p50 ${ms(pct(r.steps[step], 0.5))} p99 ${ms(pct(r.steps[step], 0.99))}`;
  console.log(
    `${name.padEnd(36)} ${rate(r).toFixed(1).padStart(6)} checkouts/s (${r.checkouts} in ${r.seconds.toFixed(1)} s)   ${p('place')}   ${p('add')}   CPU per checkout: node ${r.cpuPerCheckout.toFixed(1)} ms, PostgreSQL ${r.pgCpuPerCheckout.toFixed(1)} ms   loadavg ${loadavg()}`,
  );
}

/** Statements each request sends, one session checking out alone `rounds` times (after one unmeasured round). */
async function statementCounts(shop: Shop, session: Session, choices: { policy: number; method: number }, product: number, rounds = 5) {
  await run(shop, [session], choices, () => product, { seconds: 0, rounds: 1 });
  const perStep: Record<Step, number[]> = { cart: [], add: [], init: [], place: [] };
  const before = { ...statements };
  const r = await run(shop, [session], choices, () => product, { seconds: 0, rounds, perStep });
  const per = (n: number) => (n / rounds).toFixed(1);
  const counts = Object.fromEntries(STEPS.map((s) => [s, median(perStep[s])])) as Record<Step, number>;
  const total = STEPS.reduce((sum, s) => sum + counts[s], 0);
  console.log(
    `${shop.name.padEnd(8)} statements per request: ${STEPS.map((s) => `${s} ${counts[s]}`).join(', ')}; ${total} per checkout (${per(statements.named - before.named)} named, ${per(statements.transaction - before.transaction)} begin/commit); one session alone: CPU per checkout node ${r.cpuPerCheckout.toFixed(1)} ms, PostgreSQL ${r.pgCpuPerCheckout.toFixed(1)} ms`,
  );
  return counts;
}

/** Whether an one-product run sold exactly what it took from stock, and stored every acknowledged order. */
async function checkOneProduct(db: Parameters<typeof queryRows>[0], productId: number, stock: number, r: RunResult): Promise<boolean> {
  const [facts] = await queryRows<{ sold: number; orders: number; stock: number; acked: number }>(
    db,
    sql`select
      (select coalesce(sum(qty), 0)::int from order_rows where product_id = ${productId}) as sold,
      (select count(distinct order_id)::int from order_rows where product_id = ${productId}) as orders,
      (select quantity from products where id = ${productId}) as stock,
      (select count(*)::int from orders where id = any(${`{${r.acknowledged.join(',')}}`}::int[])) as acked`,
  );
  const taken = stock - facts!.stock;
  const fine = facts!.sold === taken && facts!.orders === r.acknowledged.length && facts!.acked === r.acknowledged.length && facts!.stock >= 0;
  console.log(
    `  ${stock} units: ${facts!.sold} sold, ${taken} taken from stock (left ${facts!.stock}), ${r.acknowledged.length} orders acknowledged, ${facts!.orders} in the database, ${r.refused} sessions refused: ${fine ? 'no oversell' : 'MISMATCH'}`,
  );
  return fine;
}

export async function benchCheckoutLoad(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.SHOP_TEST_DB = 'postgres';
  countStatements(pg.Client);
  const quiet = console.log;
  console.log = () => {};
  const t0 = performance.now();
  // As the server runs it: answers are not checked against their response schemas.
  const testShop = await openTestShop({ poolSize: 10, deps: { checkResponses: false } });
  console.log = quiet;
  backendTicks = backendsOf(testShop.database.db);
  console.log(`demo shop seeded on PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const here: Shop = { name: 'this', send: apiSender(testShop.api), close: async () => {} };
  const compare = process.env.BENCH_CHECKOUT_COMPARE ? path.resolve(process.env.BENCH_CHECKOUT_COMPARE) : undefined;
  let before: Shop | undefined;
  try {
    const db = testShop.database.db;
    const { method, policy } = await checkoutChoiceIds(db);
    const choices = { policy: policy['courier-it']!, method: method['riba-30']! };
    const sessions = await makeBuyers(db, 32);
    const products: number[] = [];
    for (let i = 0; i < 32; i++) products.push((await makeProduct(db, { quantity: 1_000_000 })).id);
    const over32 = (session: number, round: number) => products[(session + round) % products.length]!;

    if (compare) {
      // The other checkout's pg, when it has its own node_modules.
      countStatements(createRequire(path.join(compare, 'package.json'))('pg').Client as typeof pg.Client);
      before = await otherShop('before', compare, testShop.database.url!);
      here.name = 'after';
      await compareShops(db, before, here, sessions, choices, over32, products[0]!, compare);
      return;
    }

    console.log(`\n== checkouts under load (PostgreSQL, pool 10, in-process API, get-or-create + add row + init + place order; ${SECONDS} s per run)`);
    // Warms the pool, the plans and the code paths; not reported.
    await run(here, sessions.slice(0, 4), choices, over32, { seconds: 1 });
    await statementCounts(here, sessions[0]!, choices, products[0]!);
    const results: Record<number, RunResult> = {};
    for (const n of [1, 8, 32]) {
      results[n] = await run(here, sessions.slice(0, n), choices, over32, { seconds: SECONDS });
      report(`${n} session${n > 1 ? 's' : ''}, 32 products`, results[n]);
    }

    // One product, with the demo's stock holds (each add also locks the product's row for a
    // moment), then without them (only the order's decrement does).
    const oneProduct: Record<'holds' | 'noHolds', RunResult> = {} as never;
    let ok = true;
    for (const mode of ['holds', 'noHolds'] as const) {
      if (mode === 'noHolds') await setSetting(db, 'CART_ROWS_AFFECT_STOCK', 'false');
      const one = await makeProduct(db, { quantity: ONE_PRODUCT_STOCK });
      const r = await run(here, sessions, choices, () => one.id, { seconds: 30, untilRefused: true });
      oneProduct[mode] = r;
      report(`32 sessions, one product, ${mode === 'holds' ? 'cart holds' : 'no holds'}`, r);
      ok = (await checkOneProduct(db, one.id, ONE_PRODUCT_STOCK, r)) && ok;
    }
    const r = oneProduct.holds;
    const at32 = results[32]!;
    console.log(
      `  targets: >= 100 checkouts/s at 32 over 32 products (${rate(at32).toFixed(1)}), place p99 <= 150 ms (${pct(at32.steps.place, 0.99).toFixed(0)}), one product >= 50/s (${rate(r).toFixed(1)} with holds, ${rate(oneProduct.noHolds).toFixed(1)} without) · loadavg ${loadavg()}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await before?.close();
    await testShop.close();
  }
}

/** Before and after in alternating rounds (before first in odd rounds, after first in even ones). */
async function compareShops(
  db: Parameters<typeof queryRows>[0],
  before: Shop,
  after: Shop,
  sessions: Session[],
  choices: { policy: number; method: number },
  over32: (session: number, round: number) => number,
  product: number,
  root: string,
) {
  const rounds = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 3);
  console.log(`\n== checkouts, ${root} (before) vs this checkout (after), ${rounds} alternating rounds; PostgreSQL, pool 10 each, in-process API, ${SECONDS} s per run`);
  // Warms each shop's code, pool and plans (not reported), then counts its statements.
  for (const shop of [before, after]) await run(shop, sessions, choices, over32, { seconds: 3 });
  for (const shop of [before, after]) await statementCounts(shop, sessions[0]!, choices, product);
  const at32: Record<string, RunResult[]> = { before: [], after: [] };
  const one: Record<string, RunResult[]> = { before: [], after: [] };
  let ok = true;
  for (let round = 0; round < rounds; round++) {
    for (const shop of round % 2 === 0 ? [before, after] : [after, before]) {
      const r = await run(shop, sessions, choices, over32, { seconds: SECONDS });
      at32[shop.name]!.push(r);
      report(`${shop.name}: 32 sessions, 32 products`, r);
      const p = await makeProduct(db, { quantity: ONE_PRODUCT_STOCK });
      const o = await run(shop, sessions, choices, () => p.id, { seconds: 30, untilRefused: true });
      one[shop.name]!.push(o);
      report(`${shop.name}: 32 sessions, one product`, o);
      ok = (await checkOneProduct(db, p.id, ONE_PRODUCT_STOCK, o)) && ok;
    }
  }
  const med = (rs: RunResult[], f: (r: RunResult) => number) => median(rs.map(f));
  const line = (what: string, f: (r: RunResult) => number, rs: Record<string, RunResult[]>, unit: string) => {
    const b = med(rs.before!, f);
    const a = med(rs.after!, f);
    console.log(`  ${what.padEnd(44)} before ${b.toFixed(1).padStart(7)}${unit}  after ${a.toFixed(1).padStart(7)}${unit}  after/before ${(a / b).toFixed(2)}`);
  };
  console.log(`medians of ${rounds} rounds:`);
  line('32 sessions, 32 products: checkouts/s', rate, at32, '');
  line('32 sessions, 32 products: place p99', (r) => pct(r.steps.place, 0.99), at32, ' ms');
  line('32 sessions, 32 products: node CPU per checkout', (r) => r.cpuPerCheckout, at32, ' ms');
  line('32 sessions, 32 products: PostgreSQL CPU per checkout', (r) => r.pgCpuPerCheckout, at32, ' ms');
  line('32 sessions, one product: checkouts/s', rate, one, '');
  line('32 sessions, one product: place p99', (r) => pct(r.steps.place, 0.99), one, ' ms');
  console.log(`  loadavg ${loadavg()}`);
  if (!ok) process.exitCode = 1;
}

// Also runs on its own: node --import tsx tests/bench/checkout-load.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchCheckoutLoad();
