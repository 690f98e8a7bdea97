// Issue 11, items 5-7 and 10 (ADR 0011): throttling that a success does not reset and a client
// cannot spoof, no lock-out of the owner, bounded coupon/username/reset guessing, purged
// counters, and sessions that follow password changes. The clock is the test's own.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/lib/contract/auth';
import { queryRows } from '../../server/db/raw';
import { systemSettings, users } from '../../server/db/schema';
import { basic, LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let clock = new Date('2026-11-25T10:00:00Z');
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

/** The bot check (Google) as the test plays it: the answer "human" passes. */
const botCheck = async (_url: RequestInfo | URL, init?: RequestInit) =>
  new Response(JSON.stringify({ success: new URLSearchParams(String(init?.body)).get('response') === 'human' }), { headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  shop = await openTestShop({ deps: { now: () => clock, fetch: botCheck as typeof fetch } });
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await shop.database.db.execute(sql`delete from rate_limits`);
  advance(60 * 60 * 1000);
});

type Answer = LoginResponse & { detail: string; error_list: { field: string | null; code: string }[]; code?: string };

async function login(username: string, password: string, headers: Record<string, string> = {}) {
  const response = await shop.call('auth/login/', { method: 'POST', headers: { Authorization: basic(username, password), ...headers } });
  return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: (await response.json()) as Answer };
}

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await shop.call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: (await response.json()) as Answer };
};

async function setBotCheck(on: boolean) {
  for (const [key, value] of [['RECAPTCHA_ENABLED', on ? 'true' : 'false'], ['GOOGLE_RECAPTCHA_SECRET_KEY', on ? 'test-secret' : '']] as const) {
    await shop.database.db.update(systemSettings).set({ value }).where(eq(systemSettings.key, key));
  }
}

describe('sign-in throttling per address', () => {
  it('9 failures and 1 own sign-in from one address, repeated: the address is refused (429), another is not', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.20' };
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) statuses.push((await login(`guess${round}-${i}@example.com`, 'Wrong-2026!', from)).status);
      statuses.push((await login(...LOGINS.consumer, from)).status);
    }
    expect(statuses).toContain(429);
    const refused = await login(...LOGINS.consumer, from);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TooManyAttempts');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await login(...LOGINS.consumer, { 'X-Forwarded-For': '198.51.100.21' })).status).toBe(200);
  });

  it('behind one proxy, a client-written leftmost X-Forwarded-For changes nothing: the proxy-seen address is counted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const invented = `10.${i}.${i}.${i}`;
      statuses.push((await login(`nobody${i}@example.com`, 'Wrong-2026!', { 'X-Forwarded-For': `${invented}, 203.0.113.7` })).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect((await login(...LOGINS.agent, { 'X-Forwarded-For': '10.77.77.77, 203.0.113.7' })).status).toBe(429);
  });

  it('a victim address cannot be locked out by writing it into X-Forwarded-For', async () => {
    for (let i = 0; i < 30; i++) await login(`nobody${i}@example.com`, 'Wrong-2026!', { 'X-Forwarded-For': `192.0.2.50, 203.0.113.8` });
    expect((await login(...LOGINS.agent, { 'X-Forwarded-For': '192.0.2.50' })).status).toBe(200);
  });
});

describe('sign-in throttling per username: growing delays, no lock-out', () => {
  afterAll(() => setBotCheck(false));

  it('after 12 wrong passwords from other addresses the owner signs in, at most one short wait later (bot check off)', async () => {
    const [username, password] = LOGINS.b2b;
    for (let i = 0; i < 12; i++) {
      expect((await login(username, `Wrong-${i}-2026!`, { 'X-Forwarded-For': `203.0.113.${100 + i}` })).status).toBe(401);
      advance(10_000);
    }
    // Right after one more guess, the owner may have to wait a few seconds, never minutes.
    expect((await login(username, 'Wrong-last-2026!', { 'X-Forwarded-For': '203.0.113.99' })).status).toBe(401);
    const first = await login(username, password, { 'X-Forwarded-For': '192.0.2.10' });
    expect(first.status).toBe(429);
    expect(Number(first.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(first.retryAfter)).toBeLessThanOrEqual(8);
    advance(Number(first.retryAfter) * 1000);
    const owner = await login(username, password, { 'X-Forwarded-For': '192.0.2.10' });
    expect(owner.status).toBe(200);
    // A success starts the username afresh.
    expect((await login(username, password, { 'X-Forwarded-For': '192.0.2.10' })).status).toBe(200);
  });

  it('simultaneous guesses past the free ones get one turn between them', async () => {
    const [username] = LOGINS.b2b2;
    for (let i = 0; i < 3; i++) await login(username, `Wrong-${i}-2026!`, { 'X-Forwarded-For': `203.0.113.${30 + i}` });
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => login(username, `Burst-${i}-2026!`, { 'X-Forwarded-For': `203.0.113.${40 + i}` })));
    expect(burst.filter((r) => r.status === 401).length).toBe(1);
    expect(burst.filter((r) => r.status === 429).length).toBe(7);
  });

  it('with the bot check on, many failures make the username need it; the owner passes it and signs in', async () => {
    await setBotCheck(true);
    const [username, password] = LOGINS.consumer;
    for (let i = 0; i < 10; i++) {
      expect((await login(username, `Wrong-${i}-2026!`, { 'X-Forwarded-For': `203.0.113.${150 + i}` })).status).toBe(401);
      advance(10_000);
    }
    const bot = await login(username, 'Wrong-more-2026!', { 'X-Forwarded-For': '203.0.113.170' });
    expect(bot.status).toBe(403);
    expect(bot.body.code).toBe('BotCheckRequired');
    expect(bot.body.error_list[0]).toMatchObject({ field: 'recaptcha_token', code: 'bot_check_required' });
    const failed = await login(username, password, { 'X-Forwarded-For': '192.0.2.11', 'X-Bot-Check': 'robot' });
    expect(failed.status).toBe(403);
    expect(failed.body.error_list[0]!.code).toBe('bot_check_failed');
    advance(10_000);
    const owner = await login(username, password, { 'X-Forwarded-For': '192.0.2.11', 'X-Bot-Check': 'human' });
    expect(owner.status).toBe(200);
  });
});

