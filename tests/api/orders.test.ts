import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments, orders, paymentMethods, shippingPolicies } from '../../server/db/schema';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { OrderDetail, OrderRow, OrderSummary } from '../../src/lib/contract/orders';
import { customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { pdfText } from '../support/pdf-text';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b: string;
let b2b2: string;
let agent: string;
let agent2: string;
let c1: number;
let c2: number;
/** An order of C0001 placed through checkout (shipped before its documents are fetched). */
let placed: OrderDetail;
/** A seeded Pending order of C0001: only its order confirmation exists. */
let pendingId: number;

type List<T> = { results: T[]; count: number };
const db = () => shop.database.db;


beforeAll(async () => {
  shop = await openTestShop();
  [b2b, b2b2, agent, agent2] = await Promise.all([shop.login(...LOGINS.b2b), shop.login(...LOGINS.b2b2), shop.login(...LOGINS.agent), shop.login(...LOGINS.agent2)]);
  c1 = await customerId(db(), 'C0001');
  c2 = await customerId(db(), 'C0002');
  const a1 = await defaultAddresses(db(), c1);
  const [courier] = await db().select().from(shippingPolicies).where(eq(shippingPolicies.code, 'courier-it'));
  const [riba] = await db().select().from(paymentMethods).where(eq(paymentMethods.code, 'riba-30'));
  const p = await makeProduct(db(), { price: 12.5, vatRate: 22 });
  const q = await makeProduct(db(), { price: 3, vatRate: 10 });
  const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 4 }, { product: q.id, qty: 10 }] });
  const answer = await shop.send<OrderDetail>('POST', 'checkout/', {
    token: b2b,
    body: { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: courier!.id, payment_method: riba!.id, notes: 'Cancello verde' },
  });
  if (answer.status !== 201) throw new Error(`checkout failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  placed = answer.body;
  const onlyConfirmation = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, c1), sql`(select count(*) from ${orderDocuments} d where d.order_id = ${orders.id}) = 1`))
    .limit(1);
  pendingId = onlyConfirmation[0]!.id;
});
afterAll(() => shop?.close());

describe('GET orders/', () => {
  it('needs a signed-in user', async () => {
    expect((await shop.json('orders/')).status).toBe(401);
  });

  it('answers the customer orders, newest first, paged', async () => {
    const { status, body } = await shop.send<List<OrderSummary>>('GET', 'orders/?page_size=2', { token: b2b });
    expect(status).toBe(200);
    const [{ n }] = (await db().select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.customerId, c1))) as [{ n: number }];
    expect(body.count).toBe(n);
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({ id: placed.id, number: placed.number, company_name: 'Cantina dei Colli S.r.l.', status: 'Pending', notes: 'Cancello verde', total: placed.total });
    const all = await shop.send<List<OrderSummary>>('GET', 'orders/?page_size=100', { token: b2b });
    const dates = all.body.results.map((o) => o.create_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.body.results.every((o) => o.customer.id === c1)).toBe(true);
  });

  it.each(['create_date', 'total', 'number', 'status'])('sorts by %s both ways', async (field) => {
    const asc = await shop.send<List<OrderSummary>>('GET', `orders/?page_size=100&order_by=${field}-asc`, { token: b2b });
    const desc = await shop.send<List<OrderSummary>>('GET', `orders/?page_size=100&order_by=${field}-desc`, { token: b2b });
    expect(asc.status).toBe(200);
    const key = (o: OrderSummary) => (field === 'create_date' ? o.create_date : field === 'total' ? o.total : field === 'number' ? o.number : o.status);
    const values = asc.body.results.map(key);
    expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(desc.body.results.map(key)).toEqual([...values].reverse());
  });

  it('filters by status', async () => {
    const { body } = await shop.send<List<OrderSummary>>('GET', 'orders/?status=Pending&page_size=100', { token: b2b });
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((o) => o.status === 'Pending')).toBe(true);
    const none = await shop.send<List<OrderSummary>>('GET', 'orders/?status=Failed', { token: b2b });
    expect(none.body).toEqual({ results: [], count: 0 });
  });

  it('rejects unknown order fields, statuses and bad pages', async () => {
    const bad = await shop.send<ErrorBody>('GET', 'orders/?order_by=notes-asc', { token: b2b });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Invalid ordering.');
    expect((await shop.send('GET', 'orders/?order_by=total-up', { token: b2b })).status).toBe(400);
    expect((await shop.send('GET', 'orders/?status=Lost', { token: b2b })).status).toBe(400);
    expect((await shop.send('GET', 'orders/?page_size=1000', { token: b2b })).status).toBe(400);
  });

  it('lets the agent list an assigned customer; nobody else', async () => {
    const { status, body } = await shop.send<List<OrderSummary>>('GET', `orders/?customer=${c1}`, { token: agent });
    expect(status).toBe(200);
    expect(body.results.every((o) => o.customer.id === c1)).toBe(true);
    expect((await shop.send('GET', `orders/?customer=${c1}`, { token: agent2 })).status).toBe(403);
    expect((await shop.send('GET', `orders/?customer=${c1}`, { token: b2b2 })).status).toBe(403);
    expect((await shop.send('GET', 'orders/', { token: agent })).status).toBe(400);
    const own = await shop.send<List<OrderSummary>>('GET', 'orders/', { token: b2b2 });
    expect(own.body.results.every((o) => o.customer.id === c2)).toBe(true);
  });
});

describe('GET orders/{id}/', () => {
  it('answers header, addresses, totals, history and documents by type', async () => {
    const { status, body } = await shop.send<OrderDetail>('GET', `orders/${placed.id}/?locale=en`, { token: b2b });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: placed.id,
      number: placed.number,
      status: 'Pending',
      subtotal: 80,
      shipping_total: 9.9,
      // 50 at 22% and 9.90 shipping at 22% = 13.18, 30 at 10% = 3
      tax_total: 16.18,
      total: 106.08,
      shipping_method: { code: 'courier-it', name: 'Express courier' },
      payment_method: { code: 'riba-30', name: 'Bank receipt, 30 days end of month' },
      rows_count: 2,
      tracking_url: null,
      billing_address: { name: 'Cantina dei Colli S.r.l.', postal_code: '12060' },
    });
    expect(body.status_history.map((h) => h.status)).toEqual(['Pending']);
    expect(Object.keys(body.documents)).toEqual(['order_confirmation']);
    expect(body.documents.order_confirmation).toMatchObject({ type: 'order_confirmation', number: placed.number, url: `orders/doc/?order_id=${placed.id}&type=order_confirmation` });
  });

  it('shows seeded history and tracking of shipped orders', async () => {
    const [shipped] = await db().select().from(orders).where(and(eq(orders.customerId, c1), eq(orders.status, 'Shipped'))).limit(1);
    if (!shipped) return;
    const { body } = await shop.send<OrderDetail>('GET', `orders/${shipped.id}/`, { token: b2b });
    expect(body.status_history.map((h) => h.status)).toEqual(['Pending', 'Processing', 'Shipped']);
    expect(body.tracking_url).toMatch(/^https:\/\/tracking\.example\//);
  });

  it('is visible to the own agent only (404 for others)', async () => {
    expect((await shop.send('GET', `orders/${placed.id}/`, { token: agent })).status).toBe(200);
    expect((await shop.send('GET', `orders/${placed.id}/`, { token: agent2 })).status).toBe(404);
    expect((await shop.send('GET', `orders/${placed.id}/`, { token: b2b2 })).status).toBe(404);
    expect((await shop.send('GET', `orders/${placed.id}/`)).status).toBe(401);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await shop.send('GET', 'orders/99999999/', { token: b2b })).status).toBe(404);
    expect((await shop.send('GET', 'orders/x1/', { token: b2b })).status).toBe(400);
  });
});

describe('GET orders/rows/', () => {
  it('answers the rows, localized and paged', async () => {
    const { status, body } = await shop.send<List<OrderRow>>('GET', `orders/rows/?order=${placed.id}&locale=es&page_size=1`, { token: b2b });
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ order: placed.id, qty: 4, unit_price: 12.5, vat_rate: 22, total: 50, name: expect.stringMatching(/ es$/), slug: expect.any(String) });
    const second = await shop.send<List<OrderRow>>('GET', `orders/rows/?order=${placed.id}&page=2&page_size=1`, { token: b2b });
    expect(second.body.results[0]).toMatchObject({ qty: 10, unit_price: 3, total: 30, name: expect.stringMatching(/ it$/) });
  });

  it('is visible to the own agent only', async () => {
    expect((await shop.send('GET', `orders/rows/?order=${placed.id}`, { token: agent })).status).toBe(200);
    expect((await shop.send('GET', `orders/rows/?order=${placed.id}`, { token: agent2 })).status).toBe(404);
    expect((await shop.send('GET', `orders/rows/?order=${placed.id}`, { token: b2b2 })).status).toBe(404);
    expect((await shop.send('GET', `orders/rows/?order=${placed.id}`)).status).toBe(401);
  });

  it('needs a valid order id', async () => {
    expect((await shop.send('GET', 'orders/rows/', { token: b2b })).status).toBe(400);
    expect((await shop.send('GET', 'orders/rows/?order=abc', { token: b2b })).status).toBe(400);
    expect((await shop.send('GET', 'orders/rows/?order=99999999', { token: b2b })).status).toBe(404);
  });
});

describe('GET orders/doc/', () => {
  // Shipping issues the invoice and the delivery note (order-documents.test.ts).
  beforeAll(async () => {
    await db().update(orders).set({ status: 'Shipped' }).where(eq(orders.id, placed.id));
  });

  const doc = (token: string | undefined, query: string) =>
    shop.call(`orders/doc/?${query}`, { headers: token ? { Authorization: `Token ${token}` } : {} });

  it.each(['invoice', 'delivery_note', 'order_confirmation'])('answers the %s as a real PDF', async (type) => {
    const response = await doc(b2b, `order_id=${placed.id}&type=${type}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toMatch(new RegExp(`^inline; filename="${type.replace('_', '-')}-[A-Za-z0-9-]+\\.pdf"$`));
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-8).toString()).toContain('%%EOF');
    expect(bytes.length).toBeGreaterThan(1500);
    const text = pdfText(bytes);
    expect(text).toContain('Vinoshop');
    expect(text).toContain(placed.number);
    expect(text).toContain('Cantina dei Colli S.r.l.');
    expect(text).toContain('Via Roma 4');
    if (type === 'delivery_note') {
      expect(text).toContain('Documento di trasporto');
      expect(text).not.toContain('106,08');
    } else {
      expect(text).toContain('106,08');
      expect(text).toContain('IVA 22% su 59,90');
    }
  });

  it('renders in each locale', async () => {
    for (const locale of ['it', 'en', 'es']) {
      const response = await doc(b2b, `order_id=${placed.id}&type=invoice&locale=${locale}`);
      expect(response.status).toBe(200);
      const text = pdfText(Buffer.from(await response.arrayBuffer()));
      expect(text).toContain({ it: 'Fattura', en: 'Invoice', es: 'Factura' }[locale]);
    }
  });

  it('answers 404 when the order has no such document', async () => {
    const { status } = await shop.send('GET', `orders/doc/?order_id=${pendingId}&type=invoice`, { token: b2b });
    expect(status).toBe(404);
    expect((await doc(b2b, `order_id=${pendingId}&type=order_confirmation`)).status).toBe(200);
  });

  it('is visible to the own agent only', async () => {
    expect((await doc(agent, `order_id=${placed.id}&type=invoice`)).status).toBe(200);
    expect((await doc(agent2, `order_id=${placed.id}&type=invoice`)).status).toBe(404);
    expect((await doc(b2b2, `order_id=${placed.id}&type=invoice`)).status).toBe(404);
    expect((await doc(undefined, `order_id=${placed.id}&type=invoice`)).status).toBe(401);
  });

  it('rejects malformed queries', async () => {
    expect((await doc(b2b, `order_id=${placed.id}&type=receipt`)).status).toBe(400);
    expect((await doc(b2b, `order_id=${placed.id}`)).status).toBe(400);
    expect((await doc(b2b, 'type=invoice')).status).toBe(400);
    expect((await doc(b2b, 'order_id=99999999&type=invoice')).status).toBe(404);
  });

  it('renders orders with many rows over several pages', async () => {
    const [courier] = await db().select().from(shippingPolicies).where(eq(shippingPolicies.code, 'courier-it'));
    const [riba] = await db().select().from(paymentMethods).where(eq(paymentMethods.code, 'riba-30'));
    const a1 = await defaultAddresses(db(), c1);
    const rows = [];
    for (let i = 0; i < 45; i++) rows.push({ product: (await makeProduct(db(), { price: 1 + i })).id, qty: 1 });
    const cart = await makeCart(db(), { customer: c1, rows });
    const { body } = await shop.send<OrderDetail>('POST', 'checkout/', {
      token: b2b,
      body: { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: courier!.id, payment_method: riba!.id },
    });
    await db().update(orders).set({ status: 'Shipped' }).where(eq(orders.id, body.id));
    const response = await doc(b2b, `order_id=${body.id}&type=invoice`);
    const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
  });
});
