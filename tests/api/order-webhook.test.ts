// Orders out to the ERP (issue 15, ADR 0029): a placed order reaches a receiver on 127.0.0.1 with
// a valid signature, through the outbox; a receiver that answers 500, refuses the connection,
// redirects or never answers gets the same delivery again later (same bytes, same id); a wrong
// secret fails verification; the checkout itself only writes a row, and a shop without a URL
// writes none.
import { and, eq, type Logger } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { mailOutbox, orderRows, orders, WEBHOOK_KINDS } from '../../server/db/schema';
import { mailStatus } from '../../server/mail/mail-status';
import { amount } from '../../server/orders/erp-order';
import { outboxStatus, retryFailed } from '../../server/outbox/outbox-status';
import { enqueueOrderWebhook } from '../../server/webhooks/order-webhook-outbox';
import type { OrderPlacedBody } from '../../server/webhooks/order-webhook-body';
import { verifySignature } from '../../server/webhooks/webhook-signature';
import { createWebhookWorker, type WebhookWorkerOptions } from '../../server/webhooks/webhook-worker';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { freePort } from '../support/server-process';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'a-test-secret-of-32-characters!!';
const WEBHOOKS = { only: WEBHOOK_KINDS };

/** A clock the tests move forward instead of waiting for the backoff. */
function testClock() {
  let skewMs = 0;
  return { now: () => new Date(Date.now() + skewMs), advance: (ms: number) => void (skewMs += ms) };
}

type PlaceOrder = (notes?: string) => Promise<{ status: number; body: OrderDetail }>;

let shop: TestShop;
let placeOrder: PlaceOrder;
const clock = testClock();
const receivers: WebhookReceiver[] = [];

const worker = (url: string, options: Partial<WebhookWorkerOptions> = {}) =>
  createWebhookWorker({ db: shop.database.db, url, secret: SECRET, publicSiteUrl: 'https://shop.example', now: clock.now, log: () => {}, ...options });

async function receiver(port?: number) {
  const r = await startWebhookReceiver(port);
  receivers.push(r);
  return r;
}

const webhookRow = async (orderId: number) => {
  const [row] = await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'order-webhook'), eq(mailOutbox.refId, orderId)));
  return row!;
};

const parsed = (raw: Buffer) => JSON.parse(raw.toString('utf8')) as OrderPlacedBody;

