// The cart prices its rows from what it reads with them (one statement, ADR 0041): the
// customer's agreed prices (valid today, of no season or of the cart's), the season's price and
// the list prices, as priceProducts resolves them for the listing; an order keeps the product's
// name in every locale.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartRowChange } from '../../src/lib/contract/cart';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { priceProducts } from '../../server/catalogue/prices';
import { customerPrices, orderRows, productTranslations, seasonPrices, seasons } from '../../server/db/schema';
import { checkoutChoiceIds, defaultAddresses, makeProduct } from '../support/checkout-fixtures';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b = '';
let c1 = 0;
let seasonId = 0;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  ({ b2b } = await shop.loginAs('b2b'));
  c1 = (await shop.customerIds()).C0001!;
  seasonId = (await db().select().from(seasons).limit(1))[0]!.id;
});
afterAll(() => shop?.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function cartOf(season: number | null): Promise<number> {
  const { body } = await shop.send<{ id: number }>('POST', 'carts/get-or-create/', { token: b2b, body: season === null ? {} : { season } });
  return body.id;
}

describe('cart prices', () => {
  it('takes agreed prices valid today, the season price in a season cart, and the list price otherwise', async () => {
    const agreed = await makeProduct(db(), { price: 10 });
    const expired = await makeProduct(db(), { price: 10, specialPrice: 9 });
    const seasonal = await makeProduct(db(), { price: 10 });
    const agreedInSeason = await makeProduct(db(), { price: 10 });
    await db()
      .insert(customerPrices)
      .values([
        { customerId: c1, productId: agreed.id, price: 8 },
        { customerId: c1, productId: expired.id, price: 5, validTo: day(-1) },
        { customerId: c1, productId: agreedInSeason.id, price: 7.5 },
        { customerId: c1, productId: agreedInSeason.id, seasonId, price: 6 },
      ]);
    await db()
      .insert(seasonPrices)
      .values([
        { seasonId, productId: seasonal.id, price: 7 },
        { seasonId, productId: agreedInSeason.id, price: 6.5 },
      ]);
    const ids = [agreed.id, expired.id, seasonal.id, agreedInSeason.id];
    const expected: Record<string, number[]> = { plain: [8, 9, 10, 7.5], season: [8, 9, 7, 6] };
    for (const [name, season] of [
      ['plain', null],
      ['season', seasonId],
    ] as const) {
      const cart = await cartOf(season);
      let change: CartRowChange | undefined;
      for (const id of ids) change = (await shop.send<CartRowChange>('POST', 'carts/rows/', { token: b2b, body: { cart, product: id, qty: 1 } })).body;
      const listing = await priceProducts(db(), ids, { customerId: c1, seasonId: season });
      const init = await shop.send<{ rows: { product: number; price: number }[] }>('POST', 'checkout/init/', { token: b2b, body: { cart } });
      const priced = new Map(init.body.rows.map((r) => [r.product, r.price]));
      expect(ids.map((id) => priced.get(id)), name).toEqual(expected[name]);
      expect(ids.map((id) => listing.get(id)!.price), name).toEqual(expected[name]);
      expect(change!.cart.subtotal, name).toBe(expected[name]!.reduce((a, b) => a + b, 0));
    }
  });

  it('an order row keeps the product name in every locale', async () => {
    const product = await makeProduct(db());
    const cart = await cartOf(null);
    // Whatever the first test left in the cart is ordered too.
    await shop.send('POST', 'carts/rows/', { token: b2b, body: { cart, product: product.id, qty: 1 } });
    const addresses = await defaultAddresses(db(), c1);
    const { method, policy } = await checkoutChoiceIds(db());
    const placed = await shop.send<OrderDetail>('POST', 'checkout/', {
      token: b2b,
      body: { cart, billing_address: addresses.billing, shipping_address: addresses.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] },
    });
    expect(placed.status).toBe(201);
    const [row] = await db().select().from(orderRows).where(eq(orderRows.orderId, placed.body.id)).then((rs) => rs.filter((r) => r.productId === product.id));
    const names = await db().select().from(productTranslations).where(eq(productTranslations.productId, product.id));
    expect(row!.name).toEqual(Object.fromEntries(names.map((n) => [n.locale, n.name])));
  });
});
