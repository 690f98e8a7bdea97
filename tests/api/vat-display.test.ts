// Prices as each kind of customer sees them (ADR 0014): consumers and the public with VAT,
// businesses net. The live values, the cart and checkout answer the amounts to show and say
// which; the confirmation mail shows the same and says so. Orders still store net amounts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderRows } from '../../server/db/schema';
import type { CartHeader, CartRow } from '../../src/lib/contract/cart';
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { LiveValuesAnswer } from '../../src/lib/contract/live-values';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const token: Record<'b2b' | 'consumer' | 'agent', string> = { b2b: '', consumer: '', agent: '' };
let c1: number;
let c6: number;
const method: Record<string, number> = {};
const policy: Record<string, number> = {};
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  for (const who of Object.keys(token) as (keyof typeof token)[]) token[who] = await shop.login(LOGINS[who][0], LOGINS[who][1]);
  [c1, c6] = (await Promise.all(['C0001', 'C0006'].map((code) => customerId(db(), code)))) as [number, number];
  const ids = await checkoutChoiceIds(db());
  Object.assign(method, ids.method);
  Object.assign(policy, ids.policy);
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await shop.drainMail();
  shop.mail.length = 0;
});

async function live(query: string, who?: keyof typeof token) {
  const response = await shop.call(`products/live/?${query}`, { headers: who ? { Authorization: `Token ${token[who]}` } : {} });
  expect(response.status).toBe(200);
  return ((await response.json()) as LiveValuesAnswer).results[0]!;
}

describe('products/live/ answers the price as the viewer sees it', () => {
  it('with VAT for the public and a consumer, net for a business and for an agent acting for one', async () => {
    const p = await makeProduct(db(), { price: 16.8, vatRate: 22 });
    const anonymous = await live(`ids=${p.id}`);
    expect(anonymous.price).toMatchObject({ price: 16.8, vat_rate: 22, vat_included: true, shown_price: 20.5 });
    const consumer = await live(`ids=${p.id}`, 'consumer');
    expect(consumer.price).toMatchObject({ price: 16.8, vat_included: true, shown_price: 20.5 });
    const business = await live(`ids=${p.id}`, 'b2b');
    expect(business.price).toMatchObject({ price: 16.8, vat_included: false, shown_price: 16.8 });
    const agentForBusiness = await live(`ids=${p.id}&customer=${c1}`, 'agent');
    expect(agentForBusiness.price).toMatchObject({ vat_included: false, shown_price: 16.8 });
  });

  it('uses the product rate, also for its variants', async () => {
    const p = await makeProduct(db(), { price: 10, vatRate: 4 });
    expect((await live(`ids=${p.id}`, 'consumer')).price).toMatchObject({ vat_rate: 4, shown_price: 10.4 });
  });
});

describe('cart and checkout answer the amounts to show', () => {
  it('a consumer cart: rows and final price with VAT', async () => {
    const a = await makeProduct(db(), { price: 100, vatRate: 22 });
    const b = await makeProduct(db(), { price: 20, vatRate: 10 });
    const cart = await makeCart(db(), { customer: c6, context: 'b2c', rows: [{ product: a.id, qty: 1 }, { product: b.id, qty: 2 }] });
    const rows = await shop.send<{ results: CartRow[] }>('GET', `carts/rows/?cart=${cart}`, { token: token.consumer });
    expect(rows.status).toBe(200);
    expect(rows.body.results.map((r) => [r.price, r.total, r.vat_included, r.shown_price, r.shown_total])).toEqual([
      [100, 100, true, 122, 122],
      [20, 40, true, 22, 44],
    ]);
    const init = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/?shop_context=b2c', { token: token.consumer, body: { cart } });
    expect(init.status).toBe(200);
    expect(init.body.cart).toMatchObject({ final_price: 140, vat_included: true, tax: 26, final_price_with_vat: 166 });
    expect(init.body.rows.map((r) => r.shown_total)).toEqual([122, 44]);
    expect(init.body.totals).toMatchObject({ final_price: 140, tax: 26, total: 166 });
  });

  it('a business cart: net rows, the VAT apart', async () => {
    const a = await makeProduct(db(), { price: 100, vatRate: 22 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: a.id, qty: 2 }] });
    const rows = await shop.send<{ results: CartRow[] }>('GET', `carts/rows/?cart=${cart}`, { token: token.b2b });
    expect(rows.body.results.map((r) => [r.price, r.total, r.vat_included, r.shown_price, r.shown_total])).toEqual([[100, 200, false, 100, 200]]);
    const init = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token: token.b2b, body: { cart } });
    expect(init.body.cart).toMatchObject({ final_price: 200, vat_included: false, tax: 44, final_price_with_vat: 244 });
  });

  it('an empty lazy cart says which the customer sees', async () => {
    const consumer = await shop.send<CartHeader>('POST', 'carts/get-or-create/?lazy=true&shop_context=b2c', { token: token.consumer, body: {} });
    expect(consumer.status).toBe(200);
    expect(consumer.body.vat_included).toBe(true);
  });
});

describe('the confirmation mail shows what the customer saw', () => {
  it('a consumer order: rows and totals with VAT, saying so; the order keeps net amounts', async () => {
    const a = await makeProduct(db(), { price: 100, vatRate: 22, quantity: 10 });
    const cart = await makeCart(db(), { customer: c6, context: 'b2c', rows: [{ product: a.id, qty: 2 }] });
    const addresses = await defaultAddresses(db(), c6);
    const response = await shop.call('checkout/?shop_context=b2c', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${token.consumer}` },
      body: JSON.stringify({ cart, billing_address: addresses.billing, shipping_address: addresses.shipping, shipping_method: policy['courier-it'], payment_method: method['cash-on-delivery'] }),
    });
    expect(response.status).toBe(201);
    const order = (await response.json()) as OrderDetail;
    const [row] = await db().select().from(orderRows).where(eq(orderRows.orderId, order.id));
    expect([row!.unitPrice, row!.total]).toEqual([100, 200]);
    await shop.drainMail();
    const text = shop.mail.find((m) => m.tag === 'order-confirmation')!.text;
    expect(text).toContain('Prezzi IVA inclusa.');
    expect(text).toMatch(/2 × .*: 244,00/);
    expect(text).toContain('di cui IVA');
  });
});
