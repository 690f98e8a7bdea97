// Feeds malformed input to every documented call, anonymously and signed in, and expects a
// 4xx (or a normal answer) — never a 5xx.
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../server/api/openapi/operations';
import type { Operation } from '../../server/api/openapi/operation';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const tokens: Record<string, string | undefined> = { anonymous: undefined };
beforeAll(async () => {
  shop = await openTestShop();
  tokens.customer = await shop.login(...LOGINS.b2b);
  tokens.agent = await shop.login(...LOGINS.agent);
});
afterAll(() => shop?.close());

const BAD_VALUES = ['', 'abc', '-1', '0', '1.5', '99999999999999999999', "1' or '1'='1", '%00', '../../etc/passwd', '[]', '{}', 'null', 'x'.repeat(5000), '🍷'];
const BAD_JSON_VALUES: unknown[] = [null, -1, 0, 1.5, 1e300, 'abc', '', [], {}, true, 'x'.repeat(20_000), { $gt: '' }];

const fieldsOf = (schema: v.GenericSchema | undefined): string[] => {
  const entries = (schema as unknown as { entries?: Record<string, unknown> } | undefined)?.entries;
  return entries ? Object.keys(entries) : [];
};

function pathWith(op: Operation, value: string): string {
  return op.path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

async function expectNo5xx(label: string, response: Response) {
  const text = await response.text();
  expect(response.status, `${label} → ${response.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    const body = JSON.parse(text) as { detail?: unknown; error_list?: unknown };
    expect(typeof body.detail, label).toBe('string');
    expect(Array.isArray(body.error_list), label).toBe(true);
    expect(text, label).not.toMatch(/at .+\.(ts|js):\d+/);
  }
}

describe.each(['anonymous', 'customer', 'agent'])('malformed input as %s', (who) => {
  const headers = (): Record<string, string> => (tokens[who] ? { Authorization: `Token ${tokens[who]}` } : {});

  it.each(OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', async (_, op) => {
    const method = op.method.toUpperCase();
    // Bad path parameters.
    if (op.path.includes('{')) {
      for (const value of BAD_VALUES) {
        await expectNo5xx(`${method} ${pathWith(op, value)}`, await shop.call(pathWith(op, value), { method, headers: headers() }));
      }
    }
    const path = pathWith(op, '1');
    // Bad query values, one parameter at a time, plus repeated and unknown ones.
    for (const field of [...fieldsOf(op.query), 'page', 'page_size', 'order_by', 'locale', 'shop_context', 'customer']) {
      for (const value of BAD_VALUES.slice(0, 9)) {
        const url = `${path}?${new URLSearchParams([[field, value], [field, value]])}`;
        await expectNo5xx(`${method} ${url}`, await shop.call(url, { method, headers: headers() }));
      }
    }
    if (method === 'GET' || method === 'DELETE') return;
    // Bad bodies: not JSON, wrong shapes, wrong types per field, unknown fields, nesting.
    const send = (body: string, type = 'application/json') =>
      shop.call(path, { method, headers: { ...headers(), 'Content-Type': type }, body });
    for (const raw of ['{', '[1,2', 'null', '[]', '"text"', '123', '{"a":{"b":{"c":{"d":{}}}}}', '\u0000']) {
      await expectNo5xx(`${method} ${path} body ${raw}`, await send(raw));
    }
    await expectNo5xx(`${method} ${path} as text/plain`, await send('a=b', 'text/plain'));
    await expectNo5xx(`${method} ${path} too large`, await send(JSON.stringify({ x: 'x'.repeat(1_100_000) })));
    for (const field of [...fieldsOf(op.body), 'customer', 'cart', 'product', 'qty', 'unknown_field']) {
      for (const value of BAD_JSON_VALUES) {
        await expectNo5xx(`${method} ${path} {${field}: ${JSON.stringify(value).slice(0, 30)}}`, await send(JSON.stringify({ [field]: value })));
      }
    }
  });
});
