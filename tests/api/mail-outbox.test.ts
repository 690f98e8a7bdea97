// Mail through the outbox (issue 11, ADR 0010), against a real SMTP server on 127.0.0.1: mail
// queued while SMTP refuses connections goes out once it is back, exactly once and with the PDF;
// an SMTP server that never answers holds up no request; retries back off and end in "failed";
// two workers on one database send each mail once; a dead instance's claim is taken again.
import { createServer, type Server, type Socket } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { contactMessages, mailOutbox } from '../../server/db/schema';
import { enqueueRenderedMail } from '../../server/mail/mail-outbox';
import { mailStatus, retryFailedMail } from '../../server/mail/mail-status';
import { memoryMailer, smtpMailer, type Mailer, type MailMessage } from '../../server/mail/mailer';
import { createOutboxWorker } from '../../server/mail/outbox-worker';
import type { OrderDetail } from '../../src/lib/contract/orders';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { freePort } from '../support/server-process';
import { testDbKind } from '../support/test-db';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

/** Short SMTP timeouts, so a test with a silent server takes seconds. */
const TIMEOUTS = { connectionTimeout: 1_500, greetingTimeout: 1_000, socketTimeout: 3_000 };
const SHOP_EMAIL = 'info@vinoshop.example';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server (the nodemailer authors' smtp-server) that keeps what it receives. */
function smtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  return {
    received,
    listen: (port: number) => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Accepts TCP connections and never says a word. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

/** A clock the tests move forward instead of waiting for the backoff. */
function testClock() {
  let skewMs = 0;
  return { now: () => new Date(Date.now() + skewMs), advance: (ms: number) => void (skewMs += ms) };
}

async function checkoutSetup(shop: TestShop) {
  const db = shop.database.db;
  const token = await shop.login(...LOGINS.b2b);
  const c1 = await customerId(db, 'C0001');
  const a1 = await defaultAddresses(db, c1);
  const { method, policy } = await checkoutChoiceIds(db);
  const product = await makeProduct(db, { quantity: 100 });
  return async () => {
    const cart = await makeCart(db, { customer: c1, rows: [{ product: product.id, qty: 1 }] });
    const body = { cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] };
    const started = Date.now();
    const answer = await shop.send<OrderDetail>('POST', 'checkout/', { token, body });
    return { ...answer, ms: Date.now() - started };
  };
}

const outboxRows = (shop: TestShop) => shop.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

describe('an order placed while SMTP is down', () => {
  let shop: TestShop;
  let port: number;
  const sink = smtpSink();
  const clock = testClock();

  beforeAll(async () => {
    port = await freePort(); // nothing listens there yet: connections are refused
    shop = await openTestShop({ mailer: smtpMailer(`smtp://127.0.0.1:${port}`, 'Vinoshop <noreply@vinoshop.example>', TIMEOUTS), worker: { now: clock.now } });
  });
  afterAll(async () => {
    await shop?.close();
    await sink.close();
  });

  it('gets its confirmation (and the shop copy, with the PDF) once SMTP is back, exactly once', async () => {
    const placeOrder = await checkoutSetup(shop);
    const orders = [await placeOrder(), await placeOrder()];
    expect(orders.map((o) => o.status)).toEqual([201, 201]);
    const contact = await shop.send<{ id: number }>('POST', 'contact/', {
      body: { name: 'Anna Verdi', email: 'anna@example.com', message: 'Avete tappi in sughero?', privacy_consent: true },
    });
    expect(contact.status).toBe(201);

    // SMTP refuses: every mail is kept, with the error, for a later attempt.
    await shop.drainMail();
    const waiting = await outboxRows(shop);
    expect(waiting.map((r) => [r.kind, r.state, r.attempts])).toEqual([
      ['order-confirmation', 'retrying', 1],
      ['order-confirmation-copy', 'retrying', 1],
      ['order-confirmation', 'retrying', 1],
      ['order-confirmation-copy', 'retrying', 1],
      ['contact', 'retrying', 1],
    ]);
    expect(waiting.every((r) => /ECONNREFUSED/.test(r.lastError ?? ''))).toBe(true);
    expect(waiting.every((r) => r.nextAttemptAt > clock.now())).toBe(true);
    // The contact message itself is stored whatever the mail does.
    expect(await shop.database.db.select().from(contactMessages).where(eq(contactMessages.id, contact.body.id))).toHaveLength(1);
    // Not due yet: nothing is tried again before the backoff has passed.
    expect(await shop.drainMail()).toBe(0);

    await sink.listen(port);
    clock.advance(5 * 60_000);
    await shop.drainMail();
    await shop.drainMail();

    const toCustomer = sink.received.filter((m) => m.to.includes('ordini@cantinadeicolli.example'));
    const toShop = sink.received.filter((m) => m.to.includes(SHOP_EMAIL));
    expect(sink.received).toHaveLength(5);
    for (const order of orders) {
      const number = order.body.number;
      const mine = toCustomer.filter((m) => m.raw.includes(`Subject: Conferma ordine ${number}`));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.raw).toMatch(/Content-Type: application\/pdf/);
      expect(toShop.filter((m) => m.raw.includes(number) && /Content-Type: application\/pdf/.test(m.raw))).toHaveLength(1);
    }
    expect(toShop.filter((m) => m.raw.includes('Avete tappi in sughero?'))).toHaveLength(1);
    const done = await outboxRows(shop);
    expect(done.map((r) => [r.state, r.attempts])).toEqual(Array(5).fill(['sent', 2]));
    expect(done.every((r) => r.sentAt !== null && r.lockedBy === null)).toBe(true);
  });
});

