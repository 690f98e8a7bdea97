import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../src/lib/contract/common';
import type { ShopDocument } from '../../src/lib/contract/catalogue-extras';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let dir: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-private-'));
  mkdirSync(path.join(dir, 'documents'));
  writeFileSync(path.join(dir, 'documents', 'listino-riservato-C0001.pdf'), '%PDF-1.4 demo');
  shop = await openTestShop({ deps: { privateFilesDir: dir } });
  for (const who of ['b2b', 'b2b2', 'agent', 'agent2'] as const) {
    const [username, password] = LOGINS[who];
    tokens[who] = await shop.login(username, password);
  }
});
afterAll(async () => {
  await shop?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a customer's own documents", () => {
  it('are downloaded through the API, only by who may act for the customer', async () => {
    const list = await shop.send<Paged<ShopDocument>>('GET', 'documents/', { token: tokens.b2b });
    const own = list.body.results.find((d) => d.customer !== null)!;
    expect(own.url).toBe(`/api/v3/client/documents/${own.id}/file/`);
    const file = (who?: string) => shop.call(`documents/${own.id}/file/`, { headers: who ? { Authorization: `Token ${tokens[who]}` } : {} });
    const mine = await file('b2b');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('cache-control')).toContain('no-store');
    expect((await mine.text()).startsWith('%PDF')).toBe(true);
    expect((await file('agent')).status).toBe(200);
    expect((await file()).status).toBe(401);
    expect((await file('b2b2')).status).toBe(404);
    expect((await file('agent2')).status).toBe(404);
  });

  it('public documents stay static media', async () => {
    const list = await shop.send<Paged<ShopDocument>>('GET', 'documents/');
    const pub = list.body.results[0]!;
    expect(pub.url).toMatch(/^\/media\/documents\//);
    const response = await shop.call(`documents/${pub.id}/file/`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(pub.url);
    expect((await shop.call('documents/999999/file/')).status).toBe(404);
  });
});
