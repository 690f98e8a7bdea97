// Mail follows the language the customer is using when the mail is caused (issue 14 item 14):
// the request's `?locale=`, else its Accept-Language; the account's language only when the
// request says nothing. The outbox keeps that language for every retry.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { customerId, makeCart, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

const LUCIA = ['lucia@sierranorte.example', 'Customer-2026!'] as const;

let shop: TestShop;
let b2b: string;
let lucia: string;
let c1: number;
let c5: number;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  b2b = await shop.login(...LOGINS.b2b);
  lucia = await shop.login(...LUCIA);
  c1 = await customerId(db(), 'C0001');
  c5 = await customerId(db(), 'C0005');
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await shop.drainMail();
  shop.mail.length = 0;
});

/** Places an order for a new one-row cart with the first choices checkout/init/ offers. */
async function placeOrder(token: string, customer: number, request: { query?: string; headers?: Record<string, string> } = {}) {
  const p = await makeProduct(db());
  const cart = await makeCart(db(), { customer, rows: [{ product: p.id, qty: 1 }] });
  const init = await shop.send<CheckoutInitResponse>('POST', 'checkout/init/', { token, body: { cart } });
  expect(init.status).toBe(200);
  const choice = {
    cart,
    billing_address: init.body.billing_address,
    shipping_address: init.body.shipping_address,
    shipping_method: init.body.shipping_policies[0]!.id,
    payment_method: init.body.payment_methods[0]!.id,
  };
  const response = await shop.call(`checkout/${request.query ?? ''}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}`, ...request.headers },
    body: JSON.stringify(choice),
  });
  expect(response.status).toBe(201);
  const order = (await response.json()) as OrderDetail;
  await shop.drainMail();
  const mail = shop.mail.find((m) => m.tag === 'order-confirmation' && m.subject.includes(order.number));
  expect(mail, 'the confirmation mail').toBeTruthy();
  return { order, mail: mail! };
}

describe('order confirmation mail', () => {
  it('is Spanish for an order placed with Accept-Language es by a user whose account is Italian', async () => {
    const { order, mail } = await placeOrder(b2b, c1, { headers: { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' } });
    expect(mail.subject).toBe(`Pedido ${order.number} confirmado`);
    // The outbox keeps the language, so a retry writes the same mail.
    const rows = await db().select({ locale: mailOutbox.locale }).from(mailOutbox).where(and(eq(mailOutbox.kind, 'order-confirmation'), eq(mailOutbox.refId, order.id)));
    expect(rows.map((r) => r.locale)).toEqual(['es']);
  });

  it('is Spanish for ?locale=es by the same user, whatever the Accept-Language', async () => {
    const { order, mail } = await placeOrder(b2b, c1, { query: '?locale=es', headers: { 'Accept-Language': 'en' } });
    expect(mail.subject).toBe(`Pedido ${order.number} confirmado`);
  });

  it("follows the account's language when the request names none", async () => {
    const spanish = await placeOrder(lucia, c5);
    expect(spanish.mail.subject).toBe(`Pedido ${spanish.order.number} confirmado`);
    const italian = await placeOrder(b2b, c1);
    expect(italian.mail.subject).toBe(`Conferma ordine ${italian.order.number}`);
    // A language the shop does not speak is no choice: the account's language again.
    const unknown = await placeOrder(lucia, c5, { headers: { 'Accept-Language': 'fr-FR,de;q=0.8' } });
    expect(unknown.mail.subject).toBe(`Pedido ${unknown.order.number} confirmado`);
  });

  it('is English for a Spanish-speaking account that shops in English', async () => {
    const { order, mail } = await placeOrder(lucia, c5, { query: '?locale=en' });
    expect(mail.subject).toBe(`Order ${order.number} confirmed`);
  });
});

describe('password reset mail', () => {
  const reset = async (username: string, request: { query?: string; headers?: Record<string, string> } = {}) => {
    const response = await shop.call(`auth/password-reset/${request.query ?? ''}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.14.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, ...request.headers },
      body: JSON.stringify({ username }),
    });
    expect(response.status).toBe(200);
    await shop.drainMail();
    return shop.mail.filter((m) => m.tag === 'password-reset' && m.to === username).at(-1)!;
  };

  it('is written in the language of the page that asked for it, else the account', async () => {
    expect((await reset(LUCIA[0])).subject).toBe('Tu código para restablecer la contraseña');
    expect((await reset('elena@ilglicine.example', { query: '?locale=en' })).subject).toBe('Your code to reset your password');
  });
});