describe('an SMTP server that accepts the connection and never answers', () => {
  let shop: TestShop;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  const clock = testClock();

  beforeAll(async () => {
    silent = await silentServer();
    shop = await openTestShop({ mailer: smtpMailer(`smtp://127.0.0.1:${silent.port}`, 'noreply@vinoshop.example', TIMEOUTS), worker: { now: clock.now } });
  });
  afterAll(async () => {
    await shop?.close();
    await silent?.close();
  });

  it('holds up neither the checkout nor the password reset; the worker times out and retries later', async () => {
    const placeOrder = await checkoutSetup(shop);
    const order = await placeOrder();
    expect(order.status).toBe(201);
    // On main each of these waited for the server's greeting (30 s) inside the request.
    expect(order.ms).toBeLessThan(5_000);
    const started = Date.now();
    const reset = await shop.send('POST', 'auth/password-reset/', { body: { username: 'consumer@example.com' } });
    expect(reset.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);

    await shop.drainMail();
    let rows = await outboxRows(shop);
    expect(rows.map((r) => [r.kind, r.state, r.attempts])).toEqual([
      ['order-confirmation', 'retrying', 1],
      ['order-confirmation-copy', 'retrying', 1],
      ['password-reset', 'retrying', 1],
    ]);
    expect(rows.every((r) => /greeting|timeout/i.test(r.lastError ?? ''))).toBe(true);

    clock.advance(60_000);
    await shop.drainMail();
    rows = await outboxRows(shop);
    expect(rows.map((r) => [r.state, r.attempts])).toEqual(Array(3).fill(['retrying', 2]));
    // The second wait (20 s) is twice the first.
    expect(rows[0]!.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(10_000);
  });
});

describe('retries', () => {
  let shop: TestShop;
  let down = true;
  const delivered: MailMessage[] = [];
  const flaky: Mailer = { send: async (m) => void (down ? await Promise.reject(new Error('421 try again later')) : delivered.push(m)) };

  beforeAll(async () => {
    shop = await openTestShop({ mailer: flaky, worker: { maxAttempts: 3, retryBaseMs: 0 } });
  });
  afterAll(() => shop?.close());
  afterEach(async () => {
    down = true;
    delivered.length = 0;
    await shop.database.db.delete(mailOutbox);
  });

  it('ends in "failed" with the last error after the last attempt, and blanks a reset code', async () => {
    const reset = await shop.send('POST', 'auth/password-reset/', { body: { username: 'agent@example.com' } });
    expect(reset.status).toBe(200);
    const [queued] = await outboxRows(shop);
    // Until sent, the rendered text is all there is of the code in clear.
    expect(queued!.message?.text).toMatch(/\b\d{6}\b/);
    await shop.drainMail();
    const [row] = await outboxRows(shop);
    expect(row).toMatchObject({ kind: 'password-reset', state: 'failed', attempts: 3, lastError: '421 try again later', message: null, lockedBy: null });
    down = false;
    expect(await shop.drainMail()).toBe(0);
    expect(delivered).toHaveLength(0);
  });

  it('sends a reset code once and keeps no copy of it', async () => {
    down = false;
    await shop.send('POST', 'auth/password-reset/', { body: { username: 'agent2@example.com' } });
    await shop.drainMail();
    expect(delivered.map((m) => [m.tag, m.to])).toEqual([['password-reset', 'agent2@example.com']]);
    const [row] = await outboxRows(shop);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, message: null, recipient: 'agent2@example.com' });
  });

  it('shows the owner what failed, and sends failed mail again on request once the cause is fixed', async () => {
    const contact = await shop.send<{ id: number }>('POST', 'contact/', { body: { name: 'Anna Verdi', email: 'anna@example.com', message: 'Ciao', privacy_consent: true } });
    await shop.send('POST', 'auth/password-reset/', { body: { username: 'b2b@example.com' } });
    await shop.drainMail();
    const status = await mailStatus(shop.database.db);
    expect(status.counts).toEqual({ failed: 2 });
    expect(status.open.map((r) => [r.kind, r.refId === contact.body.id || r.kind === 'password-reset', r.state, r.attempts, r.lastError])).toEqual([
      ['password-reset', true, 'failed', 3, '421 try again later'],
      ['contact', true, 'failed', 3, '421 try again later'],
    ]);
    down = false;
    // The reset code's text is gone: only the contact mail can go again.
    expect(await retryFailedMail(shop.database.db, new Date())).toBe(1);
    await shop.drainMail();
    expect(delivered.map((m) => m.tag)).toEqual(['contact']);
    expect((await mailStatus(shop.database.db)).counts).toEqual({ failed: 1, sent: 1 });
  });

  it('deletes sent mail after a month and failed mail after three', async () => {
    const db = shop.database.db;
    const day = 24 * 3600_000;
    const at = (days: number) => new Date(Date.now() - days * day);
    const rows = await db
      .insert(mailOutbox)
      .values([
        { kind: 'contact', state: 'sent', sentAt: at(31), createdAt: at(31) },
        { kind: 'contact', state: 'sent', sentAt: at(29), createdAt: at(29) },
        { kind: 'contact', state: 'failed', createdAt: at(91) },
        { kind: 'contact', state: 'failed', createdAt: at(60) },
        { kind: 'contact', state: 'retrying', createdAt: at(120), nextAttemptAt: new Date(Date.now() + day) },
      ])
      .returning({ id: mailOutbox.id });
    expect(await shop.mailWorker.prune()).toBe(2);
    expect((await outboxRows(shop)).map((r) => r.id)).toEqual([rows[1]!.id, rows[3]!.id, rows[4]!.id]);
  });

  it('does not send a reset code that expired while SMTP was down', async () => {
    const db = shop.database.db;
    await db.transaction((tx) =>
      enqueueRenderedMail(tx, { kind: 'password-reset', refId: null, locale: 'it', message: { tag: 'password-reset', to: 'x@example.com', subject: 's', text: 'code 123456' }, expiresAt: new Date(Date.now() - 1000) }, new Date()),
    );
    down = false;
    await shop.drainMail();
    expect(delivered).toHaveLength(0);
    const [row] = await outboxRows(shop);
    expect(row).toMatchObject({ state: 'failed', message: null, lastError: 'expired before it could be sent' });
  });
});

