import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, LoginResponse } from '../../src/lib/contract/auth';
import { queryRows } from '../../server/db/raw';
import { basic, LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  shop.json<LoginResponse & { detail: string }>('auth/login/', { method: 'POST', headers: { Authorization: basic(username, password), ...headers } });

describe('auth/login/', () => {
  it('is documented with the bot-check header and the answer it gives', async () => {
    type Doc = { paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }> }>> };
    const { body } = await shop.json<Doc>('openapi.json');
    const login = body.paths['/auth/login/']!.post!;
    expect(login.parameters).toContainEqual(expect.objectContaining({ name: 'X-Bot-Check', in: 'header' }));
    expect(login.responses['200']!.content!['application/json']!.schema.required).toEqual(['token', 'expiry', 'token_expire', 'must_change_password']);
  });

  it('answers a token with its expiry under both key names', async () => {
    const { status, body } = await login(...LOGINS.b2b);
    expect(status).toBe(200);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.expiry).toBe(body.token_expire);
    const hours = (Date.parse(body.expiry) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(9.9);
    expect(hours).toBeLessThanOrEqual(10);
  });

  it('stores only a hash of the token', async () => {
    const { body } = await login(...LOGINS.consumer);
    const rows = await queryRows<{ token_hash: string }>(shop.database.db, sql`select token_hash from auth_tokens`);
    expect(rows.some((r) => r.token_hash === body.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it.each([
    ['a wrong password', () => login('b2b@example.com', 'Wrong-2026!')],
    ['an unknown user', () => login('nobody@example.com', 'Customer-2026!')],
    ['no credentials', () => shop.json('auth/login/', { method: 'POST' })],
    ['a malformed header', () => shop.json('auth/login/', { method: 'POST', headers: { Authorization: 'Basic !!!' } })],
  ])('refuses %s with 401 "Invalid login credentials"', async (_, attempt) => {
    const { status, body } = await attempt();
    expect(status).toBe(401);
    expect(body).toEqual({ detail: 'Invalid login credentials', error_list: [], code: 'InvalidLoginCredentials' });
  });

  it('accepts the username in any case', async () => {
    expect((await login('B2B@Example.com', 'Customer-2026!')).status).toBe(200);
  });

  it('after a few failures for one username, the next try waits a few seconds (429 with Retry-After), even with the right password', async () => {
    const username = 'b2b2@example.com';
    for (let i = 0; i < 4; i++) expect((await login(username, `Wrong-${i}!aA`, { 'X-Forwarded-For': `10.0.0.${i}` })).status).toBe(401);
    const waiting = await shop.call('auth/login/', { method: 'POST', headers: { Authorization: basic(username, 'Customer-2026!'), 'X-Forwarded-For': '10.0.1.1' } });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(Number(waiting.headers.get('Retry-After'))).toBeLessThanOrEqual(8);
    await shop.database.db.execute(sql`delete from rate_limits`);
  });

  it('refuses with 429 after repeated failures from one address', async () => {
    for (let i = 0; i < 10; i++) await login(`user${i}@example.com`, 'Wrong-2026!', { 'X-Forwarded-For': '10.9.9.9' });
    expect((await login(...LOGINS.agent, { 'X-Forwarded-For': '10.9.9.9' })).status).toBe(429);
    expect((await login(...LOGINS.agent, { 'X-Forwarded-For': '10.9.9.8' })).status).toBe(200);
    await shop.database.db.execute(sql`delete from rate_limits`);
  });
});

describe('auth/is-authenticated/, logout/, logout-all/', () => {
  it('describes the customer user and the agent', async () => {
    const customer = await shop.send<CurrentUser>('GET', 'auth/is-authenticated/', { token: await shop.login(...LOGINS.b2b) });
    expect(customer.status).toBe(200);
    expect(customer.body).toMatchObject({ email: 'b2b@example.com', is_agent: false, customer_profile: { business_name: 'Cantina dei Colli S.r.l.', kind: 'b2b' } });
    const agent = await shop.send<CurrentUser>('GET', 'auth/is-authenticated/', { token: await shop.login(...LOGINS.agent) });
    expect(agent.body).toMatchObject({ is_agent: true, customer_profile: null, agent_profile: { id: expect.any(Number) } });
  });

  it('answers 401 without a token and for an unknown one', async () => {
    expect((await shop.send('GET', 'auth/is-authenticated/')).status).toBe(401);
    const bad = await shop.send<{ detail: string }>('GET', 'auth/is-authenticated/', { token: 'x'.repeat(43) });
    expect(bad.status).toBe(401);
  });

  it('logout ends this token only; logout-all ends every token of the user', async () => {
    const a = await shop.login(...LOGINS.b2b);
    const b = await shop.login(...LOGINS.b2b);
    expect((await shop.send('POST', 'auth/logout/', { token: a })).status).toBe(204);
    expect((await shop.send('GET', 'auth/is-authenticated/', { token: a })).status).toBe(401);
    expect((await shop.send('GET', 'auth/is-authenticated/', { token: b })).status).toBe(200);
    const c = await shop.login(...LOGINS.b2b);
    expect((await shop.send('POST', 'auth/logout-all/', { token: c })).status).toBe(204);
    expect((await shop.send('GET', 'auth/is-authenticated/', { token: b })).status).toBe(401);
  });

  it('logout without a token is 401 "not authenticated"', async () => {
    for (const path of ['auth/logout/', 'auth/logout-all/']) {
      const { status, body } = await shop.send('POST', path);
      expect(status).toBe(401);
      expect(body).toEqual({ detail: 'not authenticated', error_list: [], code: 'NotAuthenticated' });
    }
  });

  it('an expired token no longer works', async () => {
    const token = await shop.login(...LOGINS.consumer);
    await shop.database.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 minute'`);
    expect((await shop.send('GET', 'auth/is-authenticated/', { token })).status).toBe(401);
  });
});

describe('password reset with an emailed code', () => {
  /** The newest mail, once the outbox has sent what the request queued. */
  const lastMail = async () => {
    await shop.drainMail();
    return shop.mail.at(-1)!;
  };
  const codeFromMail = async () => (await lastMail()).text.match(/\b(\d{6})\b/)![1]!;

  it('emails a 6-digit code and changes the password with it, once', async () => {
    expect((await shop.send('POST', 'auth/password-reset/', { body: { username: 'b2b2@example.com' } })).status).toBe(200);
    expect(await lastMail()).toMatchObject({ to: 'b2b2@example.com', tag: 'password-reset', subject: 'Il tuo codice per reimpostare la password' });
    const otp = await codeFromMail();
    const weak = await shop.send<{ error_list: { code: string }[] }>('POST', 'auth/otp-password-change/', { body: { username: 'b2b2@example.com', password: 'short', otp } });
    expect(weak.status).toBe(400);
    expect(weak.body.error_list.map((e) => e.code)).toContain('minLength');
    const done = await shop.send('POST', 'auth/otp-password-change/', { body: { username: 'b2b2@example.com', password: 'Nuova-Vendemmia-26', otp } });
    expect(done.status).toBe(200);
    expect((await shop.send('POST', 'auth/otp-password-change/', { body: { username: 'b2b2@example.com', password: 'Altra-Vendemmia-27', otp } })).status).toBe(401);
    await shop.login('b2b2@example.com', 'Nuova-Vendemmia-26');
  });

  it('answers 404 for an unknown user and 401 "invalid otp" for a wrong code', async () => {
    expect((await shop.send('POST', 'auth/password-reset/', { body: { username: 'ghost@example.com' } })).status).toBe(404);
    expect((await shop.send('POST', 'auth/otp-password-change/', { body: { username: 'ghost@example.com', password: 'Nuova-Vendemmia-26', otp: '123456' } })).status).toBe(404);
    await shop.database.db.execute(sql`delete from one_time_codes`);
    await shop.send('POST', 'auth/password-reset/', { body: { username: 'consumer@example.com' } });
    const otp = await codeFromMail();
    const wrong = otp === '000000' ? '111111' : '000000';
    const { status, body } = await shop.send('POST', 'auth/otp-password-change/', { body: { username: 'consumer@example.com', password: 'Nuova-Vendemmia-26', otp: wrong } });
    expect(status).toBe(401);
    expect(body).toEqual({ detail: 'invalid otp', error_list: [], code: 'InvalidOtp' });
  });

  it('burns the code after 5 wrong tries', async () => {
    await shop.database.db.execute(sql`delete from one_time_codes`);
    await shop.database.db.execute(sql`delete from rate_limits`);
    await shop.send('POST', 'auth/password-reset/', { body: { username: 'agent2@example.com' } });
    const otp = await codeFromMail();
    const wrong = otp === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await shop.send('POST', 'auth/otp-password-change/', { body: { username: 'agent2@example.com', password: 'Nuova-Vendemmia-26', otp: wrong } });
    const late = await shop.send('POST', 'auth/otp-password-change/', { body: { username: 'agent2@example.com', password: 'Nuova-Vendemmia-26', otp } });
    expect(late.status).toBe(401);
    await shop.database.db.execute(sql`delete from rate_limits`);
  });

  it('an expired code is refused', async () => {
    await shop.database.db.execute(sql`delete from one_time_codes`);
    await shop.send('POST', 'auth/password-reset/', { body: { username: 'b2b@example.com' } });
    const otp = await codeFromMail();
    await shop.database.db.execute(sql`update one_time_codes set expires_at = now() - interval '1 second'`);
    expect((await shop.send('POST', 'auth/otp-password-change/', { body: { username: 'b2b@example.com', password: 'Nuova-Vendemmia-26', otp } })).status).toBe(401);
  });
});

describe('forced password change', () => {
  it('check-psswd-change tells who must change it; password-change clears the flag', async () => {
    const before = await shop.send<{ must_change_password: boolean }>('POST', 'auth/check-psswd-change/', { body: { username: 'renew@example.com' } });
    expect(before.body.must_change_password).toBe(true);
    expect((await shop.send('POST', 'auth/check-psswd-change/', { body: { username: 'ghost@example.com' } })).status).toBe(404);
    const wrongOld = await shop.send('POST', 'auth/password-change/', { body: { username: 'renew@example.com', old_password: 'nope', password: 'Rinnovata-2026!' } });
    expect(wrongOld.status).toBe(400);
    const guessable = await shop.send<{ error_list: { code: string }[] }>('POST', 'auth/password-change/', { body: { username: 'renew@example.com', old_password: 'Renew-2026!', password: 'Renew@example1' } });
    expect(guessable.body.error_list.map((e) => e.code)).toContain('weakPassword');
    const ok = await shop.send('POST', 'auth/password-change/', { body: { username: 'renew@example.com', old_password: 'Renew-2026!', password: 'Rinnovata-2026!' } });
    expect(ok.status).toBe(200);
    const after = await shop.send<{ must_change_password: boolean }>('POST', 'auth/check-psswd-change/', { body: { username: 'renew@example.com' } });
    expect(after.body.must_change_password).toBe(false);
    expect((await shop.send('POST', 'auth/password-change/', { body: { username: 'ghost@example.com', old_password: 'x', password: 'Rinnovata-2026!' } })).status).toBe(404);
  });

  it('rejects unknown fields, wrong types and malformed JSON with a 4xx', async () => {
    expect((await shop.send('POST', 'auth/check-psswd-change/', { body: { username: 'renew@example.com', admin: true } })).status).toBe(400);
    expect((await shop.send('POST', 'auth/check-psswd-change/', { body: { username: 42 } })).status).toBe(400);
    const malformed = await shop.call('auth/check-psswd-change/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":' });
    expect(malformed.status).toBe(400);
    const form = await shop.call('auth/check-psswd-change/', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'username=x' });
    expect(form.status).toBe(415);
  });
});
