// The management API's keys (ADR 0028): no key, an unknown or revoked key 401, another scope 403,
// wrong keys throttled per address; the audit log names the key.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog } from '../../server/db/schema';
import { createApiKey, listApiKeys, parseScopes, revokeApiKey } from '../../server/manage/api-keys';
import { ShopError } from '../../server/shop-errors';
import { makeKey, putRows } from '../support/manage-calls';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

const ROW = [{ code: 'ENO-0001', quantity: 7 }];
type ErrorAnswer = { code: string; detail: string; error_list: { code: string; message: string }[] };

describe('management API keys', () => {
  it('answers 401 without a key, with the stable code and the error shape', async () => {
    const { status, body } = await putRows<ErrorAnswer>(shop, '/stock', { json: ROW });
    expect(status).toBe(401);
    expect(body.code).toBe('NotAuthenticated');
    expect(body.error_list[0]!.code).toBe('api_key_required');
    const token = await shop.login('agent@example.com', 'Agent-2026!');
    // A storefront token is no key.
    const withToken = await shop.call('/api/manage/v1/stock', { method: 'PUT', headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(ROW) });
    expect(withToken.status).toBe(401);
  });

  it('answers 401 for an unknown key', async () => {
    const { status, body } = await putRows<ErrorAnswer>(shop, '/stock', { key: 'vsk_not-a-key-at-all', json: ROW, address: '203.0.113.20' });
    expect(status).toBe(401);
    expect(body.code).toBe('InvalidToken');
    expect(body.error_list[0]!.code).toBe('api_key_invalid');
  });

  it('answers 403 for a key without the scope, naming it', async () => {
    const key = await makeKey(shop, ['prices']);
    const { status, body } = await putRows<ErrorAnswer>(shop, '/stock', { key, json: ROW });
    expect(status).toBe(403);
    expect(body.code).toBe('Forbidden');
    expect(body.error_list[0]!.code).toBe('scope_missing');
    expect(body.detail).toContain("'stock'");
  });

  it('refuses a revoked key at once, and lists it as revoked', async () => {
    const { key, holder } = await createApiKey(shop.database.db, 'erp-revoked', ['stock'], new Date());
    expect((await putRows(shop, '/stock', { key, json: ROW })).status).toBe(200);
    await revokeApiKey(shop.database.db, 'erp-revoked', new Date());
    const { status, body } = await putRows<ErrorAnswer>(shop, '/stock', { key, json: ROW, address: '203.0.113.21' });
    expect(status).toBe(401);
    expect(body.code).toBe('InvalidToken');
    const listed = (await listApiKeys(shop.database.db)).find((k) => k.id === holder.id)!;
    expect(listed.revokedAt).not.toBeNull();
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('stores only a hash and a short prefix of the key', async () => {
    const { key } = await createApiKey(shop.database.db, 'erp-stored', ['stock'], new Date());
    const [row] = await shop.database.db.select().from(apiKeys).where(eq(apiKeys.name, 'erp-stored'));
    expect(key).toMatch(/^vsk_[A-Za-z0-9_-]{43}$/);
    expect(row!.secretHash).not.toContain(key.slice(4));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.startsWith(row!.prefix)).toBe(true);
    expect(row!.prefix.length).toBeLessThan(16);
  });

  it('refuses a duplicate name, a bad name and unknown scopes with the operator words', async () => {
    await createApiKey(shop.database.db, 'erp-twice', ['stock'], new Date());
    await expect(createApiKey(shop.database.db, 'erp-twice', ['stock'], new Date())).rejects.toMatchObject({ code: 'Conflict' });
    await expect(createApiKey(shop.database.db, 'has space', ['stock'], new Date())).rejects.toMatchObject({ code: 'ValidationFailed' });
    expect(() => parseScopes('stock,pricez')).toThrow("Unknown scope 'pricez'");
    expect(() => parseScopes('')).toThrow(ShopError);
    expect(parseScopes(' Stock , prices,stock')).toEqual(['stock', 'prices']);
    await expect(revokeApiKey(shop.database.db, 'nobody', new Date())).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('writes every change to the audit log with the key', async () => {
    const { key, holder } = await createApiKey(shop.database.db, 'erp-audited', ['stock', 'prices'], new Date());
    expect((await putRows(shop, '/stock', { key, text: 'ENO-0002;41\n' })).status).toBe(200);
    expect((await putRows(shop, '/prices', { key, text: 'C0001;ENO-0002;9,90\n' })).status).toBe(200);
    const rows = await shop.database.db.select().from(auditLog).where(eq(auditLog.apiKeyId, holder.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['prices.sync', 'stock.sync']);
    const stock = rows.find((r) => r.action === 'stock.sync')!;
    expect(stock.agentId).toBeNull();
    expect(stock.data).toMatchObject({ updated: 1, changes: [['ENO-0002', expect.any(Number), 41]] });
    // The key's name is what the audit shows.
    const [named] = await shop.database.db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, stock.apiKeyId!));
    expect(named!.name).toBe('erp-audited');
  });

  it('throttles wrong keys per address with 429 and Retry-After, and lets other addresses through', async () => {
    const address = '198.51.100.99';
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await putRows(shop, '/stock', { key: `vsk_guess${i}`, json: ROW, address })).status;
    expect(last).toBe(429);
    const refused = await putRows<ErrorAnswer>(shop, '/stock', { key: 'vsk_guess-again', json: ROW, address });
    expect(refused.body.code).toBe('TooManyAttempts');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const good = await makeKey(shop, ['stock']);
    expect((await putRows(shop, '/stock', { key: good, json: ROW, address: '198.51.100.100' })).status).toBe(200);
  });
});
