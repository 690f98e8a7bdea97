// The server decides the shop context from the customer acted for (ADR 0015): a consumer's calls
// are b2c whatever shop_context they carry, and a consumer cannot pay "as per contract", even with
// a b2b cart an older client opened for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../server/db/schema';
import type { CartHeader } from '../../src/lib/contract/cart';
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import type { OrderDetail } from '../../src/lib/contract/orders';
import type { Promotion } from '../../src/lib/contract/promotions';
import type { PaymentMethod, ShippingPolicy } from '../../src/lib/contract/shop';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let consumer = '';
let b2b = '';
let agent = '';
let c6 = 0;
let book: { billing: number; shipping: number };
const method: Record<string, number> = {};
const policy: Record<string, number> = {};
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  ({ consumer, b2b, agent } = await shop.loginAs('consumer', 'b2b', 'agent'));
  c6 = await customerId(db(), 'C0006');
  book = await defaultAddresses(db(), c6);
  const ids = await checkoutChoiceIds(db());
  Object.assign(method, ids.method);
  Object.assign(policy, ids.policy);
  await db().insert(promotions).values({ code: 'TEST-SOLO-B2C', type: 'fixed', value: 5, shopContext: 'b2c', name: { it: 'Solo privati' }, description: { it: 'Privati' } });
});
afterAll(() => shop?.close());

const codes = (body: Paged<{ code: string }>) => body.results.map((r) => r.code);

describe("a consumer's calls are b2c", () => {
  it('get-or-create without a context (or asking b2b) opens a b2c cart with no agent', async () => {
    const plain = await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: consumer, body: {} });
    expect(plain.body).toMatchObject({ shop_context: 'b2c', agent: null, customer: c6 });
    const asked = await shop.send<CartHeader>('POST', 'carts/get-or-create/?shop_context=b2b', { token: consumer, body: {} });
    expect(asked.body).toMatchObject({ id: plain.body.id, shop_context: 'b2c' });
  });

  it('payment methods never offer "as per contract" to a consumer, whatever it asks', async () => {
    for (const path of ['shop/payment-methods-b2b/', 'shop/payment-methods/?shop_context=b2b']) {
      const { body } = await shop.send<Paged<PaymentMethod>>('GET', path, { token: consumer });
      expect(codes(body)).not.toContain('as-per-contract');
      expect(codes(body)).toContain('cash-on-delivery');
    }
    // Anonymous callers and business customers keep the b2b list.
    expect(codes((await shop.json<Paged<PaymentMethod>>('shop/payment-methods-b2b/')).body)).toContain('as-per-contract');
    expect(codes((await shop.send<Paged<PaymentMethod>>('GET', 'shop/payment-methods/?shop_context=b2c', { token: b2b })).body)).toContain('as-per-contract');
  });

  it('lists the consumer promotions and shipping policies when the call says b2b', async () => {
    const promos = await shop.send<Paged<Promotion>>('GET', 'promotions/?shop_context=b2b', { token: consumer });
    expect(codes(promos.body)).toContain('TEST-SOLO-B2C');
    const policies = await shop.send<Paged<ShippingPolicy>>('GET', `shop/shipping-policies/?address=${book.shipping}&shop_context=b2b`, { token: consumer });
    expect(policies.status).toBe(200);
    expect(codes(policies.body)).not.toContain('pallet-it');
  });
});

describe('a b2b cart of a consumer (opened by an old client)', () => {
  it('offers no contract payment at checkout/init and refuses it at checkout', async () => {
    const p = await makeProduct(db(), { price: 30 });
    const cart = await makeCart(db(), { customer: c6, context: 'b2b', rows: [{ product: p.id, qty: 1 }] });
    const init = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/?shop_context=b2b', { token: consumer, body: { cart } });
    expect(init.status).toBe(200);
    expect(init.body.payment_methods.map((m) => m.code)).not.toContain('as-per-contract');
    const choice = { cart, billing_address: book.billing, shipping_address: book.shipping, shipping_method: policy['courier-it'] };
    const refused = await shop.send<ErrorBody>('POST', 'checkout/?shop_context=b2b', { token: consumer, body: { ...choice, payment_method: method['as-per-contract'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error_list[0]).toMatchObject({ field: 'payment_method', code: 'invalid' });
    const placed = await shop.send<OrderDetail>('POST', 'checkout/', { token: consumer, body: { ...choice, payment_method: method.card } });
    expect(placed.status).toBe(201);
    expect(placed.body.shop_context).toBe('b2c');
  });

  it("an agent's cart for a business customer stays b2b when the call asks b2c", async () => {
    const c1 = await customerId(db(), 'C0001');
    const { body } = await shop.send<CartHeader>('POST', 'carts/get-or-create/?shop_context=b2c', { token: agent, body: { customer: c1 } });
    expect(body).toMatchObject({ shop_context: 'b2b', customer: c1 });
  });
});
