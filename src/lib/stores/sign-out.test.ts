import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { memoryStorage, type KeyValueStorage } from '../browser/storage';
import type { CurrentUser } from '../contract/auth';
import { startRouteGuard } from '../route-guard-runtime';
import { $leavingFor } from './page-exit';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, configureSession } from './session';
import { signOutAndLeave } from './sign-out';

const user: CurrentUser = {
  id: 5, first_name: 'Giulia', last_name: 'Ferrero', email: 'b2b@example.com', is_agent: false, agent_profile: null,
  customer_profile: { id: 11, business_name: 'Cantina dei Colli S.r.l.', first_name: 'Giulia', last_name: 'Ferrero', kind: 'b2b' },
  must_change_password: false,
};

let storage: KeyValueStorage;
const replace = vi.fn<(url: string) => void>();
beforeEach(() => {
  replace.mockClear();
  $leavingFor.set(null);
  storage = memoryStorage();
  storage.setItem(AUTH_TOKEN_KEY, 'tok');
  storage.setItem(AUTH_TOKEN_EXPIRE_KEY, '2999-01-01T00:00:00.000Z');
  storage.setItem('SHOP_USER', JSON.stringify(user));
  configureSession({ storage });
  globalThis.__SHOP_API_FETCH__ = async () => new Response(null, { status: 204 });
  vi.stubGlobal('location', { pathname: '/account', search: '', replace });
  vi.stubGlobal('document', { documentElement: { dataset: {} } });
});
afterEach(() => {
  globalThis.__SHOP_API_FETCH__ = undefined;
  vi.unstubAllGlobals();
});

it('signing out from a private page goes to the home page only: the route guard does not send it to sign-in as well', async () => {
  startRouteGuard();
  expect(replace).not.toHaveBeenCalled();
  const go = vi.fn<(path: string) => void>();
  await signOutAndLeave({}, go);
  expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  expect(go).toHaveBeenCalledExactlyOnceWith('/');
  expect(replace).not.toHaveBeenCalled();
});
