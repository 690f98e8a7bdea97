import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, paymentMethods, seasons } from '../../server/db/schema';
import type { PaymentMethod, Season, ShippingPolicy } from '../../src/lib/contract/shop';
import { customerId, defaultAddresses, setSetting } from '../support/checkout-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b: string;
let b2b2: string;
let agent: string;
let agent2: string;
let consumer: string;
let c1: { billing: number; shipping: number };
let c5: { billing: number; shipping: number };
let c6: { billing: number; shipping: number };

type List<T> = { results: T[]; count: number };

beforeAll(async () => {
  shop = await openTestShop();
  [b2b, b2b2, agent, agent2, consumer] = await Promise.all([
    shop.login(...LOGINS.b2b),
    shop.login(...LOGINS.b2b2),
    shop.login(...LOGINS.agent),
    shop.login(...LOGINS.agent2),
    shop.login(...LOGINS.consumer),
  ]);
  const db = shop.database.db;
  c1 = await defaultAddresses(db, await customerId(db, 'C0001'));
  c5 = await defaultAddresses(db, await customerId(db, 'C0005'));
  c6 = await defaultAddresses(db, await customerId(db, 'C0006'));
});
afterAll(() => shop?.close());

describe('shop/payment-methods-b2b/', () => {
  it('answers the active b2b methods, with "as per contract"', async () => {
    const { status, body } = await shop.json<List<PaymentMethod>>('shop/payment-methods-b2b/');
    expect(status).toBe(200);
    const codes = body.results.map((m) => m.code);
    expect(codes).toEqual(['bank-transfer', 'card', 'riba-30', 'as-per-contract']);
    expect(body.count).toBe(4);
    expect(body.results.find((m) => m.code === 'as-per-contract')).toMatchObject({ is_contract: true, name: 'Come da contratto' });
  });

  it('localizes names', async () => {
    const { body } = await shop.json<List<PaymentMethod>>('shop/payment-methods-b2b/?locale=en');
    expect(body.results.find((m) => m.code === 'as-per-contract')!.name).toBe('As per contract');
  });

  it('answers the consumer methods with shop_context=b2c, on both paths', async () => {
    for (const path of ['shop/payment-methods-b2b/?shop_context=b2c', 'shop/payment-methods/?shop_context=b2c']) {
      const { body } = await shop.json<List<PaymentMethod>>(path);
      expect(body.results.map((m) => m.code)).toEqual(['bank-transfer', 'card', 'cash-on-delivery']);
      expect(body.results.every((m) => !m.is_contract)).toBe(true);
    }
  });

  it('leaves out inactive methods', async () => {
    const db = shop.database.db;
    await db.update(paymentMethods).set({ isActive: false }).where(eq(paymentMethods.code, 'riba-30'));
    const { body } = await shop.json<List<PaymentMethod>>('shop/payment-methods/');
    expect(body.results.map((m) => m.code)).not.toContain('riba-30');
    await db.update(paymentMethods).set({ isActive: true }).where(eq(paymentMethods.code, 'riba-30'));
  });

  it('rejects an unknown shop_context', async () => {
    expect((await shop.call('shop/payment-methods-b2b/?shop_context=b2x')).status).toBe(400);
  });
});

describe('shop/seasons/', () => {
  it('answers active seasons with their custom field value', async () => {
    const { status, body } = await shop.json<List<Season>>('shop/seasons/?locale=en');
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.results[0]).toMatchObject({ code: 'vendemmia-2026', name: 'Harvest 2026' });
    expect(body.results[0]!.custom_field_value_detail).toEqual({ value: expect.any(String), localized_value: expect.any(String) });
  });

  it('hides inactive seasons', async () => {
    const db = shop.database.db;
    await db.update(seasons).set({ isActive: false }).where(eq(seasons.code, 'primavera-2027'));
    const { body } = await shop.json<List<Season>>('shop/seasons/');
    expect(body.results.map((s) => s.code)).toEqual(['vendemmia-2026']);
    await db.update(seasons).set({ isActive: true }).where(eq(seasons.code, 'primavera-2027'));
  });
});

