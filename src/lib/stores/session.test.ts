import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage, type KeyValueStorage } from '../browser/storage';
import type { CurrentUser } from '../contract/auth';
import {
  $session, $shopContext, $shopFor, AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, checkSession, chooseCustomer, configureSession, CUSTOMER_KEY, exitCustomerView, login,
  logout, onCustomerChange, sessionValidity, USERNAME_KEY,
} from './session';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const LATER = '2026-11-22T20:00:00.000Z';

const customerUser: CurrentUser = {
  id: 5, first_name: 'Giulia', last_name: 'Ferrero', email: 'b2b@example.com', is_agent: false, agent_profile: null,
  customer_profile: { id: 11, business_name: 'Cantina dei Colli S.r.l.', first_name: 'Giulia', last_name: 'Ferrero', kind: 'b2b' },
  must_change_password: false,
};
const agentUser: CurrentUser = { ...customerUser, id: 2, email: 'agent@example.com', is_agent: true, agent_profile: { id: 2 }, customer_profile: null };

type Handler = (request: Request) => Response | Promise<Response>;
const calls: Request[] = [];
let handler: Handler;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let storage: KeyValueStorage;
beforeEach(() => {
  calls.length = 0;
  storage = memoryStorage();
  globalThis.__SHOP_API_FETCH__ = async (request) => {
    calls.push(request.clone());
    return handler(request);
  };
  configureSession({ storage, now: () => NOW });
});
afterEach(() => {
  globalThis.__SHOP_API_FETCH__ = undefined;
});

const signIn = (user: CurrentUser) => {
  storage.setItem(AUTH_TOKEN_KEY, 'tok');
  storage.setItem(AUTH_TOKEN_EXPIRE_KEY, LATER);
  storage.setItem('SHOP_USER', JSON.stringify(user));
  configureSession({ storage });
};

describe('sessionValidity', () => {
  it('is valid only with a token whose expiry has not passed', () => {
    expect(sessionValidity(null, LATER, NOW)).toBe('no-session');
    expect(sessionValidity('t', '2026-11-22T09:59:59Z', NOW)).toBe('expired');
    expect(sessionValidity('t', 'not a date', NOW)).toBe('expired');
    expect(sessionValidity('t', LATER, NOW)).toBe('valid');
  });
});

describe('login', () => {
  it('clears an old token first, stores the new one under AUTH_TOKEN and AUTH_TOKEN_EXPIRE and fetches the user', async () => {
    storage.setItem(AUTH_TOKEN_KEY, 'old');
    storage.setItem(AUTH_TOKEN_EXPIRE_KEY, LATER);
    handler = (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/auth/login/')) {
        expect(request.headers.get('Authorization')).toBe(`Basic ${btoa('b2b@example.com:Secret-1')}`);
        return json({ token: 'new', expiry: LATER, token_expire: LATER, must_change_password: false });
      }
      if (path.endsWith('/auth/is-authenticated/')) {
        expect(request.headers.get('Authorization')).toBe('Token new');
        return json(customerUser);
      }
      return json({ detail: 'Not found.', error_list: [] }, 404);
    };
    const result = await login(' b2b@example.com ', 'Secret-1');
    expect(result.ok).toBe(true);
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBe('new');
    expect(storage.getItem(AUTH_TOKEN_EXPIRE_KEY)).toBe(LATER);
    expect(storage.getItem(USERNAME_KEY)).toBe('b2b@example.com');
    expect($session.get()).toMatchObject({ reason: 'valid', customer: { id: 11, name: 'Cantina dei Colli S.r.l.', kind: 'b2b' } });
    expect($shopFor.get()).toBe('11::b2b');
  });

  it('keeps nothing on a refused login, and nothing while a password change is due', async () => {
    handler = () => json({ detail: 'Invalid login credentials', error_list: [] }, 401);
    const refused = await login('x@example.com', 'nope');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.status).toBe(401);
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();

    handler = (request) =>
      new URL(request.url).pathname.endsWith('/auth/login/') ? json({ token: 'tmp', expiry: LATER, token_expire: LATER, must_change_password: true }) : json({ detail: 'ok' });
    const due = await login('renew@example.com', 'Renew-2026!');
    expect(due.ok && due.data.must_change_password).toBe(true);
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    // The token given for the forced change is handed back at once.
    expect(calls.at(-1)!.url).toContain('/auth/logout/');
    expect($session.get().reason).toBe('no-session');
  });
});

describe('checkSession and logout', () => {
  it('clears the token when the server no longer accepts it (reason invalid)', async () => {
    signIn(customerUser);
    handler = () => json({ detail: 'Invalid or expired token.', error_list: [] }, 401);
    expect(await checkSession()).toBe('invalid');
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect($session.get().reason).toBe('invalid');
    expect($shopFor.get()).toBeNull();
  });

  it('clears the token when the server says a password change comes first (by its code, not its text)', async () => {
    signIn(customerUser);
    handler = () => json({ detail: 'Cambia la password.', error_list: [{ field: null, code: 'password_change_required', message: '…' }] }, 403);
    expect(await checkSession()).toBe('invalid');
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('keeps the session on another 403', async () => {
    signIn(customerUser);
    handler = () => json({ detail: 'You must change your password before continuing.', error_list: [] }, 403);
    expect(await checkSession()).toBe('valid');
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBe('tok');
  });

  it('keeps the session when the server cannot be reached', async () => {
    signIn(customerUser);
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await checkSession()).toBe('valid');
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBe('tok');
  });

  it('clears the token whatever logout answers', async () => {
    signIn(customerUser);
    handler = () => json({ detail: 'Unknown server error', error_list: [] }, 500);
    const result = await logout({ everywhere: true });
    expect(result.ok).toBe(false);
    expect(calls[0]!.url).toContain('/auth/logout-all/');
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect($session.get()).toMatchObject({ reason: 'no-session', user: null, customer: null });
  });
});

describe('agents', () => {
  it('have no customer until they choose one, and shop in its context', () => {
    signIn(agentUser);
    const changes: number[] = [];
    const stop = onCustomerChange(() => changes.push(1));
    expect($session.get().customer).toBeNull();
    expect($shopFor.get()).toBeNull();
    chooseCustomer({ id: 16, name: 'Chiara Conti', kind: 'b2c' });
    expect($shopContext.get()).toBe('b2c');
    expect($shopFor.get()).toBe('16::b2c');
    expect(JSON.parse(storage.getItem(CUSTOMER_KEY)!)).toMatchObject({ id: 16 });
    exitCustomerView();
    expect($session.get().customer).toBeNull();
    expect(storage.getItem(CUSTOMER_KEY)).toBeNull();
    expect(changes).toHaveLength(2);
    stop();
  });

  it('a customer user always shops for its own customer', () => {
    signIn(customerUser);
    chooseCustomer({ id: 99, name: 'Someone else', kind: 'b2c' });
    expect($session.get().customer).toMatchObject({ id: 11 });
  });
});
