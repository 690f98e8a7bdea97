// The management API's own OpenAPI document (ADR 0028), apart from the client API's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_ROUTES } from '../../server/api/manage/manage-app';
import { MANAGE } from '../support/manage-calls';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

type Doc = { openapi: string; paths: Record<string, Record<string, { security?: Record<string, string[]>[]; requestBody?: { content: Record<string, unknown> } }>>; components: { securitySchemes: Record<string, { scheme?: string }> } };

describe('the management API document', () => {
  it('is served at /api/manage/v1/openapi.json and documents exactly the routes the router serves', async () => {
    const { status, body } = await shop.json<Doc>(`${MANAGE}/openapi.json`);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.components.securitySchemes.ApiKey!.scheme).toBe('bearer');
    const documented = Object.entries(body.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`));
    const served = shop.api.routes
      .filter((r) => r.path.startsWith(`${MANAGE}/`) && r.method !== 'ALL' && r.path !== `${MANAGE}/openapi.json`)
      .map((r) => `${r.method.toLowerCase()} ${r.path.slice(MANAGE.length)}`);
    // The router writes a path parameter :kind, OpenAPI {kind}.
    const asDocumented = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    expect([...new Set(served)].map(asDocumented).sort()).toEqual(documented.sort());
    expect(documented.sort()).toEqual(MANAGE_ROUTES.map((r) => `${r.method} ${asDocumented(r.path)}`).sort());
    for (const [path, methods] of Object.entries(body.paths)) {
      for (const op of Object.values(methods)) {
        expect(op.security?.[0]?.ApiKey, path).toHaveLength(1);
        const bodies = path.startsWith('/import/') ? ['application/x-ndjson', 'text/csv'] : ['application/json', 'text/csv'];
        expect(Object.keys(op.requestBody!.content).sort(), path).toEqual(bodies);
      }
    }
  });

  it('is not part of the client API document', async () => {
    const { body } = await shop.json<Doc>('openapi.json');
    expect(Object.keys(body.paths).some((p) => p.includes('manage') || p === '/stock' || p === '/prices')).toBe(false);
  });
});
