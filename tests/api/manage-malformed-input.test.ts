// The malformed-input sweep (tests/support/malformed-input-sweep.ts) for the management API, whose
// operations are not in the client API's document: every operation of its own document, with a
// key of every scope and without one, gets bad bodies, content types and query values, and answers
// a 4xx in the error shape (or a normal answer), never a 5xx nor a stack trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManageOpenApi } from '../../server/api/manage/manage-openapi';
import { API_KEY_SCOPES } from '../../server/manage/api-keys';
import { ERROR_CODES } from '../../src/lib/contract/error-codes';
import { makeKey, MANAGE } from '../support/manage-calls';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let key: string;
beforeAll(async () => {
  shop = await openTestShop();
  key = await makeKey(shop, [...API_KEY_SCOPES]);
});
afterAll(() => shop?.close());

const document = buildManageOpenApi(MANAGE) as { paths: Record<string, Record<string, unknown>> };
const OPERATIONS = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => [`${method.toUpperCase()} ${path}`, method.toUpperCase(), path] as const));

const BAD_BODIES: [string, string][] = [
  ['application/json', '{'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '123'],
  ['application/json', '[null, 1, "x", [], {}]'],
  ['application/json', '[{"code":{"$gt":""},"quantity":[1],"customer":true,"price":{}}]'],
  ['application/json', '[{"code":"A","quantity":1e300,"customer":"C","price":-1}]'],
  ['application/json', `[{"code":"${'x'.repeat(20_000)}","quantity":"1","customer":"C0001","price":"1"}]`],
  ['application/json', '[{"code":"\\ud800","quantity":1,"customer":"\\u0000","price":"1,5"}]'],
  ['application/json', '{"a":{"b":{"c":{"d":{}}}}}'],
  ['application/json', '\u0000'],
  ['text/csv', '\u0000'],
  ['text/csv', '"unclosed;1\n'],
  ['text/csv', ';;;;;;\n'],
  ['text/csv', "1' or '1'='1;1;1\n"],
  ['text/csv', '../../etc/passwd;99999999999999999999;1e5\n'],
  ['text/csv', '🍷;🍷;🍷\n'],
  ['text/csv', `${'x'.repeat(5000)};1;1\n`],
  ['text/csv', 'C0001;ENO-0001;NaN\nC0001;ENO-0001;Infinity\n'],
  ['text/plain', 'a=b'],
  ['application/x-www-form-urlencoded', 'code=A&quantity=1'],
  ['application/xml', '<rows/>'],
];
const BAD_QUERIES = ['unknown=', 'unknown=%00', 'unknown=skip&unknown=fail', 'unknown=' + 'x'.repeat(3000), 'locale=xx', '%E0%A4%A=1', 'unknown=%ED%A0%80'];

async function expectNo5xx(label: string, response: Response) {
  const text = await response.text();
  expect(response.status, `${label} → ${response.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  if (response.status >= 400) {
    const body = JSON.parse(text) as { detail?: unknown; error_list?: unknown; code?: unknown };
    expect(typeof body.detail, label).toBe('string');
    expect(Array.isArray(body.error_list), label).toBe(true);
    expect(ERROR_CODES, label).toContain(body.code);
    expect(text, label).not.toMatch(/at .+\.(ts|js):\d+/);
  }
}

describe('malformed input to the management API', () => {
  it.each(OPERATIONS)('%s', async (_, method, path) => {
    const url = `${MANAGE}${path}`;
    for (const auth of [`Bearer ${key}`, undefined, 'Bearer ', 'Bearer vsk_\u00ff', `Token ${key}`, 'Basic Zm9vOmJhcg==']) {
      for (const [type, body] of BAD_BODIES) {
        const headers: Record<string, string> = { 'Content-Type': type, 'X-Forwarded-For': '192.0.2.50' };
        if (auth !== undefined) headers.Authorization = auth;
        await expectNo5xx(`${method} ${path} [${auth?.slice(0, 12)}] ${type} ${body.slice(0, 30)}`, await shop.call(url, { method, headers, body }));
      }
    }
    for (const query of BAD_QUERIES) {
      await expectNo5xx(`${method} ${path}?${query.slice(0, 40)}`, await shop.call(`${url}?${query}`, { method, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' }, body: 'A;1\n' }));
    }
    for (const other of ['GET', 'POST', 'PATCH', 'DELETE']) {
      await expectNo5xx(`${other} ${path}`, await shop.call(url, { method: other, headers: { Authorization: `Bearer ${key}` } }));
    }
  });
});
