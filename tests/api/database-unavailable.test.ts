// With the database away (a connection dropped, refused or timed out), the API answers 503 with
// Retry-After and the spec's error shape, never a 500; other database errors stay 500. The
// database here is a stand-in whose every query fails the way node-postgres fails (the real
// thing, on PostgreSQL, is tests/system/database-faults.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../server/api/app';
import type { Db } from '../../server/db/client';
import { API } from '../support/test-shop';

/** A Drizzle-like database whose every query (select, insert, execute, transaction…) rejects with `error`. */
function failingDb(error: () => unknown): Db {
  const chain: unknown = new Proxy(function () {}, {
    get: (_target, key) => (key === 'then' ? (_resolve: unknown, reject: (e: unknown) => void) => reject(error()) : chain),
    apply: () => chain,
  });
  return chain as Db;
}

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', params: [], cause });
const terminated = () => wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const poolTimeout = () => new Error('timeout exceeded when trying to connect');

afterEach(() => vi.restoreAllMocks());

describe('the API with the database away', () => {
  for (const [name, error] of [['a dropped connection (57P01)', terminated], ['a refused connection', refused], ['a pool connect timeout', poolTimeout]] as const) {
    it(`answers 503 with Retry-After and {detail, error_list, code} for ${name}`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const api = createApi({ db: failingDb(error) });
      for (const path of ['products/p/', 'categories/menu/', 'config/system/DEFAULT_LOCALE/']) {
        const response = await api.request(`${API}/${path}`);
        expect(response.status, path).toBe(503);
        expect(Number(response.headers.get('retry-after')), path).toBeGreaterThan(0);
        expect(await response.json()).toEqual({ detail: 'The shop is temporarily unavailable, try again in a moment.', error_list: [], code: 'ServiceUnavailable' });
      }
    });
  }

  it('still answers 500 for a database error that is not about the connection, without internals', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = createApi({ db: failingDb(() => wrapped(Object.assign(new Error('column "x" does not exist'), { code: '42703' }))) });
    const response = await api.request(`${API}/products/p/`);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.json()).toEqual({ detail: 'Unknown server error', error_list: [], code: 'Unexpected' });
    expect(logged).toHaveBeenCalled();
  });
});
