// Money that adds up (issue 14, items 1 to 5): a variant has its own price, the same in the product
// detail, the live values and the cart row, for the public, a consumer and a business with an
// agreed price; a payment fee is in the total of the order,
// its PDF and its mail; a business of another EU state is reverse charged (ADR 0024) while
// consumers abroad and Italian businesses pay the shop's VAT; the invoice carries what an Italian
// invoice needs and prints VAT once; a refused coupon says why.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, customerPrices, customers, orderRows, orders, users, variants } from '../../server/db/schema';
import type { CartRow } from '../../src/lib/contract/cart';
import type { LiveValuesAnswer } from '../../src/lib/contract/live-values';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import { grossOf } from '../../src/lib/rules/vat-display';
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { orderTotals } from '../../src/lib/rules/checkout';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { pdfText } from '../support/pdf-text';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let consumer = '';
let b2b = '';
let lucia = '';
const method: Record<string, number> = {};
const policy: Record<string, number> = {};
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  ({ consumer, b2b } = await shop.loginAs('consumer', 'b2b'));
  lucia = await shop.login('lucia@sierranorte.example', 'Customer-2026!');
  const ids = await checkoutChoiceIds(db());
  Object.assign(method, ids.method);
  Object.assign(policy, ids.policy);
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await shop.drainMail();
  shop.mail.length = 0;
});