describe('bounded guessing of coupons, usernames and reset codes', () => {
  it('coupon codes: 10 wrong ones, then 429 with Retry-After, even for a real code', async () => {
    const token = await shop.login(...LOGINS.b2b);
    const apply = (coupon: string) =>
      shop.call('promotions/coupons/apply/', {
        method: 'POST',
        headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.30' },
        body: JSON.stringify({ coupon, price: 200 }),
      });
    for (let i = 0; i < 10; i++) expect((await apply(`GUESS${i}`)).status).toBe(400);
    const refused = await apply('SCONTO20');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    advance(16 * 60 * 1000);
    expect((await apply('SCONTO20')).status).toBe(200);
  });

  it('check-psswd-change: bounded per address, same answers as before for real use', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.40' };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await post('auth/check-psswd-change/', { username: `user${i}@example.com` }, from)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const other = await post('auth/check-psswd-change/', { username: 'renew@example.com' }, { 'X-Forwarded-For': '198.51.100.41' });
    expect(other.status).toBe(200);
    expect(other.body.must_change_password).toBe(true);
  });

  it('password-reset: bounded per address', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.50' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('auth/password-reset/', { username: `ghost${i}@example.com` }, from)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('password-reset: one username gets at most 5 codes per 15 minutes, whatever the addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await post('auth/password-reset/', { username: 'b2b@example.com' }, { 'X-Forwarded-For': `198.51.100.${80 + i}` })).status);
      advance(31_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('old counters', () => {
  it('are deleted once their window has ended', async () => {
    for (let i = 0; i < 5; i++) await login(`gone${i}@example.com`, 'Wrong-2026!', { 'X-Forwarded-For': `198.51.100.${60 + i}` });
    const count = async () => (await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from rate_limits`))[0]!.n;
    expect(await count()).toBeGreaterThanOrEqual(10);
    advance(2 * 60 * 60 * 1000);
    await login('fresh@example.com', 'Wrong-2026!', { 'X-Forwarded-For': '198.51.100.70' });
    const stale = await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from rate_limits where reset_at <= ${clock}`);
    expect(stale[0]!.n).toBe(0);
    expect(await count()).toBe(2);
  });
});

describe('sessions follow password changes', () => {
  it('password-change with a token keeps that token and ends every other one', async () => {
    const [username, password] = LOGINS.agent2;
    const kept = await shop.login(username, password);
    const other = await shop.login(username, password);
    const changed = await shop.send('POST', 'auth/password-change/', { token: kept, body: { username, old_password: password, password: 'Cambiata-2026!x' } });
    expect(changed.status).toBe(200);
    expect((await shop.send('GET', 'auth/is-authenticated/', { token: kept })).status).toBe(200);
    expect((await shop.send('GET', 'auth/is-authenticated/', { token: other })).status).toBe(401);
  });

  it('password-change without a token (the forced-change dialog) ends every token', async () => {
    const [username] = LOGINS.agent2;
    const a = await shop.login(username, 'Cambiata-2026!x');
    const changed = await post('auth/password-change/', { username, old_password: 'Cambiata-2026!x', password: 'Di-Nuovo-2026!y' });
    expect(changed.status).toBe(200);
    expect((await shop.send('GET', 'auth/is-authenticated/', { token: a })).status).toBe(401);
  });

  it('a token of a user who must change the password is good for the change only', async () => {
    const [username, password] = LOGINS.renew;
    await shop.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, username));
    const { body } = await login(username, password);
    expect(body.must_change_password).toBe(true);
    const pending = body.token;
    for (const [method, path, payload] of [
      ['GET', 'auth/is-authenticated/', undefined],
      ['POST', 'carts/get-or-create/', {}],
      ['GET', 'orders/', undefined],
      ['GET', 'addresses/', undefined],
      ['GET', 'users/', undefined],
    ] as const) {
      const refused = await shop.send<Answer>(method, path, { token: pending, body: payload });
      expect(refused.status, path).toBe(403);
      expect(refused.body.detail).toBe('You must change your password before continuing.');
      expect(refused.body.error_list[0]!.code).toBe('password_change_required');
    }
    // Public calls answer as for anyone.
    expect((await shop.send('GET', 'products/p/', { token: pending })).status).toBe(200);
    const changed = await shop.send('POST', 'auth/password-change/', { token: pending, body: { username, old_password: password, password: 'Rinnovata-2026!z' } });
    expect(changed.status).toBe(200);
    const fresh = await shop.login(username, 'Rinnovata-2026!z');
    expect((await shop.send('GET', 'auth/is-authenticated/', { token: fresh })).status).toBe(200);
    expect((await shop.send('POST', 'carts/get-or-create/', { token: fresh, body: {} })).status).not.toBe(403);
  });

  it('a must-change token can still sign out', async () => {
    const [username] = LOGINS.renew;
    await shop.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, username));
    const { body } = await login(username, 'Rinnovata-2026!z');
    expect((await shop.send('POST', 'auth/logout/', { token: body.token })).status).toBe(204);
    await shop.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.email, username));
  });
});
