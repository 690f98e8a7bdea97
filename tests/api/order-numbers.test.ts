// Order numbers (issue 17): a counter row per year, taken in a statement of its own before the
// checkout's transaction. Numbers stay unique and readable, orders written with their own
// number (the demo seed, an import, plain SQL) move the counter past them, and a checkout that
// waits inside its transaction holds up no other checkout.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { sideClient, testDbKind } from '../support/test-db';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let agent: string;
let choices: Awaited<ReturnType<typeof checkoutChoiceIds>>;
const db = () => shop.database.db;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  shop = await openTestShop();
  agent = await shop.login(...LOGINS.agent);
  choices = await checkoutChoiceIds(db());
});
afterAll(() => shop?.close());

/** Places an order for a customer of the agent, from a new cart with these rows or from a cart made before. */
async function checkout(code: string, rows: { product: number; qty: number }[] | number) {
  const customer = await customerId(db(), code);
  const book = await defaultAddresses(db(), customer);
  const cart = typeof rows === 'number' ? rows : await makeCart(db(), { customer, context: 'b2b', rows });
  return shop.send<OrderDetail | ErrorBody>('POST', 'checkout/?shop_context=b2b', {
    token: agent,
    body: {
      customer,
      cart,
      billing_address: book.billing,
      shipping_address: book.shipping,
      shipping_method: choices.policy[book.country === 'IT' ? 'courier-it' : 'courier-eu'],
      payment_method: choices.method['riba-30'],
    },
  });
}

const counter = async () => (await queryRows<{ last: number }>(db(), sql`select last from order_number_counters where year = ${year}`))[0]?.last;
const sequenceOf = (number: string) => Number(number.slice(5));

describe('order numbers', () => {
  it('start past the demo orders, which the seed wrote with their own numbers', async () => {
    const [row] = await queryRows<{ last: number | null }>(
      db(),
      sql`select max(substring(number from 6)::int)::int as last from orders where number like ${`${year}-%`}`,
    );
    expect(await counter()).toBe(row!.last ?? undefined);
    const product = await makeProduct(db());
    const placed = await checkout('C0001', [{ product: product.id, qty: 1 }]);
    expect(placed.status).toBe(201);
    const number = (placed.body as OrderDetail).number;
    expect(number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(sequenceOf(number)).toBe((row!.last ?? 0) + 1);
  });

  it('an order written with its own number moves the counter past it', async () => {
    // A copy of an existing order under a number far ahead, as an import or plain SQL would write it.
    await db().execute(sql`
      insert into orders (number, customer_id, user_id, agent_id, season_id, shop_context, status, billing_address, shipping_address,
        shipping_policy_id, shipping_method, payment_method_id, payment_method, subtotal, discount, shipping_total, tax_total, total, locale, created_at, updated_at)
      select ${`${year}-090000`}, customer_id, user_id, agent_id, season_id, shop_context, status, billing_address, shipping_address,
        shipping_policy_id, shipping_method, payment_method_id, payment_method, subtotal, discount, shipping_total, tax_total, total, locale, now(), now()
      from orders order by id limit 1`);
    expect(await counter()).toBe(90_000);
    const product = await makeProduct(db());
    const placed = await checkout('C0002', [{ product: product.id, qty: 1 }]);
    expect((placed.body as OrderDetail).number).toBe(`${year}-090001`);
  });

  it('a refused checkout may leave a gap, and the next number is still new and higher', async () => {
    const product = await makeProduct(db(), { quantity: 1 });
    const first = await checkout('C0003', [{ product: product.id, qty: 1 }]);
    const refused = await checkout('C0003', [{ product: product.id, qty: 1 }]);
    expect(refused.status).toBe(409);
    const other = await makeProduct(db());
    const next = await checkout('C0003', [{ product: other.id, qty: 1 }]);
    expect(next.status).toBe(201);
    expect(sequenceOf((next.body as OrderDetail).number)).toBeGreaterThan(sequenceOf((first.body as OrderDetail).number));
  });

  it.runIf(testDbKind() === 'postgres')(
    'a checkout waiting inside its transaction holds up no other checkout (PostgreSQL)',
    { timeout: 60_000 },
    async () => {
      // Another connection holds the rows of customer A's cart (an agent's second tab, say):
      // A's checkout waits inside its transaction, late, where it empties the cart, with its
      // number already taken. B buys something else and must not wait for A.
      const a = await makeProduct(db());
      const b = await makeProduct(db());
      const customerA = await customerId(db(), 'C0001');
      const cartA = await makeCart(db(), { customer: customerA, context: 'b2b', rows: [{ product: a.id, qty: 1 }] });
      const blocker = await sideClient(shop.database.url!);
      try {
        await blocker.query('begin');
        await blocker.query('select id from cart_rows where cart_id = $1 for update', [cartA]);
        const waiting = checkout('C0001', cartA);
        await expect
          .poll(async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))[0]!.n, { timeout: 20_000 })
          .toBeGreaterThan(0);
        const other = await Promise.race([
          checkout('C0002', [{ product: b.id, qty: 1 }]),
          new Promise<'held up'>((resolve) => setTimeout(resolve, 15_000, 'held up')),
        ]);
        expect(other === 'held up' ? other : other.status).toBe(201);
        await blocker.query('rollback');
        expect((await waiting).status).toBe(201);
      } finally {
        await blocker.end().catch(() => undefined);
      }
    },
  );
});