describe('several instances on one database', () => {
  let shop: TestShop;
  let second: Database | undefined;

  beforeAll(async () => {
    shop = await openTestShop();
    // PostgreSQL: a second pool, as another server instance would have. PGlite is one process's
    // database, so there the two workers share it in this process.
    if (testDbKind() === 'postgres') second = await openDatabase({ url: shop.database.url!, poolSize: 5 });
  });
  afterAll(async () => {
    await second?.close();
    await shop?.close();
  });

  const queue = async (count: number) => {
    const now = new Date();
    for (let i = 0; i < count; i++) {
      await shop.database.db.transaction((tx) =>
        enqueueRenderedMail(tx, { kind: 'contact', refId: null, locale: 'it', message: { tag: 'contact', to: `m${i}@example.com`, subject: `mail ${i}`, text: '...' }, expiresAt: null }, now),
      );
    }
  };

  it('send each mail exactly once when two workers drain the same outbox at the same time', async () => {
    await queue(40);
    const slow = (): Mailer & { sent: MailMessage[] } => {
      const m = memoryMailer();
      return { sent: m.sent, send: async (message) => { await new Promise((r) => setTimeout(r, 5)); await m.send(message); } };
    };
    const [m1, m2] = [slow(), slow()];
    const options = { shopEmail: SHOP_EMAIL, publicSiteUrl: 'http://localhost:4321', log: () => {} };
    const w1 = createOutboxWorker({ ...options, db: shop.database.db, mailer: m1, instance: 'one' });
    const w2 = createOutboxWorker({ ...options, db: (second ?? shop.database).db, mailer: m2, instance: 'two' });
    await Promise.all([w1.drain(), w2.drain(), w1.drain(), w2.drain()]);
    const subjects = [...m1.sent, ...m2.sent].map((m) => m.subject).sort();
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    expect(m1.sent.length).toBeGreaterThan(0);
    expect(m2.sent.length).toBeGreaterThan(0);
    const rows = await outboxRows(shop);
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    await shop.database.db.delete(mailOutbox);
  });

  it("takes over the claim of an instance that died, and leaves a live one's claim alone", async () => {
    await queue(2);
    const [dead, alive] = await outboxRows(shop);
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await shop.database.db.update(mailOutbox).set({ state: 'sending', lockedBy: 'dead', lockedUntil: past, attempts: 1 }).where(eq(mailOutbox.id, dead!.id));
    await shop.database.db.update(mailOutbox).set({ state: 'sending', lockedBy: 'alive', lockedUntil: future, attempts: 1 }).where(eq(mailOutbox.id, alive!.id));
    const mailer = memoryMailer();
    const worker = createOutboxWorker({ db: shop.database.db, mailer, shopEmail: SHOP_EMAIL, publicSiteUrl: 'http://localhost:4321', log: () => {} });
    await worker.drain();
    expect(mailer.sent.map((m) => m.to)).toEqual([dead!.recipient]);
    const rows = await shop.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, [dead!.id, alive!.id])).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.state, r.attempts, r.lockedBy])).toEqual([['sent', 2, null], ['sending', 1, 'alive']]);
    await shop.database.db.delete(mailOutbox).where(and(eq(mailOutbox.id, alive!.id)));
  });
});
