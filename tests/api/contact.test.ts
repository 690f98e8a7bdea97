// POST contact/: consent, validation, the bot check when switched on, storage, mail, throttling.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/lib/contract/common';
import type { ContactAnswer } from '../../src/lib/contract/contact';
import { contactMessages, mailOutbox, systemSettings } from '../../server/db/schema';
import { RECAPTCHA_VERIFY_URL } from '../../server/contact/bot-check';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
/** What the fake Google answers, and the calls it received. */
let verify: () => Response | Promise<Response> = () => Response.json({ success: true });
const verifyCalls: { url: string; body: string }[] = [];

beforeAll(async () => {
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    verifyCalls.push({ url: String(input), body: String(init?.body ?? '') });
    return verify();
  }) as typeof globalThis.fetch;
  shop = await openTestShop({ deps: { fetch, shopEmail: 'shop@vinoshop.example' } });
});
afterAll(() => shop?.close());

/** Mail reaches the shop through the outbox: whatever was queued, sent now. */
const drained = async () => {
  await shop.drainMail();
  return shop.mail;
};

let ipCounter = 0;
beforeEach(async () => {
  verifyCalls.length = 0;
  // Mail of earlier tests goes out first, so each test sees its own.
  await shop.drainMail();
  shop.mail.length = 0;
  verify = () => Response.json({ success: true });
  await shop.database.db.execute(sql`delete from rate_limits`);
});

const valid = () => ({
  name: 'Anna Verdi',
  email: `anna${++ipCounter}@example.com`,
  phone: '+39 011 1234567',
  company: 'Cantina Verdi',
  subject: 'Preventivo tappatrice',
  message: 'Vorrei un preventivo per 2 tappatrici pneumatiche.',
  privacy_consent: true,
});

function post<T = ContactAnswer & ErrorBody>(body: unknown, options: { ip?: string; query?: string; type?: string; raw?: string } = {}) {
  return shop
    .call(`contact/${options.query ?? ''}`, {
      method: 'POST',
      headers: { 'Content-Type': options.type ?? 'application/json', 'X-Forwarded-For': options.ip ?? `10.1.0.${ipCounter % 250}` },
      body: options.raw ?? JSON.stringify(body),
    })
    .then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.json()) as T }));
}

const setRecaptcha = async (enabled: boolean) => {
  await shop.database.db.update(systemSettings).set({ value: enabled ? 'true' : 'false' }).where(eq(systemSettings.key, 'RECAPTCHA_ENABLED'));
  await shop.database.db.update(systemSettings).set({ value: 'test-secret' }).where(eq(systemSettings.key, 'GOOGLE_RECAPTCHA_SECRET_KEY'));
};

describe('contact/', () => {
  it('stores the message with the address and mails the shop in the language of the request', async () => {
    const message = valid();
    const { status, body } = await post(message, { ip: '203.0.113.7', query: '?locale=en' });
    expect(status).toBe(201);
    expect(body).toEqual({ detail: 'Message sent.', id: expect.any(Number) });
    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({ name: 'Anna Verdi', email: message.email, company: 'Cantina Verdi', subject: 'Preventivo tappatrice', privacyConsent: true, ip: '203.0.113.7', locale: 'en' });
    expect(await drained()).toHaveLength(1);
    expect(shop.mail[0]).toMatchObject({ tag: 'contact', to: 'shop@vinoshop.example', subject: 'Website message from Anna Verdi: Preventivo tappatrice' });
    expect(shop.mail[0]!.text).toContain(message.message);
    expect(shop.mail[0]!.text).toContain(`Email: ${message.email}`);
    expect(verifyCalls).toHaveLength(0);
  });

  it('translates the subject (Italian by default, Spanish on request) and needs only the required fields', async () => {
    const { name, email, message, privacy_consent } = valid();
    expect((await post({ name, email, message, privacy_consent })).status).toBe(201);
    expect((await drained())[0]!.subject).toBe('Messaggio dal sito da Anna Verdi');
    expect((await post({ name, email, message, privacy_consent, phone: null, subject: '' }, { query: '?locale=es', ip: '10.2.0.1' })).status).toBe(201);
    expect((await drained())[1]!.subject).toBe('Mensaje desde la web de Anna Verdi');
  });

  it.each([
    ['false', { privacy_consent: false }],
    ['missing', { privacy_consent: undefined }],
    ['a string', { privacy_consent: 'yes' }],
  ])('refuses a privacy consent that is %s', async (_, change) => {
    const before = await shop.database.db.select().from(contactMessages);
    const { status, body } = await post({ ...valid(), ...change });
    expect(status).toBe(400);
    expect(body.error_list).toContainEqual(expect.objectContaining({ field: 'privacy_consent', message: 'Please accept the privacy policy.' }));
    expect(await shop.database.db.select().from(contactMessages)).toHaveLength(before.length);
    expect(await drained()).toHaveLength(0);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['email', { email: undefined }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(121) }],
    ['message', { message: '' }],
    ['message', { message: 'x'.repeat(5001) }],
    ['phone', { phone: '1'.repeat(41) }],
    ['subject', { subject: 'Hello\r\nBcc: victim@example.com' }],
    ['subject', { subject: 42 }],
    ['unknown', { unknown: 'x' }],
  ])('refuses a bad %s with 400 naming the field', async (field, change) => {
    const { status, body } = await post({ ...valid(), ...change });
    expect(status).toBe(400);
    expect(body.error_list.map((e) => e.field)).toContain(field);
    expect(await drained()).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', { raw: '{"name":' }, 400],
    ['a JSON array', { raw: '[]' }, 400],
    ['form data', { raw: 'name=x', type: 'application/x-www-form-urlencoded' }, 415],
    ['an empty body', { raw: '' }, 400],
  ])('refuses %s', async (_, options, status) => {
    expect((await post(null, options)).status).toBe(status);
  });

  it('throttles messages per address: 5 in 10 minutes, then 429', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid(), { ip: '198.51.100.1' })).status).toBe(201);
    const refused = await post(valid(), { ip: '198.51.100.1' });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('Too many messages, try again later.');
    // The sender is told when to try again, as every other throttled call does.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(valid(), { ip: '198.51.100.2' })).status).toBe(201);
    expect(await drained()).toHaveLength(6);
  });

  it('throttles messages per email address across addresses', async () => {
    const message = valid();
    for (let i = 0; i < 5; i++) expect((await post(message, { ip: `198.51.100.${10 + i}` })).status).toBe(201);
    expect((await post({ ...message, email: message.email.toUpperCase() }, { ip: '198.51.100.99' })).status).toBe(429);
  });

  it('starts counting again when the window has passed', async () => {
    for (let i = 0; i < 5; i++) await post(valid(), { ip: '198.51.100.50' });
    expect((await post(valid(), { ip: '198.51.100.50' })).status).toBe(429);
    await shop.database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'`);
    expect((await post(valid(), { ip: '198.51.100.50' })).status).toBe(201);
  });
});

