// Hostile characters and numbers that once reached the database and came back as 500s: NUL
// (PostgreSQL refuses it, 22021/22P05), lone surrogates, ids past int4, quantities and order
// totals past what the columns hold. Each answers a 4xx naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/lib/contract/common';
import { MAX_CART_QTY } from '../../src/lib/contract/cart';
import { paymentMethods, shippingPolicies } from '../../server/db/schema';
import { customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { basic, LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b: string;
let c1: number;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  b2b = await shop.login(...LOGINS.b2b);
  c1 = await customerId(db(), 'C0001');
});
afterAll(() => shop?.close());

async function expectFieldRefused(response: Response, field: string, code = 'invalid_characters') {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  const body = JSON.parse(text) as ErrorBody;
  expect(body.error_list, text).toContainEqual(expect.objectContaining({ field, code }));
}

const jsonCall = (method: string, path: string, body: string, token?: string) =>
  shop.call(path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) }, body });

describe('NUL and invalid characters', () => {
  it('refuses a NUL in a query with 400 naming the field', async () => {
    await expectFieldRefused(await shop.call('products/p/?search=%00'), 'search');
    await expectFieldRefused(await shop.call('products/p/?search=vino%00rosso&page=1'), 'search');
    await expectFieldRefused(await shop.call('addresses/?search=%00', { headers: { Authorization: `Token ${b2b}` } }), 'search');
  });

  it('refuses a NUL or a lone surrogate in a JSON body, naming the nested field', async () => {
    await expectFieldRefused(await jsonCall('POST', 'auth/password-reset/', '{"username":"a\\u0000b"}'), 'username');
    await expectFieldRefused(await jsonCall('POST', 'auth/check-psswd-change/', '{"username":"\\ud800"}'), 'username');
    await expectFieldRefused(
      await jsonCall('POST', 'contact/', JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'ciao\u0000' })),
      'message',
    );
    const nested = await jsonCall('POST', 'addresses/', JSON.stringify({ deep: [{ x: 1 }, { y: ['ok', 'bad\u0000'] }] }), b2b);
    await expectFieldRefused(nested, 'deep.1.y.1');
  });

  it('refuses a NUL in a path parameter and in a Basic username', async () => {
    await expectFieldRefused(await shop.call('products/p/%00/'), 'path');
    await expectFieldRefused(await shop.call('categories/a%00b/'), 'path');
    await expectFieldRefused(await shop.call('auth/login/', { method: 'POST', headers: { Authorization: basic('a\u0000b@example.com', 'x') } }), 'username');
  });

  it('answers 4xx, not 500, for invalid percent-encodings in the path and the query', async () => {
    for (const path of ['products/p/%C0%AF/', 'products/p/%E0%A4%A/', 'categories/%ED%A0%80/', 'products/p/?search=%C0%AF', 'products/p/?search=%ED%A0%80']) {
      const response = await shop.call(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('accepts ordinary non-Latin text', async () => {
    expect((await shop.call(`products/p/?search=${encodeURIComponent('“vino” 🍷 ñ')}`)).status).toBe(200);
  });
});

describe('numbers past what the columns hold', () => {
  it('answers 4xx for ids past int4 in paths and queries', async () => {
    const auth = { headers: { Authorization: `Token ${b2b}` } };
    for (const path of [`orders/${2 ** 40}/`, `orders/${2 ** 31}/`, `categories/${2 ** 40}/`, `custom-fields/${2 ** 40}/`, `products/pp/${2 ** 40}/`, `products/p/assets/${2 ** 40}/`, `carts/rows/?cart=${2 ** 40}`, `orders/rows/?order=${2 ** 40}`]) {
      const response = await shop.call(path, auth);
      expect(response.status, `${path} ${await response.text()}`).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it(`refuses a cart quantity above ${MAX_CART_QTY} when adding and updating a row`, async () => {
    expect(MAX_CART_QTY).toBeLessThanOrEqual(99_999);
    const product = await makeProduct(db(), { price: 1, quantity: 10_000_000 });
    const cart = await makeCart(db(), { customer: c1, rows: [] });
    await expectFieldRefused(await jsonCall('POST', 'carts/rows/', JSON.stringify({ cart, product: product.id, qty: MAX_CART_QTY + 1 }), b2b), 'qty', 'max_value');
    const added = await jsonCall('POST', 'carts/rows/', JSON.stringify({ cart, product: product.id, qty: MAX_CART_QTY }), b2b);
    expect(added.status).toBe(201);
    const { row } = (await added.json()) as { row: { id: number } };
    await expectFieldRefused(await jsonCall('PATCH', `carts/row/${row.id}/`, JSON.stringify({ qty: MAX_CART_QTY + 1 }), b2b), 'qty', 'max_value');
  });

  it('refuses a checkout whose total would not fit the order columns with a clear 400', async () => {
    // 99,999 units at 99,999,999 each: far beyond numeric(12,2).
    const product = await makeProduct(db(), { price: 99_999_999, quantity: 10_000_000 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: product.id, qty: MAX_CART_QTY }] });
    const a1 = await defaultAddresses(db(), c1);
    const [method] = (await db().select().from(paymentMethods)).filter((m) => m.code === 'riba-30');
    const [policy] = (await db().select().from(shippingPolicies)).filter((p) => p.code === 'courier-it');
    const body = { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: policy!.id, payment_method: method!.id };
    const response = await jsonCall('POST', 'checkout/', JSON.stringify(body), b2b);
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect((JSON.parse(text) as ErrorBody).error_list).toContainEqual(expect.objectContaining({ field: 'cart', code: 'total_too_large' }));
  });
});
