// Coupon terms (ADR 0015): what the discount-code page publishes for BENVENUTO10 (first order
// only, once per customer) and the other terms in data are refused at apply and at checkout, each
// with its own error_list code under the spec's "The coupon is not valid.". On PostgreSQL the two
// checkouts with one once-per-customer coupon really run at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, couponRedemptions, coupons, customers, users } from '../../server/db/schema';
import type { CartHeader } from '../../src/lib/contract/cart';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { CouponApplyResponse } from '../../src/lib/contract/promotions';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { couponRefusalName, type CouponProblem } from '../../src/lib/rules/coupon';
import { checkoutChoiceIds, makeCart, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let b2b = '';
let consumer = '';
let welcome = 0;
const method: Record<string, number> = {};
const policy: Record<string, number> = {};
const DAY = 86_400_000;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  ({ b2b, consumer } = await shop.loginAs('b2b', 'consumer'));
  welcome = (await db().select().from(coupons).where(eq(coupons.code, 'BENVENUTO10')))[0]!.id;
  const ids = await checkoutChoiceIds(db());
  Object.assign(method, ids.method);
  Object.assign(policy, ids.policy);
  await db().insert(coupons).values([
    { code: 'DOMANI', type: 'percentage', value: 10, validFrom: new Date(Date.now() + DAY) },
    { code: 'SOLOPRIVATI', type: 'fixed', value: 5, customerKind: 'b2c' },
  ]);
});
afterAll(() => shop?.close());

let newcomers = 0;
/** A consumer with a user and addresses, and no order yet. */
async function newcomer() {
  newcomers += 1;
  const email = `nuovo${newcomers}-${process.pid}@example.com`;
  const [customer] = await db().insert(customers).values({ code: `N${process.pid}-${newcomers}`, kind: 'b2c', firstName: 'Nuovo', lastName: 'Cliente', email }).returning();
  const [hash] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.email, LOGINS.consumer[0]));
  await db().insert(users).values({ email, passwordHash: hash!.h, customerId: customer!.id });
  const place = { customerId: customer!.id, name: 'Nuovo Cliente', street: 'Via Roma 1', city: 'Alba', postalCode: '12051', country: 'IT' };
  const [billing, shipping] = await db()
    .insert(addresses)
    .values([{ ...place, type: 'Billing' as const, isDefault: true }, { ...place, type: 'Shipping' as const, isDefault: true }])
    .returning();
  const token = await shop.login(email, LOGINS.consumer[1]);
  const choice = (cart: number) => ({ cart, billing_address: billing!.id, shipping_address: shipping!.id, shipping_method: policy['courier-it'], payment_method: method.card });
  return { id: customer!.id, token, choice };
}

const apply = (token: string, body: Record<string, unknown>, query = '') =>
  shop.send<CouponApplyResponse & ErrorBody>('POST', `promotions/coupons/apply/${query}`, { token, body });
const checkout = (token: string, body: unknown) => shop.send<OrderDetail & ErrorBody>('POST', 'checkout/', { token, body });
// Each reason has its own name (issue 14): unknown, expired, not for this customer, minimum not reached.
const refusedFor = (code: string) => ({ detail: 'The coupon is not valid.', error_list: [{ field: 'coupon', code }], code: couponRefusalName(code as CouponProblem) });