describe('contact/ with the bot check switched on', () => {
  beforeAll(() => setRecaptcha(true));
  afterAll(() => setRecaptcha(false));

  it('verifies the token with Google using the secret key, then accepts', async () => {
    const { status } = await post({ ...valid(), recaptcha_token: 'good-token' }, { ip: '192.0.2.5' });
    expect(status).toBe(201);
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]!.url).toBe(RECAPTCHA_VERIFY_URL);
    const sent = new URLSearchParams(verifyCalls[0]!.body);
    expect(Object.fromEntries(sent)).toEqual({ secret: 'test-secret', response: 'good-token', remoteip: '192.0.2.5' });
  });

  it('refuses without a token, without calling Google', async () => {
    const { status, body } = await post(valid());
    expect(status).toBe(400);
    expect(body.error_list).toContainEqual(expect.objectContaining({ field: 'recaptcha_token', code: 'required' }));
    expect(verifyCalls).toHaveLength(0);
  });

  it.each([
    ['Google says no', () => Response.json({ success: false, 'error-codes': ['invalid-input-response'] })],
    ['Google answers 500', () => new Response('oops', { status: 500 })],
    ['Google answers something odd', () => new Response('not json')],
    ['the network fails', () => Promise.reject(new Error('offline'))],
  ])('refuses when %s, storing and mailing nothing', async (_, answer) => {
    verify = answer;
    const before = (await shop.database.db.select().from(contactMessages)).length;
    const { status, body } = await post({ ...valid(), recaptcha_token: 'bad-token' });
    expect(status).toBe(400);
    expect(body.error_list).toContainEqual(expect.objectContaining({ field: 'recaptcha_token', code: 'invalid' }));
    expect((await shop.database.db.select().from(contactMessages)).length).toBe(before);
    expect(await drained()).toHaveLength(0);
  });
});

describe('contact/ when the mail fails', () => {
  it('keeps the message, answers 201 and keeps its mail in the outbox to retry', async () => {
    let down = true;
    const sent: string[] = [];
    const mailer = { send: async (m: { subject: string }) => void (down ? await Promise.reject(new Error('smtp down')) : sent.push(m.subject)) };
    const failing = await openTestShop({ mailer, worker: { retryBaseMs: 0 } });
    try {
      const response = await failing.send<ContactAnswer>('POST', 'contact/', { body: valid() });
      expect(response.status).toBe(201);
      const rows = await failing.database.db.select().from(contactMessages).where(eq(contactMessages.id, response.body.id));
      expect(rows).toHaveLength(1);
      await failing.mailWorker.runOnce();
      const [queued] = await failing.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'contact'), eq(mailOutbox.refId, response.body.id)));
      expect(queued).toMatchObject({ state: 'retrying', attempts: 1, lastError: 'smtp down' });
      down = false;
      await failing.drainMail();
      expect(sent).toEqual(['Messaggio dal sito da Anna Verdi: Preventivo tappatrice']);
      const [delivered] = await failing.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
      expect(delivered).toMatchObject({ state: 'sent', attempts: 2 });
    } finally {
      await failing.close();
    }
  });
});
