// The product list asks in the signed-in customer's context (ADR 0015): a consumer's list calls
// carry shop_context=b2c and its token, not the anonymous b2b default.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../browser/storage';
import type { CurrentUser } from '../contract/auth';
import { initProductList, reloadProducts } from './product-list';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, configureSession } from './session';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const consumer: CurrentUser = {
  id: 7, first_name: 'Chiara', last_name: 'Conti', email: 'consumer@example.com', is_agent: false, agent_profile: null,
  customer_profile: { id: 6, business_name: null, first_name: 'Chiara', last_name: 'Conti', kind: 'b2c' },
  must_change_password: false,
};
const calls: Request[] = [];

beforeEach(() => {
  calls.length = 0;
  globalThis.__SHOP_API_FETCH__ = async (request) => {
    calls.push(request.clone());
    return new Response(JSON.stringify({ results: [], count: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
});
afterEach(() => {
  globalThis.__SHOP_API_FETCH__ = undefined;
  configureSession({ storage: memoryStorage() });
});

describe('product list calls', () => {
  it("carry a signed-in consumer's context and token", async () => {
    const storage = memoryStorage();
    storage.setItem(AUTH_TOKEN_KEY, 'tok');
    storage.setItem(AUTH_TOKEN_EXPIRE_KEY, '2026-11-22T20:00:00.000Z');
    storage.setItem('SHOP_USER', JSON.stringify(consumer));
    configureSession({ storage, now: () => NOW });
    initProductList({ locale: 'en', basePath: '/p', initial: { products: [], count: 0 } });
    await reloadProducts();
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toMatch(/products\/p\/$/);
    expect(url.searchParams.get('shop_context')).toBe('b2c');
    expect(calls[0]!.headers.get('Authorization')).toBe('Token tok');
  });

  it('keep the default context for an anonymous visitor', async () => {
    configureSession({ storage: memoryStorage(), now: () => NOW });
    initProductList({ locale: 'en', basePath: '/p', initial: { products: [], count: 0 } });
    await reloadProducts();
    expect(new URL(calls[0]!.url).searchParams.get('shop_context')).toBe('b2b');
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
  });
});
