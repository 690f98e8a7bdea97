// The b2b section of the benchmark (issue 16): on PostgreSQL (TEST_DATABASE_URL, default the local
// `test` server), a throwaway demo shop grown to BENCH_B2B_PRODUCTS products (default 10,000),
// signed in as b2b@example.com through the in-process API:
// - validating a pasted block of 200 lines (product and variant codes, a few unknown, bad and
//   repeated lines), parsed by the island's own rule: p50, p95, p99 of BENCH_B2B_RUNS calls
//   (target p99 <= 300 ms);
// - adding 200 lines to the cart in one call (carts/rows/bulk/, stock holds on), the cart emptied
//   between calls: p50, p95, p99 (target <= 500 ms).
// - the autocomplete on code and name (quick-order/search/), for the record.
// Each figure with /proc/loadavg before and after (the machine is shared). Run: npm run bench -- b2b
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/raw';
import { scaleCatalogue } from '../../server/seed/catalogue-scale';
import { parseQuickOrderText, validationLines } from '../../src/lib/rules/quick-order';
import { LOGINS, openTestShop } from '../support/test-shop';
import { loadavg } from './load-average';

const PRODUCTS = Number(process.env.BENCH_B2B_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_B2B_RUNS ?? 100);
const LINES = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(0)} ms  p95 ${percentile(s, 95).toFixed(0)} ms  p99 ${percentile(s, 99).toFixed(0)} ms  max ${s.at(-1)!.toFixed(0)} ms  (${s.length} calls)`;
};

export async function benchB2b(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.SHOP_TEST_DB = 'postgres';
  const quiet = console.log;
  console.log = () => {};
  const shop = await openTestShop();
  console.log = quiet;
  try {
    const db = shop.database.db;
    console.log(`\nB2B ordering (PostgreSQL, ${PRODUCTS} products; targets: validate ${LINES} lines p99 <= 300 ms, add ${LINES} lines <= 500 ms)`);
    if (PRODUCTS > 162) await scaleCatalogue(db, PRODUCTS);
    await db.execute(sql`analyze`);
    const token = await shop.login(...LOGINS.b2b);
    const send = async (path: string, body: unknown) => {
      const t0 = performance.now();
      const response = await shop.call(path, { method: 'POST', headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const text = await response.text();
      const ms = performance.now() - t0;
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
      return { ms, body: JSON.parse(text) as Record<string, unknown> };
    };

    // A realistic block: mostly product codes with stock, some variant codes, 5 unknown codes,
    // 5 bad quantities and 5 repeated lines, as a spreadsheet would paste it.
    const productCodes = await queryRows<{ code: string; id: number }>(
      db,
      sql`select p.code, p.id from products p where p.is_published and p.quantity >= 50
          and not exists (select 1 from variants v where v.product_id = p.id) order by p.id desc limit ${LINES - 30}`,
    );
    const variantCodes = await queryRows<{ code: string }>(db, sql`select code from variants order by id limit 15`);
    const block = [
      'codice;quantità',
      ...productCodes.map((p, i) => `${p.code};${1 + (i % 3)}`),
      ...variantCodes.map((v) => `${v.code}\t1`),
      ...Array.from({ length: 5 }, (_, i) => `NOPE-${i};1`),
      ...Array.from({ length: 5 }, (_, i) => `${productCodes[i]!.code};${i % 2 ? '1,5' : '-2'}`),
      ...Array.from({ length: 5 }, (_, i) => `${productCodes[i + 10]!.code} 2`),
    ].join('\n');
    const lines = validationLines(parseQuickOrderText(block).lines);

    let load = loadavg();
    const validateTimes: number[] = [];
    let valid = 0;
    for (let i = 0; i < RUNS; i++) {
      const { ms, body } = await send('quick-order/validate/', { lines });
      validateTimes.push(ms);
      valid = body.valid_count as number;
    }
    console.log(`validate ${lines.length} pasted lines (${valid} valid)`.padEnd(44), summary(validateTimes), `  load ${load} -> ${loadavg()}`);

    const searchTimes: number[] = [];
    const words = ['eno', 'tappi', 'lievito', 'ENO-00', 'bottiglie', 'vaso', 'filtro', 'BIR-0', 'kit', 'tubo'];
    load = loadavg();
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const response = await shop.call(`quick-order/search/?q=${encodeURIComponent(words[i % words.length]!)}`, { headers: { Authorization: `Token ${token}` } });
      await response.text();
      searchTimes.push(performance.now() - t0);
    }
    console.log('autocomplete (10 results)'.padEnd(44), summary(searchTimes), `  load ${load} -> ${loadavg()}`);

    const cart = (await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { token, body: {} })).body.id;
    const bulkLines = productCodes.slice(0, LINES - 30).map((p, i) => ({ product: p.id, qty: 1 + (i % 3) }));
    const variants = await queryRows<{ id: number; product_id: number }>(db, sql`select id, product_id from variants where quantity >= 10 order by id limit 30`);
    bulkLines.push(...variants.map((v) => ({ product: v.product_id, variant: v.id, qty: 1 })));
    load = loadavg();
    const addTimes: number[] = [];
    let added = 0;
    for (let i = 0; i < Math.max(10, Math.round(RUNS / 3)); i++) {
      await db.execute(sql`delete from cart_rows where cart_id = ${cart}`);
      const { ms, body } = await send('carts/rows/bulk/', { cart, lines: bulkLines });
      addTimes.push(ms);
      added = body.added_count as number;
    }
    console.log(`add ${bulkLines.length} lines to the cart (${added} added)`.padEnd(44), summary(addTimes), `  load ${load} -> ${loadavg()}`);
  } finally {
    await shop.close();
  }
}
