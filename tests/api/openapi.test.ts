import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations } from '../../server/api/openapi/document';

const OPERATIONS = documentedOperations();
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

describe('the published contract', () => {
  it('serves an OpenAPI 3.1 document with every operation', async () => {
    const { status, body } = await shop.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const op of OPERATIONS) expect(body.paths[`/${op.path}`]?.[op.method], `${op.method} ${op.path}`).toBeTruthy();
  });

  it('converts request schemas: product list parameters and auth bodies', async () => {
    const { body } = await shop.json<{ paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>> }>('openapi.json');
    const names = body.paths['/products/p/']!.get!.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['locale', 'shop_context', 'page', 'page_size', 'order_by', 'categories', 'custom_field', 'price_type', 'search']));
    expect(body.paths['/auth/password-reset/']!.post!.requestBody).toBeTruthy();
  });

  it('documents exactly the routes the router serves', async () => {
    const { body } = await shop.json<{ paths: Record<string, Record<string, unknown>> }>('openapi.json');
    const documented = Object.entries(body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '')}`),
    );
    const base = '/api/v3/client';
    // The document and the reference page themselves are the only calls outside the contract.
    const undocumented = new Set(['get /openapi.json', 'get /docs']);
    // A rest-of-the-path parameter is mounted with a pattern (":path{.+}?"): it is still ":path".
    const served = shop.api.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${base}/`))
      .map((r) => `${r.method.toLowerCase()} ${r.path.slice(base.length).replace(/(:\w+)\{[^}]*\}\??/g, '$1').replace(/\/$/, '')}`)
      .filter((route) => !undocumented.has(route));
    expect([...new Set(served)].sort()).toEqual([...new Set(documented)].sort());
  });

  it('has a readable reference page', async () => {
    const response = await shop.call('docs/');
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<h1>Vinoshop client API</h1>');
    expect(html).toContain('/api/v3/client/products/p/');
  });

  it('every documented GET without path parameters answers without a 5xx', async () => {
    for (const op of OPERATIONS.filter((o) => o.method === 'get' && !o.pathParams)) {
      const response = await shop.call(op.path);
      expect(response.status, op.path).toBeLessThan(500);
    }
  });
});