/** Checkouts of 3 × a product at 12.30 by the demo B2B user, in `into`. */
async function checkouts(into: TestShop): Promise<PlaceOrder> {
  const db = into.database.db;
  const token = await into.login(...LOGINS.b2b);
  const c1 = await customerId(db, 'C0001');
  const a1 = await defaultAddresses(db, c1);
  const { method, policy } = await checkoutChoiceIds(db);
  const product = await makeProduct(db, { quantity: 1000, price: 12.3 });
  return async (notes = '') => {
    const cart = await makeCart(db, { customer: c1, rows: [{ product: product.id, qty: 3 }] });
    const body = { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'], notes };
    return into.send<OrderDetail>('POST', 'checkout/', { token, body });
  };
}

/**
 * The SQL of every statement run inside a transaction while `act` runs. A test-only tap on
 * drizzle: each transaction gets a session built from the database's shared options, logger
 * included (the root session keeps the logger it was made with, so statements outside
 * transactions are not seen).
 */
async function transactionStatements(db: Db, act: () => Promise<unknown>): Promise<string[]> {
  const { session } = db as unknown as { session: { options: { logger?: Logger } } };
  const seen: string[] = [];
  session.options.logger = { logQuery: (query) => void seen.push(query) };
  try {
    await act();
  } finally {
    delete session.options.logger;
  }
  return seen;
}

beforeAll(async () => {
  shop = await openTestShop({ deps: { orderWebhook: true } });
  placeOrder = await checkouts(shop);
});

afterEach(async () => {
  // Each test drains only its own order: rows left by an earlier test are put out of the way.
  await shop.database.db.update(mailOutbox).set({ state: 'sent' }).where(eq(mailOutbox.kind, 'order-webhook'));
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await shop?.close();
});

describe('a placed order', () => {
  it('reaches the receiver with a valid signature, after the checkout answered, through the outbox', async () => {
    const hook = await receiver();
    const placed = await placeOrder('Consegna al magazzino 2');
    expect(placed.status).toBe(201);

    // The checkout wrote one row and sent nothing: no network inside the order's transaction.
    const queued = await webhookRow(placed.body.id);
    expect(queued).toMatchObject({ state: 'pending', attempts: 0, payload: null, lockedBy: null });
    expect(queued.deliveryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(hook.received).toHaveLength(0);

    // The mail worker leaves webhook rows alone.
    await shop.drainMail();
    expect((await webhookRow(placed.body.id)).state).toBe('pending');

    expect(await worker(hook.url).drain()).toBe(1);
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    const signature = request!.headers['x-shop-signature'] as string;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(SECRET, request!.raw, signature)).toBe(true);
    expect(verifySignature('another-secret-of-32-characters!', request!.raw, signature)).toBe(false);
    expect(request!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request!.headers['x-shop-event']).toBe('order.placed');
    expect(request!.headers['x-shop-attempt']).toBe('1');
    expect(Math.abs(Number(request!.headers['x-shop-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

    const body = parsed(request!.raw);
    expect(request!.headers['x-shop-delivery']).toBe(queued.deliveryId);
    expect(body).toMatchObject({ event: 'order.placed', version: 1, delivery_id: queued.deliveryId, shop: 'https://shop.example' });
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.body.id));
    const rows = await shop.database.db.select().from(orderRows).where(eq(orderRows.orderId, placed.body.id));
    expect(body.order).toMatchObject({
      id: order!.id,
      number: order!.number,
      status: 'Pending',
      notes: 'Consegna al magazzino 2',
      vat_treatment: 'standard',
      customer: { code: 'C0001', kind: 'b2b' },
      placed_by: { user: { email: 'b2b@example.com' }, agent: null },
      shipping_method: { code: 'courier-it' },
      payment_method: { code: 'riba-30' },
      billing_address: { name: order!.billingAddress.name, postal_code: order!.billingAddress.postalCode, country: order!.billingAddress.country },
      shipping_address: { street: order!.shippingAddress.street, city: order!.shippingAddress.city },
      totals: { subtotal: '36.90', total: amount(order!.total), tax: amount(order!.taxTotal), shipping: amount(order!.shippingTotal) },
    });
    expect(body.order.rows).toEqual([
      { line: 1, product_id: rows[0]!.productId, variant_id: null, code: rows[0]!.code, name: rows[0]!.name, qty: 3, unit_price: '12.30', vat_rate: '22.00', total: '36.90' },
    ]);

    // Delivered: recorded with where it went, and the body (personal data) is not kept.
    expect(await webhookRow(placed.body.id)).toMatchObject({ state: 'sent', attempts: 1, payload: null, recipient: hook.url, lastError: null });
  });

  it('is signed over the exact bytes: a changed body or a wrong secret fails verification', async () => {
    const hook = await receiver();
    const placed = await placeOrder();
    await worker(hook.url).drain();
    const { raw, headers } = hook.received[0]!;
    const signature = headers['x-shop-signature'] as string;
    expect(verifySignature(SECRET, raw, signature)).toBe(true);
    // The same JSON re-serialised with other spacing is other bytes.
    expect(verifySignature(SECRET, JSON.stringify(JSON.parse(raw.toString()), null, 1), signature)).toBe(false);
    expect(verifySignature(SECRET, raw.toString().replace(placed.body.number, 'X'), signature)).toBe(false);
    // A worker configured with another secret signs what a receiver with this one refuses.
    const other = await receiver();
    await shop.database.db.update(mailOutbox).set({ state: 'retrying', payload: null }).where(eq(mailOutbox.id, (await webhookRow(placed.body.id)).id));
    await worker(other.url, { secret: 'a-wrong-secret-of-32-characters!' }).drain();
    expect(verifySignature(SECRET, other.received[0]!.raw, other.received[0]!.headers['x-shop-signature'] as string)).toBe(false);
  });
});

describe('a receiver that fails', () => {
  it('answering 500 gets the same delivery again after the backoff, same bytes even though the order changed meanwhile', async () => {
    const hook = await receiver();
    hook.answers.push({ status: 500, body: '<h1>Internal Server Error</h1>\n  ERP is down' });
    const placed = await placeOrder();
    const sending = worker(hook.url);

    await sending.drain();
    const failed = await webhookRow(placed.body.id);
    expect(failed).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(failed.lastError).toBe(`${hook.url} answered 500: <h1>Internal Server Error</h1> ERP is down`);
    expect(failed.payload).toBe(hook.received[0]!.raw.toString('utf8'));
    expect(failed.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(9_000);

    // Not due yet: nothing is sent.
    expect(await sending.drain()).toBe(0);
    expect(hook.received).toHaveLength(1);

    // The order moves on; the delivery still says what it said.
    await shop.database.db.update(orders).set({ status: 'Processing' }).where(eq(orders.id, placed.body.id));
    clock.advance(11_000);
    expect(await sending.drain()).toBe(1);
    expect(hook.received).toHaveLength(2);
    const [first, second] = hook.received;
    expect(second!.raw.equals(first!.raw)).toBe(true);
    expect(second!.headers['x-shop-delivery']).toBe(first!.headers['x-shop-delivery']);
    expect(second!.headers['x-shop-signature']).toBe(first!.headers['x-shop-signature']);
    expect([first!.headers['x-shop-attempt'], second!.headers['x-shop-attempt']]).toEqual(['1', '2']);
    expect(parsed(second!.raw).order.status).toBe('Pending');
    expect(await webhookRow(placed.body.id)).toMatchObject({ state: 'sent', attempts: 2, lastError: null, payload: null });
  });

  it('refusing the connection gets it once it listens again', async () => {
    const port = await freePort(); // nothing listens there yet
    const url = `http://127.0.0.1:${port}/hooks/orders`;
    const placed = await placeOrder();
    const sending = worker(url);

    await sending.drain();
    const refused = await webhookRow(placed.body.id);
    expect(refused).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(refused.lastError).toContain(`${url} could not be reached`);
    expect(refused.lastError).toContain('ECONNREFUSED');

    const hook = await receiver(port);
    clock.advance(11_000);
    await sending.drain();
    expect(hook.received).toHaveLength(1);
    expect(verifySignature(SECRET, hook.received[0]!.raw, hook.received[0]!.headers['x-shop-signature'] as string)).toBe(true);
    expect(parsed(hook.received[0]!.raw).delivery_id).toBe(refused.deliveryId);
    expect(await webhookRow(placed.body.id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('that never answers is a failed attempt after the timeout, not a stuck worker', async () => {
    const hook = await receiver();
    hook.answers.push('silence');
    const placed = await placeOrder();
    const started = Date.now();
    await worker(hook.url, { timeoutMs: 300 }).drain();
    expect(Date.now() - started).toBeLessThan(5_000);
    const row = await webhookRow(placed.body.id);
    expect(row).toMatchObject({ state: 'retrying', attempts: 1, lastError: `${hook.url} did not answer within 0.3 s` });
  });

  it('that redirects is not followed (a redirected POST loses its body): the owner is told the address to set', async () => {
    const hook = await receiver();
    hook.answers.push({ status: 301, location: 'https://erp.example/new-hook' });
    const placed = await placeOrder();
    await worker(hook.url).drain();
    expect(hook.received).toHaveLength(1);
    const row = await webhookRow(placed.body.id);
    expect(row.state).toBe('retrying');
    expect(row.lastError).toBe(`${hook.url} answered 301 (redirects are not followed: set ORDER_WEBHOOK_URL to https://erp.example/new-hook)`);
  });

  it('past the last attempt is failed and shown; queued again, the same delivery goes out', async () => {
    const hook = await receiver();
    hook.answers.push({ status: 503 }, { status: 404, body: 'no such hook' });
    const placed = await placeOrder();
    const sending = worker(hook.url, { maxAttempts: 2 });
    await sending.drain();
    clock.advance(11_000);
    await sending.drain();
    const failed = await webhookRow(placed.body.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, lastError: `${hook.url} answered 404: no such hook` });
    expect(failed.payload).not.toBeNull();

    const status = await outboxStatus(shop.database.db, WEBHOOKS);
    expect(status.counts.failed).toBe(1);
    expect(status.open[0]).toMatchObject({ id: failed.id, kind: 'order-webhook', refId: placed.body.id, deliveryId: failed.deliveryId, state: 'failed' });
    // Mail status counts mail only.
    const mail = await mailStatus(shop.database.db);
    expect(mail.open.some((r) => r.kind === 'order-webhook')).toBe(false);

    expect(await retryFailed(shop.database.db, WEBHOOKS, clock.now())).toBe(1);
    await sending.drain();
    expect(hook.received).toHaveLength(3);
    expect(hook.received[2]!.raw.equals(hook.received[0]!.raw)).toBe(true);
    expect(await webhookRow(placed.body.id)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('for an order that no longer exists fails at once instead of retrying for hours', async () => {
    const hook = await receiver();
    await enqueueOrderWebhook(shop.database.db, 99_999_999, clock.now());
    await worker(hook.url).drain();
    expect(hook.received).toHaveLength(0);
    expect(await webhookRow(99_999_999)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'order 99999999 does not exist' });
  });
});

describe('a shop without ORDER_WEBHOOK_URL', () => {
  let plain: TestShop;
  let placeInPlain: PlaceOrder;
  beforeAll(async () => {
    plain = await openTestShop();
    placeInPlain = await checkouts(plain);
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('writes no webhook for its orders, only their mail', async () => {
    const placed = await placeInPlain();
    expect(placed.status).toBe(201);
    const rows = await plain.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.refId, placed.body.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['order-confirmation', 'order-confirmation-copy']);
  });

  it('runs the same checkout transaction as a shop with one, but for the one INSERT of the webhook row', async () => {
    // Warm both (first sign-in, first checkout) so that neither runs a statement the other does not.
    await placeInPlain();
    await placeOrder();
    const without = await transactionStatements(plain.database.db, () => placeInPlain());
    const withHook = await transactionStatements(shop.database.db, () => placeOrder());
    // The logger saw the transaction: its writes, decrements and checks (ADR 0037), not a stray statement or two.
    expect(without.length).toBeGreaterThan(6);
    expect(withHook).toHaveLength(without.length + 1);
    const extra = withHook.findIndex((q, n) => q !== without[n]);
    expect(withHook[extra]).toMatch(/^insert into "mail_outbox" .* values \([^()]*\)$/);
    expect(withHook.toSpliced(extra, 1)).toEqual(without);
  });
});
