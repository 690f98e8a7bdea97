// client-proxy/{name}/{path}: only configured upstreams, only below their base, only safe headers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/lib/contract/common';
import { proxyTarget } from '../../server/api/routes/client-proxy';
import { API, LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let token: string;
interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  redirect: RequestRedirect | undefined;
}
const seen: Seen[] = [];
let answer: (url: string) => Response | Promise<Response> = () => Response.json({ ok: true });

beforeAll(async () => {
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = init?.body === undefined || init.body === null ? null : new TextDecoder().decode(init.body as ArrayBuffer);
    seen.push({ url: String(input), method: init?.method ?? 'GET', headers, body, redirect: init?.redirect });
    return answer(String(input));
  }) as typeof globalThis.fetch;
  shop = await openTestShop({
    deps: { fetch, proxyUpstreams: { pagebuilder: 'https://pages.example.com/api/v1', search: 'https://search.example.com/' } },
  });
  token = await shop.login(...LOGINS.b2b);
});
afterAll(() => shop?.close());
beforeEach(() => {
  seen.length = 0;
  answer = () => Response.json({ ok: true });
});

describe('client-proxy/', () => {
  it('forwards a GET with the rest of the path and the query, and passes the answer back', async () => {
    answer = () => new Response(JSON.stringify({ blocks: [1, 2] }), { status: 200, headers: { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1', 'Cache-Control': 'max-age=60' } });
    const response = await shop.call('client-proxy/pagebuilder/pages/home/?lang=it&x=1%202');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ blocks: [1, 2] });
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('https://pages.example.com/api/v1/pages/home/?lang=it&x=1%202');
    expect(seen[0]!.redirect).toBe('manual');
  });

  it('forwards the method, body and safe headers, never Authorization or cookies', async () => {
    const response = await shop.call('client-proxy/search/query/', {
      method: 'POST',
      headers: {
        Authorization: `Token ${token}`,
        Cookie: 'lan=it; session=secret',
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': 'it-IT',
        'X-Forwarded-For': '10.0.0.1',
        'X-Api-Key': 'leak',
      },
      body: JSON.stringify({ q: 'lievito' }),
    });
    expect(response.status).toBe(200);
    expect(seen[0]).toMatchObject({ url: 'https://search.example.com/query/', method: 'POST', body: '{"q":"lievito"}' });
    expect(seen[0]!.headers).toEqual({ 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'it-IT' });
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('forwards %s', async (method) => {
    expect((await shop.call('client-proxy/search/items/7/', { method })).status).toBe(200);
    expect(seen[0]).toMatchObject({ method, url: 'https://search.example.com/items/7/' });
  });

  it('is documented as five methods on client-proxy/{name}/{path}, the path being the rest of the URL', async () => {
    type Doc = { paths: Record<string, Record<string, { parameters: { name: string; in: string; description?: string }[] }>> };
    const { body } = await shop.json<Doc>('openapi.json');
    expect(Object.keys(body.paths).filter((p) => p.startsWith('/client-proxy/'))).toEqual(['/client-proxy/{name}/{path}']);
    const methods = body.paths['/client-proxy/{name}/{path}']!;
    expect(Object.keys(methods).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
    expect(methods.get!.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['name', 'path']);
    expect(methods.get!.parameters.find((p) => p.name === 'path')!.description).toContain('slashes allowed');
  });

  it('reaches the upstream base itself', async () => {
    expect((await shop.call('client-proxy/search/')).status).toBe(200);
    expect(seen[0]!.url).toBe('https://search.example.com/');
    expect((await shop.call('client-proxy/pagebuilder')).status).toBe(200);
    expect(seen[1]!.url).toBe('https://pages.example.com/api/v1/');
  });

  it('passes upstream errors and their status back', async () => {
    answer = () => new Response('{"detail":"nope"}', { status: 418, headers: { 'Content-Type': 'application/json' } });
    // Straight to the app: shop.call holds every error answer to the shop's {detail, error_list}
    // shape, and an upstream's error is passed on as the upstream wrote it.
    const response = await shop.api.request(`${API}/client-proxy/search/teapot/`);
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ detail: 'nope' });
    answer = () => new Response(null, { status: 204 });
    expect((await shop.call('client-proxy/search/empty/', { method: 'DELETE' })).status).toBe(204);
  });

  it('answers 502 with detail, error_list and code when the upstream cannot be reached', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'));
    const response = await shop.json<ErrorBody>('client-proxy/search/down/');
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ detail: expect.any(String), error_list: [], code: 'BadGateway' });
  });

  it.each(['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'SEARCH'])('answers 404 for the unknown upstream %s', async (name) => {
    const { status, body } = await shop.json<ErrorBody>(`client-proxy/${name}/x/`);
    expect(status).toBe(404);
    expect(body.detail).toEqual(expect.any(String));
    expect(seen).toHaveLength(0);
  });

  it.each([
    'client-proxy/search/%252e%252e/admin/',
    'client-proxy/search/a/%252E%252E/%252E%252E/secret',
    'client-proxy/search/a%2F..%2F..%2Fetc/passwd',
    'client-proxy/search/a%2fb/',
    'client-proxy/search/a%5c..%5c/',
    'client-proxy/search/%252e/x',
    'client-proxy/search/a//b/',
    'client-proxy/search//evil.example.com/x',
    'client-proxy/search/%00/',
    'client-proxy/search/%E0%A4%A/',
  ])('refuses %s without calling anything', async (path) => {
    const response = await shop.call(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(seen).toHaveLength(0);
  });

  it('keeps plain dot segments from leaving the proxy (the URL parser resolves them first)', async () => {
    const response = await shop.call(`${API}/client-proxy/search/../../products/p/?page_size=1`);
    // Resolved to another call of the API (the product list), never to the upstream.
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(0);
    // A single encoded dot is resolved the same way and stays on the upstream.
    await shop.call('client-proxy/search/%2e/x');
    expect(seen.map((s) => s.url)).toEqual(['https://search.example.com/x']);
  });

  it('keeps absolute URLs in the path on the upstream host', async () => {
    const response = await shop.call('client-proxy/search/http:/evil.example.com/x');
    if (seen.length) expect(new URL(seen[0]!.url).host).toBe('search.example.com');
    expect(response.status).toBeLessThan(500);
    const encoded = await shop.call(`client-proxy/search/${encodeURIComponent('http://evil.example.com/x')}`);
    expect(encoded.status).toBe(400);
    expect(seen.every((s) => new URL(s.url).host === 'search.example.com')).toBe(true);
  });

  it('answers 404 with no upstreams configured', async () => {
    const bare = await openTestShop();
    try {
      expect((await bare.call('client-proxy/search/x/')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('proxyTarget', () => {
  it.each([
    ['https://u.example/api', 'a/b', '?q=1', 'https://u.example/api/a/b?q=1'],
    ['https://u.example/api/', 'a/b/', '', 'https://u.example/api/a/b/'],
    ['https://u.example', '', '', 'https://u.example/'],
    ['https://u.example/api', 'caf%C3%A9', '', 'https://u.example/api/caf%C3%A9'],
  ])('joins %s and %s', (base, rest, search, expected) => {
    expect(proxyTarget(base, rest, search)?.href).toBe(expected);
  });

  it.each(['..', 'a/../..', '%2e%2e', '.%2E', 'a/%2F/b', 'a\\b', '//evil.example', 'a//b', '%25252e%25252e', 'bad%'])('refuses %s', (rest) => {
    expect(proxyTarget('https://u.example/api', rest, '')).toBeNull();
  });

  it('refuses a broken upstream', () => {
    expect(proxyTarget('not a url', 'a', '')).toBeNull();
  });
});
