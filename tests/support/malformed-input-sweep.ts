// Feeds malformed input to every documented call as one kind of caller (anonymous, a customer's
// user, an agent), and expects a 4xx (or a normal answer), never a 5xx. Each caller has its own
// test file (tests/api/malformed-input-*.test.ts), so that the sweep, the longest part of the API
// tests, is shared out among the test workers instead of keeping one busy after the others end.
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations } from '../../server/api/openapi/document';

const OPERATIONS = documentedOperations();
import type { Operation } from '../../server/api/openapi/operation';
import { LOGINS, openTestShop, type TestShop } from './test-shop';
import { hasInvalidCharacters } from '../../src/lib/rules/text';
import { API_ERRORS } from '../../server/api/errors';
import { ERROR_CODES } from '../../src/lib/contract/error-codes';

export type Caller = 'anonymous' | 'customer' | 'agent';

export function defineMalformedInputSweep(who: Caller): void {
  let shop: TestShop;
  const tokens: Record<string, string | undefined> = { anonymous: undefined };
  beforeAll(async () => {
    shop = await openTestShop();
    if (who === 'customer') tokens.customer = await shop.login(...LOGINS.b2b);
    if (who === 'agent') tokens.agent = await shop.login(...LOGINS.agent);
  });
  afterAll(() => shop?.close());

  const BAD_VALUES = ['', 'abc', '-1', '0', '1.5', '99999999999999999999', "1' or '1'='1", '%00', '../../etc/passwd', '[]', '{}', 'null', 'x'.repeat(5000), '🍷'];
  const BAD_JSON_VALUES: unknown[] = [null, -1, 0, 1.5, 1e300, 'abc', '', [], {}, true, 'x'.repeat(20_000), { $gt: '' }];

  const fieldsOf = (schema: v.GenericSchema | undefined): string[] => {
    const entries = (schema as unknown as { entries?: Record<string, unknown> } | undefined)?.entries;
    return entries ? Object.keys(entries) : [];
  };

  /**
 * Bulk calls (site/product-pages/ answers up to 500 whole product pages) are asked for one item
 * while another parameter is the bad one: the bad value is checked all the same, and the sweep
 * does not spend minutes building answers nobody reads.
 */
function smallAnswer(parameters: string[], swept: string): [string, string][] {
  return parameters.includes('limit') && swept !== 'limit' ? [['limit', '1']] : [];
}

function pathWith(op: Operation, value: string): string {
    return op.path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
  }

  /**
   * The one 5xx the spec asks for: an unknown key of config/system/{key}/ is its fatal 500
   * "Unexpexted error" (spec section 7), answered on purpose with its code, not a crash.
   */
  function specMandated500(path: string, status: number, text: string): boolean {
    if (status !== 500 || !/^\/?config\/system\//.test(path)) return false;
    const body = JSON.parse(text) as { code?: unknown; detail?: unknown };
    return body.code === 'SettingNotFound' && body.detail === 'Unexpexted error';
  }
  /** Below 500, or the spec's own 500 for `path`. */
  const statusOf = (path: string, status: number, text: string) => (specMandated500(path, status, text) ? 499 : status);

  async function expectNo5xx(label: string, response: Response) {
    const text = await response.text();
    expect(statusOf(label.split(' ')[1] ?? '', response.status, text), `${label} → ${response.status} ${text.slice(0, 200)}`).toBeLessThan(500);
    if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
      const body = JSON.parse(text) as { detail?: unknown; error_list?: unknown; code?: unknown };
      expect(typeof body.detail, label).toBe('string');
      expect(Array.isArray(body.error_list), label).toBe(true);
      expect(ERROR_CODES, label).toContain(body.code);
      expect(text, label).not.toMatch(/at .+\.(ts|js):\d+/);
    }
  }

  describe(`malformed input as ${who}`, () => {
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
          const url = `${path}?${new URLSearchParams([[field, value], [field, value], ...smallAnswer(fieldsOf(op.query), field)])}`;
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

  // The sweep over the published contract (issue 11): every operation of openapi.json, every
  // parameter and body field, with the characters and numbers that once reached the database as
  // 500s. The other fields of a body are plausible, so a bad value gets as far as it can.
  type Json = Record<string, unknown>;
  interface DocParameter { name: string; in: 'path' | 'query'; schema: Json }
  interface DocOperation { parameters: DocParameter[]; requestBody?: { content: { 'application/json': { schema: Json } } }; security?: Json[] }

  /** Already percent-encoded: NUL, CR/LF, non-Latin text, a lone surrogate and overlong or cut UTF-8, numbers past int4. */
  const RAW_URL_VALUES = [
    '%00', 'a%00b', '%0D%0A', 'a%0Ab', '%E2%80%9Cvino%E2%80%9D', '%F0%9F%8D%B7', '%ED%A0%80', '%C0%AF', '%E0%A4%A', '%',
    '10000000000', '2147483648', '1099511627776', '-1', '1.5', 'NaN', '', 'x'.repeat(3000), '9'.repeat(30),
  ];
  const NUL_URL_VALUES = new Set(['%00', 'a%00b', '%ED%A0%80', '%C0%AF', '%E0%A4%A']);
  const SWEEP_JSON_VALUES: unknown[] = [
    '\u0000', 'a\u0000b', '\r\n', 'a\nb', '“vino”', '🍷', '\ud800', 'x\udc00', 1e10, -1e10, 2 ** 31, 2 ** 40, -1, 1.5, 'NaN', '1e10', null, true, [], {}, '',
    'x'.repeat(20_000), ['\u0000'], { k: '\u0000' },
  ];
  const hasNul = (value: unknown) => typeof value === 'string' && hasInvalidCharacters(value);

  describe('sweep over the published OpenAPI document', () => {
    let document: { paths: Record<string, Record<string, DocOperation>> };
    const ids: Record<string, number> = {};
    // Own tokens: the block above signs its tokens out (auth/logout/ is one of its calls).
    const sweepTokens: Record<string, string | undefined> = { anonymous: undefined };
    beforeAll(async () => {
      // The customer's token also finds plausible ids (cart, addresses) whoever calls.
      sweepTokens.customer = await shop.login(...LOGINS.b2b);
      if (who === 'agent') sweepTokens.agent = await shop.login(...LOGINS.agent);
      document = (await shop.json<typeof document>('openapi.json')).body;
      const auth = { Authorization: `Token ${sweepTokens.customer}`, 'Content-Type': 'application/json' };
      const cart = (await shop.json<{ id: number }>('carts/get-or-create/', { method: 'POST', headers: auth, body: '{}' })).body;
      const wishlist = (await shop.json<{ id: number }>('wishlists/get-or-create/', { method: 'POST', headers: auth, body: '{}' })).body;
      const init = (await shop.json<{ billing_address: number; shipping_address: number; payment_methods: { id: number }[]; shipping_policies: { id: number }[]; customer: { id: number } }>(
        'checkout/init/', { method: 'POST', headers: auth, body: JSON.stringify({ cart: cart.id }) })).body;
      const products = (await shop.json<{ results: { id: number }[] }>('products/p/?page_size=1')).body;
      Object.assign(ids, {
        cart: cart.id, wishlist: wishlist.id, product: products.results[0]!.id, customer: init.customer.id,
        billing_address: init.billing_address, shipping_address: init.shipping_address,
        payment_method: init.payment_methods[0]!.id, shipping_method: init.shipping_policies[0]!.id,
      });
    });

    /** A plausible value for a field of the document's schema. */
    function plausible(name: string, schema: Json): unknown {
      const options = (schema.anyOf as Json[] | undefined)?.find((s) => s.type !== 'null') ?? schema;
      if (Array.isArray(options.enum)) return options.enum[0];
      if (name in ids) return ids[name];
      const strings: Record<string, string> = {
        username: 'nobody@example.com', email: 'sweep@example.com', password: 'Wrong-pass-1!', old_password: 'Wrong-pass-1!', otp: '000000',
        country: 'IT', postal_code: '00100', phone: '+39 06 1234567', coupon: 'NOPE', type: 'Shipping',
      };
      switch (options.type) {
        case 'integer': case 'number': return 1;
        case 'boolean': return true;
        case 'array': return [];
        default: return strings[name] ?? 'Prova';
      }
    }

    it('publishes every operation of the API', () => {
      const published = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
      expect(published).toBe(OPERATIONS.length);
    });

    const operations = OPERATIONS.map((op) => `${op.method.toUpperCase()} /${op.path}`);
    describe(`as ${who}`, () => {
      it.each(operations)('%s', async (label) => {
        const [method, path] = label.split(' ') as [string, string];
        const op = document.paths[path]![method.toLowerCase()]!;
        // Signing out would end the token the rest of the sweep uses.
        if (who !== 'anonymous' && path.startsWith('/auth/logout')) return;
        if (who === 'agent' && !op.security) return;
        const headers = (): Record<string, string> => (sweepTokens[who] ? { Authorization: `Token ${sweepTokens[who]}` } : {});
        const params = op.parameters;
        const withPath = (values: Record<string, string>) => path.slice(1).replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
        const check = async (what: string, response: Response, nulField?: string) => {
          const text = await response.text();
          const where = `${who} ${method} ${what} → ${response.status} ${text.slice(0, 200)}`;
          expect(statusOf(what, response.status, text), where).toBeLessThan(500);
          if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
            const body = JSON.parse(text) as { detail?: unknown; error_list?: unknown; code?: unknown };
            expect(typeof body.detail, where).toBe('string');
            expect(Array.isArray(body.error_list), where).toBe(true);
            expect(ERROR_CODES, where).toContain(body.code);
            // The database's refusal (server/api/data-exception.ts) is a safety net: the contract must have said no first.
            expect(body.detail, where).not.toBe(API_ERRORS.InvalidValue.detail);
            if (nulField && response.status === 400) {
              expect(body.error_list, where).toContainEqual(expect.objectContaining({ field: nulField, code: 'invalid_characters' }));
            }
          }
          if (nulField && !path.startsWith('/client-proxy')) expect(response.status, where).toBe(400);
        };
        for (const p of params.filter((x) => x.in === 'path')) {
          for (const raw of RAW_URL_VALUES) {
            const url = withPath({ [p.name]: raw });
            await check(url, await shop.call(url, { method, headers: headers() }), NUL_URL_VALUES.has(raw) ? 'path' : undefined);
          }
        }
        for (const p of params.filter((x) => x.in === 'query')) {
          for (const raw of RAW_URL_VALUES) {
            const url = `${withPath({})}?${new URLSearchParams(smallAnswer(params.map((x) => x.name), p.name))}&${p.name}=${raw}`.replace('?&', '?');
            await check(url, await shop.call(url, { method, headers: headers() }), NUL_URL_VALUES.has(raw) ? p.name : undefined);
          }
        }
        const schema = op.requestBody?.content['application/json'].schema;
        if (!schema) return;
        const properties = (schema.properties ?? {}) as Record<string, Json>;
        const base = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, plausible(name, s)]));
        const url = withPath({});
        for (const field of Object.keys(properties)) {
          for (const value of SWEEP_JSON_VALUES) {
            const body = JSON.stringify({ ...base, [field]: value });
            const response = await shop.call(url, { method, headers: { ...headers(), 'Content-Type': 'application/json' }, body });
            const signedIn = who !== 'anonymous' || !op.security;
            await check(`${url} {${field}: ${JSON.stringify(value).slice(0, 30)}}`, response, signedIn && hasNul(value) && response.status === 400 ? field : undefined);
          }
        }
      });
    });
  });
}
