// Management API calls in API tests: keys made as the CLI makes them, calls with a Bearer key.
import { createApiKey, type ApiKeyScope } from '../../server/manage/api-keys';
import type { TestShop } from './test-shop';

export const MANAGE = '/api/manage/v1';

let made = 0;
export async function makeKey(shop: TestShop, scopes: ApiKeyScope[], name = `test-key-${++made}`): Promise<string> {
  return (await createApiKey(shop.database.db, name, scopes, new Date())).key;
}

export interface ManageAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** PUT rows to a sync call: a JSON value, or text sent as CSV (or as `type`). */
export async function putRows<T = unknown>(
  shop: TestShop,
  path: string,
  options: { key?: string; json?: unknown; text?: string; type?: string; address?: string },
): Promise<ManageAnswer<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.address ?? '203.0.113.7' };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.text;
  headers['Content-Type'] = options.type ?? (options.json !== undefined ? 'application/json' : 'text/csv');
  const response = await shop.call(`${MANAGE}${path}`, { method: 'PUT', headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}