describe('shop/shipping-policies/', () => {
  const policies = (token: string, query: string) =>
    shop.send<List<ShippingPolicy>>('GET', `shop/shipping-policies/?${query}`, { token });

  it('needs a signed-in user', async () => {
    expect((await shop.json(`shop/shipping-policies/?address=${c1.shipping}`)).status).toBe(401);
  });

  it('answers the policies of the address zone for b2b, without the code-only one', async () => {
    const { status, body } = await policies(b2b, `address=${c1.shipping}`);
    expect(status).toBe(200);
    expect(body.results.map((p) => p.code)).toEqual(['courier-it', 'pallet-it', 'pickup']);
    expect(body.results[0]).toMatchObject({ zone: { code: 'IT' }, base_price: 9.9, price: 9.9, free_from: 150, delivery_days: 3 });
  });

  it('prices for a subtotal: free from free_from', async () => {
    const below = await policies(b2b, `address=${c1.shipping}&subtotal=149.99`);
    expect(below.body.results.find((p) => p.code === 'courier-it')!.price).toBe(9.9);
    const above = await policies(b2b, `address=${c1.shipping}&subtotal=150`);
    expect(above.body.results.find((p) => p.code === 'courier-it')!.price).toBe(0);
    expect(above.body.results.find((p) => p.code === 'pallet-it')!.price).toBe(59);
  });

  it('lists the free-shipping policy only with its code, in any case', async () => {
    const wrong = await policies(b2b, `address=${c1.shipping}&free_shipping_code=NOPE`);
    expect(wrong.body.results.map((p) => p.code)).not.toContain('SPEDIZIONEGRATIS');
    const right = await policies(b2b, `address=${c1.shipping}&free_shipping_code=spedizioneGratis`);
    expect(right.body.results.map((p) => p.code)).toContain('SPEDIZIONEGRATIS');
    expect(right.body.results.find((p) => p.code === 'SPEDIZIONEGRATIS')!.price).toBe(0);
  });

  it('follows the setting when the code changes', async () => {
    const db = shop.database.db;
    await setSetting(db, 'FREE_SHIPPING_CODE', 'ALTRO');
    const { body } = await policies(b2b, `address=${c1.shipping}`);
    expect(body.results.map((p) => p.code)).toContain('SPEDIZIONEGRATIS');
    await setSetting(db, 'FREE_SHIPPING_CODE', 'SPEDIZIONEGRATIS');
  });

  it('leaves out b2b-only policies for b2c', async () => {
    const { body } = await policies(consumer, `address=${c6.shipping}&shop_context=b2c`);
    expect(body.results.map((p) => p.code)).toEqual(['courier-it', 'pickup']);
  });

  it('answers the EU zone for a Spanish address, localized', async () => {
    const { body } = await policies(agent2, `address=${c5.shipping}&locale=es`);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ code: 'courier-eu', name: 'Mensajería internacional', zone: { name: 'Unión Europea' } });
  });

  it('answers an empty list where nothing ships (the storefront shows "contact us")', async () => {
    const db = shop.database.db;
    const [far] = await db
      .insert(addresses)
      .values({ customerId: await customerId(db, 'C0001'), type: 'Shipping', name: 'Far away', street: '1 Main St', city: 'Boston', postalCode: '02101', country: 'US' })
      .returning();
    const { status, body } = await policies(b2b, `address=${far!.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ results: [], count: 0 });
  });

  it('hides addresses the user may not see (404), lets the agent see them', async () => {
    expect((await policies(b2b2, `address=${c1.shipping}`)).status).toBe(404);
    expect((await policies(agent2, `address=${c1.shipping}`)).status).toBe(404);
    expect((await policies(agent, `address=${c1.shipping}`)).status).toBe(200);
    expect((await policies(b2b, 'address=99999999')).status).toBe(404);
  });

  it('rejects a missing or malformed address and subtotal', async () => {
    expect((await policies(b2b, '')).status).toBe(400);
    expect((await policies(b2b, 'address=abc')).status).toBe(400);
    expect((await policies(b2b, `address=${c1.shipping}&subtotal=-3`)).status).toBe(400);
  });
});
