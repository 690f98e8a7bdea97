// Complete checkouts under load (issue 17): on PostgreSQL (TEST_DATABASE_URL, default the local
// `test` server), a throwaway demo shop behind the in-process API with the server's pool of 10.
// Each session is a B2B customer of its own (a copy of C0001 with its addresses) looping
// get-or-create, add a row, init and place the order, as the storefront does. Measured:
// - checkouts per second at 1, 8 and 32 sessions over 32 products, and the place-order p99 at 32;
// - 32 sessions all buying one product until its stock is gone: checkouts per second, and no
//   oversell (units sold = stock taken, acknowledged orders = orders in the database, stock >= 0).
// The shop's settings are the demo's (cart rows hold stock, ADR 0016); the one-product run is
// repeated with holds off.
// Run: npm run bench -- checkout (BENCH_CHECKOUT_SECONDS per run, 4 by default).
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/raw';
import { checkoutChoiceIds, makeBuyers, makeProduct, setSetting, type Buyer } from '../support/checkout-fixtures';
import { openTestShop, type TestShop } from '../support/test-shop';
import { loadavg } from './load-average';

const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 4);
const ONE_PRODUCT_STOCK = Number(process.env.BENCH_CHECKOUT_STOCK ?? 160);

type Session = Buyer;

type Step = 'cart' | 'add' | 'init' | 'place';
interface RunResult {
  /** CPU of this process (the shop and the sessions driving it) per complete checkout, ms. */
  cpuPerCheckout: number;
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

/**
 * `sessions` loop until `seconds` have passed (or, with `untilRefused`, until the shop refuses
 * their row or their order for lack of stock); each picks its product with `productFor`.
 */
async function run(
  shop: TestShop,
  sessions: Session[],
  choices: { policy: number; method: number },
  productFor: (session: number, round: number) => number,
  options: { seconds: number; untilRefused?: boolean },
): Promise<RunResult> {
  const steps: Record<Step, number[]> = { cart: [], add: [], init: [], place: [] };
  const acknowledged: number[] = [];
  let checkouts = 0;
  let refused = 0;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const deadline = started + options.seconds * 1000;
  const timed = async <T>(step: Step, call: () => Promise<{ status: number; body: T }>) => {
    const t0 = performance.now();
    const answer = await call();
    steps[step].push(performance.now() - t0);
    return answer;
  };
  await Promise.all(
    sessions.map(async (s, i) => {
      for (let round = 0; performance.now() < deadline; round++) {
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
  return { checkouts, refused, seconds: (performance.now() - started) / 1000, steps, acknowledged, cpuPerCheckout: (cpu.user + cpu.system) / 1000 / Math.max(1, checkouts) };
}

const ms = (x: number) => `${x.toFixed(0).padStart(4)} ms`;

function report(name: string, r: RunResult) {
  const p = (step: Step) => `${step} p50 ${ms(pct(r.steps[step], 0.5))} p99 ${ms(pct(r.steps[step], 0.99))}`;
  console.log(
    `${name.padEnd(36)} ${(r.checkouts / r.seconds).toFixed(1).padStart(6)} checkouts/s (${r.checkouts} in ${r.seconds.toFixed(1)} s)   ${p('place')}   ${p('add')}   node CPU ${r.cpuPerCheckout.toFixed(0)} ms/checkout   loadavg ${loadavg()}`,
  );
}

export async function benchCheckoutLoad(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.SHOP_TEST_DB = 'postgres';
  const quiet = console.log;
  console.log = () => {};
  const t0 = performance.now();
  const shop = await openTestShop({ poolSize: 10 });
  console.log = quiet;
  console.log(`demo shop seeded on PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    const db = shop.database.db;
    const { method, policy } = await checkoutChoiceIds(db);
    const choices = { policy: policy['courier-it']!, method: method['riba-30']! };
    const sessions = await makeBuyers(db, 32);
    const products: number[] = [];
    for (let i = 0; i < 32; i++) products.push((await makeProduct(db, { quantity: 1_000_000 })).id);
    const over32 = (session: number, round: number) => products[(session + round) % products.length]!;

    console.log(`\n== checkouts under load (PostgreSQL, pool 10, in-process API, get-or-create + add row + init + place order; ${SECONDS} s per run)`);
    // Warms the pool, the plans and the code paths; not reported.
    await run(shop, sessions.slice(0, 4), choices, over32, { seconds: 1 });
    const results: Record<number, RunResult> = {};
    for (const n of [1, 8, 32]) {
      results[n] = await run(shop, sessions.slice(0, n), choices, over32, { seconds: SECONDS });
      report(`${n} session${n > 1 ? 's' : ''}, 32 products`, results[n]);
    }

    // One product, with the demo's stock holds (each add also locks the product's row for a
    // moment), then without them (only the order's decrement does).
    const oneProduct: Record<'holds' | 'noHolds', RunResult> = {} as never;
    let ok = true;
    for (const mode of ['holds', 'noHolds'] as const) {
      if (mode === 'noHolds') await setSetting(db, 'CART_ROWS_AFFECT_STOCK', 'false');
      const one = await makeProduct(db, { quantity: ONE_PRODUCT_STOCK });
      const r = await run(shop, sessions, choices, () => one.id, { seconds: 30, untilRefused: true });
      oneProduct[mode] = r;
      report(`32 sessions, one product, ${mode === 'holds' ? 'cart holds' : 'no holds'}`, r);
      const [facts] = await queryRows<{ sold: number; orders: number; stock: number; acked: number }>(
        db,
        sql`select
          (select coalesce(sum(qty), 0)::int from order_rows where product_id = ${one.id}) as sold,
          (select count(distinct order_id)::int from order_rows where product_id = ${one.id}) as orders,
          (select quantity from products where id = ${one.id}) as stock,
          (select count(*)::int from orders where id = any(${`{${r.acknowledged.join(',')}}`}::int[])) as acked`,
      );
      const taken = ONE_PRODUCT_STOCK - facts!.stock;
      const fine = facts!.sold === taken && facts!.orders === r.acknowledged.length && facts!.acked === r.acknowledged.length && facts!.stock >= 0;
      ok &&= fine;
      console.log(
        `  ${ONE_PRODUCT_STOCK} units: ${facts!.sold} sold, ${taken} taken from stock (left ${facts!.stock}), ${r.acknowledged.length} orders acknowledged, ${facts!.orders} in the database, ${r.refused} sessions refused: ${fine ? 'no oversell' : 'MISMATCH'}`,
      );
    }
    const r = oneProduct.holds;
    const at32 = results[32]!;
    console.log(
      `  targets: >= 100 checkouts/s at 32 over 32 products (${(at32.checkouts / at32.seconds).toFixed(1)}), place p99 <= 150 ms (${pct(at32.steps.place, 0.99).toFixed(0)}), one product >= 50/s (${(r.checkouts / r.seconds).toFixed(1)} with holds, ${(oneProduct.noHolds.checkouts / oneProduct.noHolds.seconds).toFixed(1)} without) · loadavg ${loadavg()}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await shop.close();
  }
}

// Also runs on its own: node --import tsx tests/bench/checkout-load.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchCheckoutLoad();
