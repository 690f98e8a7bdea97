// Place-order time as the year's orders pile up (issue 17: within 10% from 100 to 100,000 orders).
// On PostgreSQL (TEST_DATABASE_URL, default the local `test` server): a throwaway demo shop,
// sequential checkouts through the in-process API with the demo's orders in the year, then
// 100,000 more orders written in the year, then the same checkouts again, then again once those
// orders are deleted. Prints the medians, the ratio of the second to the mean of the first and
// the third, and /proc/loadavg. Run: npm run bench -- orders
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/raw';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop } from '../support/test-shop';
import { loadavg } from './load-average';

const CHECKOUTS = Number(process.env.BENCH_ORDER_CHECKOUTS ?? 100);
const MORE_ORDERS = Number(process.env.BENCH_ORDER_ROWS ?? 100_000);

export async function benchOrderNumbers(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.SHOP_TEST_DB = 'postgres';
  const quiet = console.log;
  console.log = () => {};
  const shop = await openTestShop();
  console.log = quiet;
  try {
    const db = shop.database.db;
    const year = new Date().getUTCFullYear();
    const token = await shop.login(...LOGINS.b2b);
    const customer = await customerId(db, 'C0001');
    const book = await defaultAddresses(db, customer);
    const { method, policy } = await checkoutChoiceIds(db);
    const product = await makeProduct(db, { quantity: CHECKOUTS * 10 });
    const inYear = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where number like ${`${year}-%`}`))[0]!.n;

    const medianCheckout = async (): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < CHECKOUTS; i++) {
        const cart = await makeCart(db, { customer, rows: [{ product: product.id, qty: 1 }] });
        const t0 = performance.now();
        const response = await shop.call('checkout/', {
          method: 'POST',
          headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ cart, billing_address: book.billing, shipping_address: book.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] }),
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`checkout ${i}: HTTP ${response.status}`);
        times.push(performance.now() - t0);
      }
      // The first few warm the pool and the plans: the median ignores them anyway.
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    };

    const settle = async () => {
      await db.execute(sql`vacuum analyze orders`);
      // A superuser's (the bench's default); another role measures without it.
      await db.execute(sql`checkpoint`).catch(() => undefined);
    };
    const fewOrders = await inYear();
    const before = await medianCheckout();
    const t0 = performance.now();
    // One statement, beyond the shop's per-statement time limit, and without the per-row
    // triggers (each order's confirmation document): only the orders matter to the measure, and
    // the counter is moved by hand as the statement trigger would.
    const added = await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`set local session_replication_role = replica`);
      const maxId = async () => (await queryRows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::int as id from orders`))[0]!.id;
      const from = await maxId();
      await tx.execute(sql`
      insert into orders (number, customer_id, user_id, agent_id, season_id, shop_context, status, billing_address, shipping_address,
        shipping_policy_id, shipping_method, payment_method_id, payment_method, subtotal, discount, shipping_total, tax_total, total, locale, created_at, updated_at)
      select ${year} || '-' || lpad((c.last + g)::text, 6, '0'), o.customer_id, o.user_id, o.agent_id, o.season_id, o.shop_context, o.status,
        o.billing_address, o.shipping_address, o.shipping_policy_id, o.shipping_method, o.payment_method_id, o.payment_method, o.subtotal,
        o.discount, o.shipping_total, o.tax_total, o.total, o.locale, now(), now()
      from (select * from orders order by id limit 1) o
      cross join (select last from order_number_counters where year = ${year}) c
      cross join generate_series(1, ${MORE_ORDERS}) g`);
      await tx.execute(sql`update order_number_counters set last = last + ${MORE_ORDERS} where year = ${year}`);
      return { from, to: await maxId() };
    });
    // As a shop that has taken these orders over months would have them: vacuumed, analysed and
    // on disk. Measured right after a bulk write, the autovacuum and the checkpoint that the write
    // sets off compete with the checkouts, and the ratio reads them rather than the order number's cost.
    await settle();
    const written = (performance.now() - t0) / 1000;
    const manyOrders = await inYear();
    const after = await medianCheckout();
    // Then without them again, so that a machine that got busier or quieter meanwhile shows as
    // a difference between the two "before" medians instead of in the ratio.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from orders where id > ${added.from} and id <= ${added.to}`);
    });
    await settle();
    const again = await medianCheckout();
    const fewMedian = (before + again) / 2;
    console.log(`\n== place-order time as orders pile up (PostgreSQL, ${CHECKOUTS} sequential checkouts each)`);
    console.log(`  ${fewOrders.toLocaleString('en')} orders in the year: median ${before.toFixed(1)} ms; again after the added orders were deleted: ${again.toFixed(1)} ms`);
    console.log(`  ${manyOrders.toLocaleString('en')} orders in the year: median ${after.toFixed(1)} ms (${MORE_ORDERS.toLocaleString('en')} written in ${written.toFixed(1)} s)`);
    console.log(`  ratio ${(after / fewMedian).toFixed(2)} of the mean of both (target at most 1.10) · loadavg ${loadavg()}`);
  } finally {
    await shop.close();
  }
}
