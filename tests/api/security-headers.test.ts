// Issue 11, item 9: every API answer (success, client error, unknown path, login failure)
// carries the security headers; HSTS only when the public site is https.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../server/api/app';
import { API, basic, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ deps: { publicSiteUrl: 'https://shop.example.com' } });
});
afterAll(() => shop.close());

function expectSecurityHeaders(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
}

describe('API security headers', () => {
  it.each([
    ['a setting', 'config/system/DEFAULT_LOCALE/', undefined, 200],
    ['a product list', 'products/p/?page_size=1', undefined, 200],
    ['a validation error', 'products/p/?page=-1', undefined, 400],
    ['an unknown operation', 'no-such-operation/', undefined, 404],
    ['a failed sign-in', 'auth/login/', { method: 'POST', headers: { Authorization: basic('nobody@example.com', 'wrong') } }, 401],
  ] as const)('on %s', async (_name, path, init, status) => {
    const response = await shop.call(path, init as RequestInit | undefined);
    expect(response.status).toBe(status);
    expectSecurityHeaders(response);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('on paths outside the API bases too', async () => {
    expectSecurityHeaders(await shop.api.request('/api/v9/nothing'));
  });

  it('sends no HSTS when the public site is plain http', async () => {
    const api = createApi({ db: shop.database.db, publicSiteUrl: 'http://localhost:4321' });
    const response = await api.request(`${API}/config/system/DEFAULT_LOCALE/`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
