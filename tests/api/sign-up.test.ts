// Becoming a customer (issue 14, item 10; ADR 0025): consumer sign-up with a confirmation link,
// trade account requests approved by the shop owner with a set-password link.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/lib/contract/common';
import { customers, tradeAccountRequests, users } from '../../server/db/schema';
import { approveTradeRequest, placeholderPasswordHash } from '../../server/users/sign-up';
import { basic, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let clock = new Date();
beforeAll(async () => {
  shop = await openTestShop({ deps: { now: () => clock }, worker: { now: () => clock } });
});
afterAll(() => shop?.close());

let address = 0;
/** A POST from its own client address (the forms are throttled per address). */
async function post<T = ErrorBody>(path: string, body: unknown, ip = `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`) {
  const response = await shop.call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}
const lastMailTo = async (to: string) => {
  await shop.drainMail();
  return shop.mail.filter((m) => m.to === to).at(-1);
};
const tokenIn = (text: string, page: string) => decodeURIComponent(new RegExp(`/auth/${page}\\?token=([^&\\s]+)`).exec(text)![1]!);
const canSignIn = async (username: string, password: string) =>
  (await shop.call('auth/login/', { method: 'POST', headers: { Authorization: basic(username, password), 'X-Forwarded-For': `10.30.0.${address++ % 250}` } })).status === 200;

const consumer = (email: string) => ({ first_name: 'Sara', last_name: 'Lombardi', email, password: 'Cantina-Nord-2026!', privacy_consent: true });

describe('consumer sign-up', () => {
  it('creates an inactive b2c account, mails a link in the visitor’s language, and the link activates it once', async () => {
    const email = 'sara.lombardi@example.net';
    const created = await post('auth/register/?locale=en', consumer(email));
    expect(created.status).toBe(201);
    const [user] = await shop.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ isActive: false, locale: 'en' });
    const [customer] = await shop.database.db.select().from(customers).where(eq(customers.id, user!.customerId!));
    expect(customer).toMatchObject({ kind: 'b2c', firstName: 'Sara', lastName: 'Lombardi', email });
    expect(await canSignIn(email, 'Cantina-Nord-2026!')).toBe(false);

    const mail = await lastMailTo(email);
    expect(mail).toMatchObject({ tag: 'sign-up-confirmation', subject: 'Confirm your email address' });
    expect(mail!.text).toContain('&lan=en');
    const token = tokenIn(mail!.text, 'confirm-email');
    // Only a hash is stored.
    const stored = await shop.database.db.execute(sql`select code_hash from one_time_codes where purpose = 'email_confirm'`);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);

    const confirmed = await post<{ username: string }>('auth/confirm-email/', { token });
    expect(confirmed).toMatchObject({ status: 200, body: { username: email } });
    expect(await canSignIn(email, 'Cantina-Nord-2026!')).toBe(true);
    const [after] = await shop.database.db.select().from(customers).where(eq(customers.id, user!.customerId!));
    expect(after!.isActive).toBe(true);

    const again = await post('auth/confirm-email/', { token });
    expect(again.status).toBe(400);
    expect(again.body.error_list).toEqual([expect.objectContaining({ field: 'token', code: 'link_used' })]);
  });

  it('refuses an expired link, and a new sign-up with the address sends a new one', async () => {
    const email = 'marco.neri@example.net';
    expect((await post('auth/register/', consumer(email))).status).toBe(201);
    const first = tokenIn((await lastMailTo(email))!.text, 'confirm-email');
    expect((await lastMailTo(email))!.subject).toBe('Conferma il tuo indirizzo email');
    const start = clock;
    clock = new Date(start.getTime() + 49 * 3600 * 1000);
    try {
      const expired = await post('auth/confirm-email/', { token: first });
      expect(expired.status).toBe(400);
      expect(expired.body.error_list[0]).toMatchObject({ field: 'token', code: 'link_expired' });
      // Never confirmed: signing up again replaces the details and sends a new link.
      expect((await post('auth/register/?locale=es', { ...consumer(email), first_name: 'Marco' })).status).toBe(201);
      const second = tokenIn((await lastMailTo(email))!.text, 'confirm-email');
      expect(second).not.toBe(first);
      expect((await post('auth/confirm-email/', { token: second })).status).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('answers a taken address with 409 email_taken and nothing else', async () => {
    const taken = await post('auth/register/', consumer('Consumer@Example.com'));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'Conflict', error_list: [{ field: 'email', code: 'email_taken' }] });
    expect(JSON.stringify(taken.body)).not.toMatch(/Chiara|Conti|b2c|C0006/);
  });

  it('refuses bad input with 400 and the spec’s messages, per field', async () => {
    const empty = await post('auth/register/', {});
    expect(empty.status).toBe(400);
    const byField = Object.fromEntries([...empty.body.error_list].reverse().map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({ first_name: 'Enter your first name.', email: 'Enter your email address.', privacy_consent: 'Please accept the privacy policy.' });
    const badEmail = await post('auth/register/', { ...consumer('not-an-address'), privacy_consent: false });
    expect(badEmail.body.error_list.map((e) => e.field).sort()).toEqual(['email', 'privacy_consent']);
    const weak = await post('auth/register/', { ...consumer('weak@example.net'), password: 'abc' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('InvalidPassword');
    expect(weak.body.error_list.map((e) => e.code)).toEqual(expect.arrayContaining(['minLength', 'uppercaseRequired', 'digitRequired']));
    const mangled = await post('auth/confirm-email/', { token: '12.not-a-token' });
    expect(mangled.body.error_list[0]).toMatchObject({ field: 'token', code: 'link_invalid' });
    const extra = await post('auth/register/', { ...consumer('extra@example.net'), is_agent: true });
    expect(extra.status).toBe(400);
  });

  it('is throttled per address like the other auth forms', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('auth/register/', consumer(`flood${i}@example.net`), '10.99.0.1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

const trade = (email: string) => ({
  company_name: 'Enoteca Il Grappolo S.r.l.', vat_number: 'IT01234567897', sdi_code: 'm5uxcr1', pec: null, contact_name: 'Anna Rinaldi', email, phone: '+39 011 5550123',
  privacy_consent: true,
});

describe('trade account request', () => {
  it('stores the request, mails the shop, and the approval creates the b2b account and mails a set-password link', async () => {
    const email = 'anna@ilgrappolo.example';
    const sent = await post('auth/trade-account/?locale=en', trade(email));
    expect(sent.status).toBe(201);
    const [request] = await shop.database.db.select().from(tradeAccountRequests).where(eq(tradeAccountRequests.email, email));
    expect(request).toMatchObject({ status: 'pending', vatNumber: 'IT01234567897', sdiCode: 'M5UXCR1', locale: 'en' });
    const toShop = await lastMailTo('info@vinoshop.example');
    expect(toShop).toMatchObject({ tag: 'trade-account-request', subject: 'Nuova richiesta di account aziendale: Enoteca Il Grappolo S.r.l.' });
    expect(toShop!.text).toContain(`npm run accounts:approve -- ${request!.id}`);
    expect(await canSignIn(email, 'Cantina-Nord-2026!')).toBe(false);
    // The same address again while it waits.
    const twice = await post('auth/trade-account/', trade(email));
    expect(twice).toMatchObject({ status: 409, body: { error_list: [{ field: 'email', code: 'request_pending' }] } });

    const approved = await approveTradeRequest(shop.database.db, request!.id, { now: clock, siteUrl: 'http://localhost:4321', placeholderHash: await placeholderPasswordHash() });
    const [customer] = await shop.database.db.select().from(customers).where(eq(customers.id, approved.customerId));
    expect(customer).toMatchObject({ kind: 'b2b', businessName: 'Enoteca Il Grappolo S.r.l.', vatNumber: 'IT01234567897', sdiCode: 'M5UXCR1', email });
    await expect(approveTradeRequest(shop.database.db, request!.id, { now: clock, siteUrl: '', placeholderHash: '' })).rejects.toThrow(/approved already/);

    const mail = await lastMailTo(email);
    expect(mail).toMatchObject({ tag: 'trade-account-approved', subject: 'Your trade account is ready' });
    const token = tokenIn(mail!.text, 'set-password');
    const weak = await post('auth/set-password/', { token, password: 'grappolo' });
    expect(weak).toMatchObject({ status: 400, body: { code: 'InvalidPassword' } });
    expect((await post('auth/set-password/', { token, password: 'Vendemmia-Tardiva-9' })).status).toBe(200);
    expect(await canSignIn(email, 'Vendemmia-Tardiva-9')).toBe(true);
    const reused = await post('auth/set-password/', { token, password: 'Vendemmia-Tardiva-10' });
    expect(reused.body.error_list[0]).toMatchObject({ field: 'token', code: 'link_used' });
  });

  it('checks the VAT number, the SDI code and that an Italian company gives SDI or PEC', async () => {
    const wrongDigit = await post('auth/trade-account/', { ...trade('a@example.org'), vat_number: 'IT01234567890' });
    expect(wrongDigit).toMatchObject({ status: 400, body: { error_list: [{ field: 'vat_number', code: 'vat_check_digit' }] } });
    const format = await post('auth/trade-account/', { ...trade('b@example.org'), vat_number: '12AB' });
    expect(format.body.error_list[0]).toMatchObject({ field: 'vat_number', code: 'vat_format' });
    const neither = await post('auth/trade-account/', { ...trade('c@example.org'), sdi_code: null, pec: null });
    expect(neither.body.error_list[0]).toMatchObject({ field: 'sdi_code', code: 'sdi_or_pec_required', message: 'An Italian company gives its SDI recipient code or its PEC address.' });
    const shortSdi = await post('auth/trade-account/', { ...trade('d@example.org'), sdi_code: 'ABC' });
    expect(shortSdi.body.error_list[0]).toMatchObject({ field: 'sdi_code', code: 'sdi_format' });
    // A Spanish company needs neither.
    expect((await post('auth/trade-account/', { ...trade('compras@bodega.example'), vat_number: 'ESB87654321', sdi_code: null })).status).toBe(201);
    const taken = await post('auth/trade-account/', trade('b2b@example.com'));
    expect(taken).toMatchObject({ status: 409, body: { error_list: [{ field: 'email', code: 'email_taken' }] } });
    const missing = await post('auth/trade-account/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error_list.map((e) => e.field)).toEqual(expect.arrayContaining(['company_name', 'vat_number', 'contact_name', 'email', 'phone', 'privacy_consent']));
  });
});