describe('BENVENUTO10: once per customer, first order only', () => {
  it('is refused to a customer who has ordered before (not_first_order), on a price and on a cart', async () => {
    const onPrice = await apply(b2b, { coupon: 'BENVENUTO10', price: 100 });
    expect(onPrice.status).toBe(400);
    expect(onPrice.body).toMatchObject(refusedFor('not_first_order'));
    const cart = (await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: consumer, body: {} })).body.id!;
    const p = await makeProduct(db(), { price: 40 });
    await shop.send('POST', 'carts/rows/', { token: consumer, body: { cart, product: p.id, qty: 1 } });
    expect((await apply(consumer, { coupon: 'benvenuto10', cart })).body).toMatchObject(refusedFor('not_first_order'));
  });

  it('gives a new customer its first order with it, then refuses a second use (already_used) at apply and at checkout', async () => {
    const who = await newcomer();
    const p = await makeProduct(db(), { price: 100 });
    const first = (await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: who.token, body: {} })).body.id!;
    await shop.send('POST', 'carts/rows/', { token: who.token, body: { cart: first, product: p.id, qty: 1 } });
    const applied = await apply(who.token, { coupon: 'BENVENUTO10', cart: first });
    expect(applied.status).toBe(200);
    expect(applied.body.discount).toBe(10);
    const placed = await checkout(who.token, who.choice(first));
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ discount: 10, coupon_code: 'BENVENUTO10' });

    expect((await apply(who.token, { coupon: 'BENVENUTO10', price: 100 })).body).toMatchObject(refusedFor('already_used'));
    // A cart that got the coupon earlier (an old tab, an old client) is refused at checkout.
    const second = await makeCart(db(), { customer: who.id, context: 'b2c', couponId: welcome, rows: [{ product: p.id, qty: 1 }] });
    const again = await checkout(who.token, who.choice(second));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(refusedFor('already_used'));
  });

  it('gives the discount to one of two checkouts run at once', async () => {
    const who = await newcomer();
    // Different products, so the two do not queue on a product's row lock.
    const products = await Promise.all([0, 1].map(() => makeProduct(db(), { price: 100 })));
    const carts = await Promise.all(products.map((p) => makeCart(db(), { customer: who.id, context: 'b2c', couponId: welcome, rows: [{ product: p.id, qty: 1 }] })));
    const answers = await Promise.all(carts.map((cart) => checkout(who.token, who.choice(cart))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.detail).toBe('The coupon is not valid.');
    expect(['already_used', 'not_first_order']).toContain(refused.body.error_list[0]!.code);
    expect(answers.find((a) => a.status === 201)!.body.discount).toBe(10);
    const uses = await db().select().from(couponRedemptions).where(eq(couponRedemptions.customerId, who.id));
    expect(uses).toHaveLength(1);
  });

  it('keeps one use per customer in the database, whatever the caller', async () => {
    const who = await newcomer();
    await db().insert(couponRedemptions).values({ couponId: welcome, customerId: who.id });
    await expect(db().execute(sql`insert into coupon_redemptions (coupon_id, customer_id) values (${welcome}, ${who.id})`)).rejects.toThrow();
  });
});

describe('the other terms, each with its code', () => {
  it.each([
    ['min_amount', 'SCONTO20', 100],
    ['expired', 'ESTATE2025', 100],
    ['not_yet_valid', 'DOMANI', 100],
  ])('refuses %s', async (code, coupon, price) => {
    const { status, body } = await apply(b2b, { coupon, price });
    expect(status).toBe(400);
    expect(body).toMatchObject(refusedFor(code));
  });

  it('refuses a consumers-only coupon to a business customer, whatever context it asks for', async () => {
    expect((await apply(b2b, { coupon: 'SOLOPRIVATI', price: 50 }, '?shop_context=b2c')).body).toMatchObject(refusedFor('wrong_customer_kind'));
    expect((await apply(consumer, { coupon: 'SOLOPRIVATI', price: 50 })).status).toBe(200);
  });

  it('says not_found for an unknown code', async () => {
    expect((await apply(b2b, { coupon: 'NESSUNO', price: 50 })).body).toMatchObject(refusedFor('not_found'));
  });

  it('refuses at checkout a coupon the cart got before its minimum was missed', async () => {
    const [sconto] = await db().select().from(coupons).where(eq(coupons.code, 'SCONTO20'));
    const who = await newcomer();
    const p = await makeProduct(db(), { price: 100 });
    const cart = await makeCart(db(), { customer: who.id, context: 'b2c', couponId: sconto!.id, rows: [{ product: p.id, qty: 1 }] });
    expect((await checkout(who.token, who.choice(cart))).body).toMatchObject(refusedFor('min_amount'));
  });
});
