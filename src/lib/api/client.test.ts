import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, getJson, RETRY_STATUS_CODES, sendJson } from './client';

let requests: Request[];
let answers: Response[];

beforeEach(() => {
  requests = [];
  answers = [];
  globalThis.__SHOP_API_FETCH__ = async (request) => {
    requests.push(request);
    return answers.shift() ?? new Response('{}', { status: 200 });
  };
});
afterEach(() => {
  globalThis.__SHOP_API_FETCH__ = undefined;
});

const error = (status: number, detail = 'x', code = 'Unexpected') => new Response(JSON.stringify({ detail, error_list: [], code }), { status, headers: { 'Content-Type': 'application/json' } });

describe('the API client (spec section 7)', () => {
  it('sends the token, the locale and the shop context on every call', async () => {
    answers.push(new Response('{"ok":1}', { status: 200 }));
    const client = createClient({ locale: 'es', shopContext: 'b2c', token: 'abc' });
    const result = await getJson<{ ok: number }>(client, 'orders/', { page: 2 });
    expect(result).toEqual({ ok: true, data: { ok: 1 } });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/v3/client/orders/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', locale: 'es', shop_context: 'b2c' });
    expect(requests[0]!.headers.get('Authorization')).toBe('Token abc');
  });

  it('retries a GET once on the spec statuses, then reports the failure', async () => {
    expect(RETRY_STATUS_CODES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    answers.push(error(503), new Response('{"n":1}', { status: 200 }));
    expect(await getJson(createClient({ locale: 'it' }), 'products/p/')).toEqual({ ok: true, data: { n: 1 } });
    expect(requests).toHaveLength(2);

    requests = [];
    answers.push(error(502), error(502, 'still down', 'BadGateway'));
    const failed = await getJson(createClient({ locale: 'it' }), 'products/p/');
    expect(failed).toEqual({ ok: false, error: { status: 502, code: 'BadGateway', detail: 'still down', errorList: [] } });
    expect(requests).toHaveLength(2);
  });

  it('does not retry a GET on other statuses, nor any change', async () => {
    answers.push(error(404, 'Not found.'));
    await getJson(createClient({ locale: 'it' }), 'orders/9/');
    expect(requests).toHaveLength(1);
    for (const method of ['post', 'patch', 'put', 'delete'] as const) {
      requests = [];
      answers.push(error(503));
      const result = await sendJson(createClient({ locale: 'it' }), method, 'carts/rows/', { qty: 1 });
      expect(result.ok).toBe(false);
      expect(requests, method).toHaveLength(1);
    }
  });

  it('tells the session when a call made with its token answers 401', async () => {
    let told = 0;
    answers.push(error(401, 'Invalid or expired token.'), error(401, 'Invalid login credentials'));
    await getJson(createClient({ locale: 'it', token: 't', onUnauthorized: () => told++ }), 'orders/');
    // Without a token (signing in) a 401 is about the credentials, not the session.
    await sendJson(createClient({ locale: 'it', onUnauthorized: () => told++ }), 'post', 'auth/login/');
    expect(told).toBe(1);
  });

  it('tells the session when a call made with its token answers 403 password_change_required, and reads the body still', async () => {
    let told = 0;
    const mustChange = () =>
      new Response(JSON.stringify({ detail: 'x', error_list: [{ field: null, code: 'password_change_required', message: 'x' }] }), { status: 403, headers: { 'Content-Type': 'application/json' } });
    answers.push(mustChange(), error(403, 'You do not have permission to perform this action.'));
    const result = await sendJson(createClient({ locale: 'it', token: 't', onUnauthorized: () => told++ }), 'post', 'carts/get-or-create/', {});
    expect(!result.ok && result.error.errorList[0]?.code).toBe('password_change_required');
    await sendJson(createClient({ locale: 'it', token: 't', onUnauthorized: () => told++ }), 'post', 'carts/get-or-create/', {});
    expect(told).toBe(1);
  });

  it('turns an unreachable server into status 0', async () => {
    globalThis.__SHOP_API_FETCH__ = async () => {
      throw new TypeError('Failed to fetch');
    };
    const result = await sendJson(createClient({ locale: 'it' }), 'post', 'contact/', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.status).toBe(0);
    expect(!result.ok && result.error.code).toBe('NetworkError');
  });

  it("keeps the API's code, and names by status an answer that carries none (a proxy, a gateway)", async () => {
    answers.push(error(400, 'Product already in the wishlist', 'ProductAlreadyInWishlist'));
    const coded = await sendJson(createClient({ locale: 'it' }), 'post', 'wishlists/rows/', {});
    expect(!coded.ok && coded.error.code).toBe('ProductAlreadyInWishlist');
    for (const [status, code] of [[404, 'NotFound'], [413, 'PayloadTooLarge'], [429, 'TooManyAttempts'], [503, 'ServiceUnavailable'], [418, 'BadRequest'], [500, 'Unexpected']] as const) {
      answers.push(new Response('<html>gateway</html>', { status, headers: { 'Content-Type': 'text/html' } }));
      const result = await sendJson(createClient({ locale: 'it' }), 'post', 'contact/', {});
      expect(!result.ok && result.error.code, String(status)).toBe(code);
    }
    answers.push(error(400, 'x', 'SomethingANewerServerSays'));
    const unknown = await sendJson(createClient({ locale: 'it' }), 'post', 'contact/', {});
    expect(!unknown.ok && unknown.error.code).toBe('BadRequest');
  });
});