const storedOrder = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const pdfOf = async (token: string, id: number, type: string, locale = 'it') => {
  const response = await shop.call(`orders/doc/?order_id=${id}&type=${type}&locale=${locale}`, { headers: { Authorization: `Token ${token}` } });
  expect(response.status).toBe(200);
  return pdfText(Buffer.from(await response.arrayBuffer()));
};
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("a variant's price (item 2): the product page's answers and the cart row agree", () => {
  it('answers the chosen variant its own price, for the public, a consumer and a business with an agreed price', async () => {
    const p = await makeProduct(db(), { price: 10, vatRate: 22 });
    const [, dear] = await db()
      .insert(variants)
      .values([
        { productId: p.id, code: `${p.code}-075`, name: { it: '0,75 l', en: '0.75 l', es: '0,75 l' }, standardPrice: 10, quantity: 50, position: 1 },
        { productId: p.id, code: `${p.code}-150`, name: { it: '1,5 l', en: '1.5 l', es: '1,5 l' }, standardPrice: 18, quantity: 50, position: 2 },
      ])
      .returning({ id: variants.id });
    const c1 = await customerId(db(), 'C0001');
    await db().insert(customerPrices).values({ customerId: c1, productId: p.id, variantId: dear!.id, price: 16.5 });

    // The product detail the page is built from: the variant carries its own list price.
    const detail = await shop.send<ProductDetail>('GET', `products/p/${p.code.toLowerCase()}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.price.standard_price).toBe(10);
    expect(detail.body.variants.find((v) => v.id === dear!.id)!.price).toMatchObject({ standard_price: 18, special_price: null });

    // The live values: the public price with VAT, the business's agreed net price.
    const publicLive = await shop.send<LiveValuesAnswer>('GET', `products/live/?ids=${p.id}`);
    const publicVariant = publicLive.body.results[0]!.variants.find((v) => v.id === dear!.id)!;
    expect(publicVariant.price).toMatchObject({ price: 18, vat_included: true, shown_price: grossOf(18, 22) });
    expect(publicLive.body.results[0]!.price.shown_price).toBe(grossOf(10, 22));
    const businessLive = await shop.send<LiveValuesAnswer>('GET', `products/live/?ids=${p.id}&customer=${c1}`, { token: b2b });
    const businessVariant = businessLive.body.results[0]!.variants.find((v) => v.id === dear!.id)!;
    expect(businessVariant.price).toMatchObject({ standard_price: 18, price: 16.5, vat_included: false, shown_price: 16.5 });
    expect(businessLive.body.results[0]!.price).toMatchObject({ price: 10, vat_included: false, shown_price: 10 });

    // The cart row of that variant says the same unit price as the live values, for each.
    for (const [token, context, expected] of [[b2b, 'b2b', 16.5], [consumer, 'b2c', grossOf(18, 22)]] as const) {
      const cart = await shop.send<{ id: number }>('POST', `carts/get-or-create/?shop_context=${context}`, { token, body: {} });
      const added = await shop.send<CartRow>('POST', `carts/rows/?shop_context=${context}`, { token, body: { cart: cart.body.id, product: p.id, variant: dear!.id, qty: 1 } });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const rows = await shop.send<{ results: CartRow[] }>('GET', `carts/rows/?cart=${cart.body.id}&page_size=100&shop_context=${context}`, { token });
      const row = rows.body.results.find((r) => r.product === p.id && r.variant === dear!.id)!;
      expect(row.shown_price).toBe(expected);
      if (context === 'b2b') expect(row).toMatchObject({ price: 16.5, vat_included: false });
      expect((await shop.send('DELETE', `carts/row/${row.id}/?shop_context=${context}`, { token })).status).toBeLessThan(300);
    }
  });
});

describe('cash on delivery: the fee is in the total', () => {
  it('checkout/init offers the fee, and the order, its PDF and its mail include it in the total', async () => {
    const c6 = await customerId(db(), 'C0006');
    const a6 = await defaultAddresses(db(), c6);
    const p = await makeProduct(db(), { price: 10, vatRate: 22 });
    const cart = await makeCart(db(), { customer: c6, context: 'b2c', rows: [{ product: p.id, qty: 1 }] });

    const init = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/?shop_context=b2c', { token: consumer, body: { cart } });
    const cod = init.body.payment_methods.find((m) => m.code === 'cash-on-delivery')!;
    expect(cod.fee).toBe(3.28);
    // What the checkout summary shows for these choices (the island's rule on the init answer).
    const courier = init.body.shipping_policies.find((x) => x.code === 'courier-it')!;
    const preview = orderTotals({
      lines: init.body.rows.map((r) => ({ total: r.total, vatRate: r.product_detail.vat_rate, inPromotion: false })),
      shipping: courier.price,
      paymentFee: cod.fee,
    });

    const placed = await shop.send<OrderDetail>('POST', 'checkout/?shop_context=b2c', {
      token: consumer,
      body: { cart, billing_address: a6.billing, shipping_address: a6.shipping, shipping_method: policy['courier-it'], payment_method: cod.id },
    });
    expect(placed.status).toBe(201);
    // 10 goods + 9.90 courier + 3.28 fee, 22 % VAT on all: 23.18 + 5.10 = 28.28.
    expect(placed.body).toMatchObject({ payment_fee: 3.28, shipping_total: 9.9, tax_total: 5.1, total: 28.28 });
    const stored = await storedOrder(placed.body.id);
    expect(stored).toMatchObject({ paymentFee: 3.28, taxTotal: 5.1, total: 28.28 });
    expect(stored.total).toBe(preview.total);

    // The consumer reads amounts with VAT: the fee is 4 €.
    const pdf = await pdfOf(consumer, placed.body.id, 'order_confirmation');
    expect(pdf).toContain('Costo del pagamento (Contrassegno)');
    expect(pdf).toContain('4,00');
    expect(pdf).toContain('28,28');
    await shop.drainMail();
    const mail = shop.mail.find((m) => m.tag === 'order-confirmation')!;
    expect(mail.text).toContain('Costo del pagamento (Contrassegno): 4,00');
    expect(mail.text).toContain('Totale: 28,28');
  });

  it('adds nothing for a method without a fee', async () => {
    const c6 = await customerId(db(), 'C0006');
    const a6 = await defaultAddresses(db(), c6);
    const p = await makeProduct(db(), { price: 10, vatRate: 22 });
    const cart = await makeCart(db(), { customer: c6, context: 'b2c', rows: [{ product: p.id, qty: 1 }] });
    const placed = await shop.send<OrderDetail>('POST', 'checkout/?shop_context=b2c', {
      token: consumer,
      body: { cart, billing_address: a6.billing, shipping_address: a6.shipping, shipping_method: policy['courier-it'], payment_method: method.card },
    });
    expect(placed.body).toMatchObject({ payment_fee: 0, total: 24.28 });
  });
});

describe('reverse charge (ADR 0024)', () => {
  it('charges a Spanish company 0 % VAT with the legal note on the order, its PDF and its mail', async () => {
    const c5 = await customerId(db(), 'C0005');
    const a5 = await defaultAddresses(db(), c5);
    expect(a5.country).toBe('ES');
    const p = await makeProduct(db(), { price: 100, vatRate: 22 });
    const cart = await makeCart(db(), { customer: c5, rows: [{ product: p.id, qty: 2 }] });
    const placed = await shop.send<OrderDetail>('POST', 'checkout/', {
      token: lucia,
      body: { cart, billing_address: a5.billing, shipping_address: a5.shipping, shipping_method: policy['courier-eu'], payment_method: method['riba-30'] },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ subtotal: 200, shipping_total: 24.9, tax_total: 0, total: 224.9, vat_treatment: 'reverse_charge' });
    expect(placed.body.vat_note).toMatch(/inversione contabile.*art\. 7-ter DPR 633\/72.*196 Direttiva 2006\/112\/CE/);
    const rows = await db().select().from(orderRows).where(eq(orderRows.orderId, placed.body.id));
    expect(rows.map((r) => r.vatRate)).toEqual([0]);
    expect((await storedOrder(placed.body.id)).vatTreatment).toBe('reverse_charge');

    const es = await shop.send<OrderDetail>('GET', `orders/${placed.body.id}/?locale=es`, { token: lucia });
    expect(es.body.vat_note).toContain('Inversión del sujeto pasivo');

    const pdf = await pdfOf(lucia, placed.body.id, 'order_confirmation', 'es');
    expect(pdf).toContain('IVA 0 % sobre 224,90');
    expect(pdf).toContain('Inversión del sujeto pasivo');
    await shop.drainMail();
    const mail = shop.mail.find((m) => m.tag === 'order-confirmation')!;
    expect(mail.text).toMatch(/IVA: 0,00\s€/);
    // The order named no language: the mail is in Lucía's own (Spanish, issue 14 item 14).
    expect(mail.text).toMatch(/Inversión del sujeto pasivo.*196 de la Directiva 2006\/112\/CE/);
  });

  it('checkout/init gives the island what it needs to show the treatment', async () => {
    const c5 = await customerId(db(), 'C0005');
    const cart = await makeCart(db(), { customer: c5, rows: [] });
    const { body } = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token: lucia, body: { cart } });
    expect(body.customer.vat_number).toBe('ESB12345678');
    expect(body.billing_addresses[0]!.country).toBe('ES');
  });

  it('charges a Spanish consumer the shop VAT (22 %)', async () => {
    const email = `cliente-es-${process.pid}@example.com`;
    const [customer] = await db().insert(customers).values({ code: `ES${process.pid}`, kind: 'b2c', firstName: 'Marta', lastName: 'Gómez', email }).returning();
    const [hash] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.email, LOGINS.consumer[0]));
    await db().insert(users).values({ email, passwordHash: hash!.h, customerId: customer!.id });
    // A VAT number on a consumer's address does not make it a business.
    const place = { customerId: customer!.id, name: 'Marta Gómez', street: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', country: 'ES', vatNumber: 'ESB12345678' };
    const [billing, shipping] = await db()
      .insert(addresses)
      .values([{ ...place, type: 'Billing' as const, isDefault: true }, { ...place, type: 'Shipping' as const, isDefault: true }])
      .returning();
    const token = await shop.login(email, LOGINS.consumer[1]);
    const p = await makeProduct(db(), { price: 100, vatRate: 22 });
    const cart = await makeCart(db(), { customer: customer!.id, context: 'b2c', rows: [{ product: p.id, qty: 1 }] });
    const placed = await shop.send<OrderDetail>('POST', 'checkout/?shop_context=b2c', {
      token,
      body: { cart, billing_address: billing!.id, shipping_address: shipping!.id, shipping_method: policy['courier-eu'], payment_method: method.card },
    });
    expect(placed.status).toBe(201);
    // (100 + 24.90) at 22 %: 27.48.
    expect(placed.body).toMatchObject({ tax_total: 27.48, total: 152.38, vat_treatment: 'standard', vat_note: null });
  });

  it('charges an Italian company 22 %', async () => {
    const c1 = await customerId(db(), 'C0001');
    const a1 = await defaultAddresses(db(), c1);
    const p = await makeProduct(db(), { price: 100, vatRate: 22 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
    const placed = await shop.send<OrderDetail>('POST', 'checkout/', {
      token: b2b,
      body: { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ tax_total: 24.18, total: 134.08, vat_treatment: 'standard', vat_note: null });
  });
});

describe('the invoice PDF', () => {
  it("prints VAT once, the buyer's SDI code and PEC, the seller's VAT number and IBAN", async () => {
    const c1 = await customerId(db(), 'C0001');
    const a1 = await defaultAddresses(db(), c1);
    const p = await makeProduct(db(), { price: 100, vatRate: 22 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: p.id, qty: 1 }] });
    const placed = await shop.send<OrderDetail>('POST', 'checkout/', {
      token: b2b,
      body: { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: policy['courier-it'], payment_method: method['bank-transfer'] },
    });
    await db().update(orders).set({ status: 'Shipped' }).where(eq(orders.id, placed.body.id));
    const text = await pdfOf(b2b, placed.body.id, 'invoice');
    expect(text).toContain('Fattura');
    // 100 + 9.90 shipping: 24.18 of VAT, printed on one line.
    expect(occurrences(text, '24,18')).toBe(1);
    expect(text).toContain('IVA 22% su 109,90');
    expect(text).toContain('Codice destinatario SDI M5UXCR1');
    expect(text).toContain('PEC cantinadeicolli@pec.example');
    expect(text).toContain('P. IVA IT01234567890');
    expect(text).toContain('IBAN IT60X0542811101000000123456');
  });

  it('prints VAT once for a consumer too', async () => {
    const c6 = await customerId(db(), 'C0006');
    const a6 = await defaultAddresses(db(), c6);
    const p = await makeProduct(db(), { price: 100, vatRate: 22 });
    const cart = await makeCart(db(), { customer: c6, context: 'b2c', rows: [{ product: p.id, qty: 1 }] });
    const placed = await shop.send<OrderDetail>('POST', 'checkout/?shop_context=b2c', {
      token: consumer,
      body: { cart, billing_address: a6.billing, shipping_address: a6.shipping, shipping_method: policy['courier-it'], payment_method: method.card },
    });
    const text = await pdfOf(consumer, placed.body.id, 'order_confirmation');
    expect(occurrences(text, '24,18')).toBe(1);
  });
});

describe('coupon refusals say why', () => {
  const apply = (token: string, coupon: string, price: number) =>
    shop.send<ErrorBody & { error_list: { amount?: number }[] }>('POST', 'promotions/coupons/apply/', { token, body: { coupon, price } });

  it('unknown code', async () => {
    const { status, body } = await apply(b2b, 'NONESISTE', 100);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'CouponUnknown', detail: 'The coupon is not valid.', error_list: [{ field: 'coupon', code: 'not_found', message: 'There is no coupon with this code.' }] });
  });

  it('expired', async () => {
    const { status, body } = await apply(b2b, 'ESTATE2025', 100);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'CouponExpired', error_list: [{ code: 'expired', message: 'This coupon has expired.' }] });
  });

  it('not for this customer (first order only, and the customer has ordered)', async () => {
    const { status, body } = await apply(b2b, 'BENVENUTO10', 100);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'CouponNotForCustomer', error_list: [{ code: 'not_first_order' }] });
  });

  it('minimum not reached, with the minimum', async () => {
    const { status, body } = await apply(b2b, 'SCONTO20', 50);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'CouponMinimumNotReached', error_list: [{ field: 'coupon', code: 'min_amount', amount: 150 }] });
    expect(body.error_list[0]!.message).toContain('150.00');
    expect((await apply(b2b, 'SCONTO20', 150)).status).toBe(200);
  });
});
