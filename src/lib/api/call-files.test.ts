import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './call';
import { createClient, dispositionFileName } from './client';

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

describe('call() for answers beyond plain JSON (ADR 0018)', () => {
  it('reads a file operation as a blob named by Content-Disposition', async () => {
    answers.push(new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="FT-2026-00001.pdf"' } }));
    const result = await call(createClient({ locale: 'it', token: 't' }), 'getOrderDocument', { query: { order_id: 5, type: 'invoice' } });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/v3/client/orders/doc/');
    expect(url.searchParams.get('order_id')).toBe('5');
    expect(url.searchParams.get('type')).toBe('invoice');
    expect(result.ok && result.data.fileName).toBe('FT-2026-00001.pdf');
    expect(result.ok && result.data.contentType).toBe('application/pdf');
    expect(result.ok && (await result.data.blob.text())).toBe('%PDF-1.7');
  });

  it('answers a refused file as a failure with the API detail', async () => {
    answers.push(new Response(JSON.stringify({ detail: 'Not found.', error_list: [] }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
    const result = await call(createClient({ locale: 'it', token: 't' }), 'getOrderDocument', { query: { order_id: 5, type: 'invoice' } });
    expect(result).toMatchObject({ ok: false, error: { status: 404, detail: 'Not found.' } });
  });

  it('sends the headers it is given, and the path params filled in', async () => {
    answers.push(new Response('{"id":3}', { status: 201 }));
    await call(createClient({ locale: 'it', token: 't' }), 'placeOrder', { body: { cart: 4 }, headers: { 'Idempotency-Key': 'k-1' } });
    expect(requests[0]!.method).toBe('POST');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v3/client/checkout/');
    expect(requests[0]!.headers.get('Idempotency-Key')).toBe('k-1');
    await call(createClient({ locale: 'it', token: 't' }), 'deleteCartRow', { params: { id: 12 } });
    expect(requests[1]!.method).toBe('DELETE');
    expect(new URL(requests[1]!.url).pathname).toBe('/api/v3/client/carts/row/12/');
  });
});

describe('dispositionFileName', () => {
  it('reads the file name or falls back', () => {
    expect(dispositionFileName('inline; filename="FT-2026-00001.pdf"', 'x.pdf')).toBe('FT-2026-00001.pdf');
    expect(dispositionFileName("attachment; filename*=UTF-8''listino%20C0001.pdf", 'x.pdf')).toBe('listino C0001.pdf');
    expect(dispositionFileName(null, 'x.pdf')).toBe('x.pdf');
  });
});
