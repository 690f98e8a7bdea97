// Order documents follow the order's status, whoever changes it: the confirmation at checkout,
// the delivery note and invoice only when the order ships (or, for the invoice, is refunded),
// with invoice numbers gapless per year even when many orders ship at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentMethods, shippingPolicies } from '../../server/db/schema';
import { queryRows } from '../../server/db/raw';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { sidePool, testDbKind } from '../support/test-db';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b: string;
let c1: number;
const db = () => shop.database.db;

async function placeOrder(): Promise<OrderDetail> {
  const a1 = await defaultAddresses(db(), c1);
  const [courier] = await db().select().from(shippingPolicies).where(eq(shippingPolicies.code, 'courier-it'));
  const [riba] = await db().select().from(paymentMethods).where(eq(paymentMethods.code, 'riba-30'));
  const p = await makeProduct(db(), { price: 10, vatRate: 22 });
  const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
  const answer = await shop.send<OrderDetail>('POST', 'checkout/', {
    token: b2b,
    body: { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: courier!.id, payment_method: riba!.id },
  });
  if (answer.status !== 201) throw new Error(`checkout failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const detail = async (id: number) => (await shop.send<OrderDetail>('GET', `orders/${id}/`, { token: b2b })).body;
const docStatus = async (id: number, type: string) =>
  (await shop.call(`orders/doc/?order_id=${id}&type=${type}`, { headers: { Authorization: `Token ${b2b}` } })).status;

/** Every invoice number of a year, as counters: must be exactly 1..n. */
async function invoiceSequences(): Promise<Map<number, number[]>> {
  const rows = await queryRows<{ number: string }>(db(), sql`select number from order_documents where type = 'invoice'`);
  const out = new Map<number, number[]>();
  for (const { number } of rows) {
    const m = /^FT-(\d{4})-(\d{6})$/.exec(number);
    expect(m, number).not.toBeNull();
    const list = out.get(Number(m![1])) ?? [];
    list.push(Number(m![2]));
    out.set(Number(m![1]), list);
  }
  return out;
}

async function expectGapless() {
  for (const [year, seqs] of await invoiceSequences()) {
    const sorted = [...seqs].sort((a, b) => a - b);
    expect(sorted, `invoices of ${year}`).toEqual(sorted.map((_, i) => i + 1));
  }
}

beforeAll(async () => {
  shop = await openTestShop();
  b2b = await shop.login(...LOGINS.b2b);
  c1 = await customerId(db(), 'C0001');
});
afterAll(() => shop?.close());

describe('order documents by status', () => {
  it('issues only the confirmation for a fresh Pending order; the invoice is not offered', async () => {
    const order = await placeOrder();
    expect(order.status).toBe('Pending');
    expect(Object.keys(order.documents)).toEqual(['order_confirmation']);
    expect(order.documents.order_confirmation!.number).toBe(order.number);
    expect(await docStatus(order.id, 'invoice')).toBe(404);
    expect(await docStatus(order.id, 'delivery_note')).toBe(404);
    expect(await docStatus(order.id, 'order_confirmation')).toBe(200);
  });

  it('issues the delivery note and the invoice when plain SQL marks the order shipped', async () => {
    const order = await placeOrder();
    await db().execute(sql`update orders set status = 'Processing' where id = ${order.id}`);
    expect(Object.keys((await detail(order.id)).documents)).toEqual(['order_confirmation']);
    await db().execute(sql`update orders set status = 'Shipped' where id = ${order.id}`);
    const shipped = await detail(order.id);
    expect(Object.keys(shipped.documents).sort()).toEqual(['delivery_note', 'invoice', 'order_confirmation']);
    expect(shipped.documents.delivery_note!.number).toBe(`DDT-${order.number}`);
    expect(shipped.documents.invoice!.number).toMatch(new RegExp(`^FT-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(await docStatus(order.id, 'invoice')).toBe(200);
    // Completing it later issues nothing twice and keeps the invoice's number.
    await db().execute(sql`update orders set status = 'Completed' where id = ${order.id}`);
    expect((await detail(order.id)).documents.invoice!.number).toBe(shipped.documents.invoice!.number);
    await expectGapless();
  });

  it('gives a refunded order its invoice but no delivery note; cancelled ones get neither', async () => {
    const refunded = await placeOrder();
    const cancelled = await placeOrder();
    await db().execute(sql`update orders set status = 'Refunded' where id = ${refunded.id}`);
    await db().execute(sql`update orders set status = 'Cancelled' where id = ${cancelled.id}`);
    expect(Object.keys((await detail(refunded.id)).documents).sort()).toEqual(['invoice', 'order_confirmation']);
    expect(Object.keys((await detail(cancelled.id)).documents)).toEqual(['order_confirmation']);
  });

  it('numbers the next invoice right after the last one, and a rolled-back shipment gives its number back', async () => {
    const year = new Date().getUTCFullYear();
    const last = Math.max(0, ...((await invoiceSequences()).get(year) ?? []));
    const a = await placeOrder();
    const b = await placeOrder();
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update orders set status = 'Shipped' where id = ${a.id}`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(Object.keys((await detail(a.id)).documents)).toEqual(['order_confirmation']);
    await db().update(orders).set({ status: 'Shipped' }).where(eq(orders.id, b.id));
    expect((await detail(b.id)).documents.invoice!.number).toBe(`FT-${year}-${String(last + 1).padStart(6, '0')}`);
  });

  it('seeded orders carry exactly the documents their status warrants', async () => {
    const wrong = await queryRows<{ id: number; status: string; types: string }>(
      db(),
      sql`select o.id, o.status, coalesce(string_agg(d.type, ',' order by d.type), '') as types
          from orders o left join order_documents d on d.order_id = o.id
          group by o.id, o.status
          having coalesce(string_agg(d.type, ',' order by d.type), '') <> case
            when o.status in ('Shipped', 'Partially shipped', 'Completed') then 'delivery_note,invoice,order_confirmation'
            when o.status in ('Refunded', 'Partially refunded') then 'invoice,order_confirmation'
            else 'order_confirmation' end`,
    );
    expect(wrong).toEqual([]);
    await expectGapless();
  });

  it.runIf(testDbKind() === 'postgres')('keeps invoice numbers gapless when many orders ship at once (PostgreSQL)', { timeout: 60_000 }, async () => {
    const placed: OrderDetail[] = [];
    for (let i = 0; i < 12; i++) placed.push(await placeOrder());
    const pool = sidePool(shop.database.url!, { max: 6 });
    try {
      // Each order ships in its own transaction on its own connection; every third rolls back.
      await Promise.all(
        placed.map(async (order, i) => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query(`update orders set status = 'Shipped' where id = $1`, [order.id]);
            await client.query(i % 3 === 2 ? 'rollback' : 'commit');
          } finally {
            client.release();
          }
        }),
      );
    } finally {
      await pool.end();
    }
    const issued = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from order_documents where type = 'invoice' and order_id in ${placed.map((o) => o.id)}`,
    );
    expect(issued[0]!.n).toBe(8);
    await expectGapless();
  });
});
