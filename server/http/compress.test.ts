import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressAnswer } from './compress';

const big = JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Prodotto ${i}` })) });
const api = new Hono();
api.get('/api/big', (c) => c.json(JSON.parse(big)));
api.get('/api/small', (c) => c.json({ ok: true }));
api.get('/api/stream', (c) => {
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 50; i++) controller.enqueue(encoder.encode(`<p>riga ${i} ${'x'.repeat(100)}</p>\n`));
      controller.close();
    },
  });
  return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8' });
});
const apiListener = getRequestListener(api.fetch);

function handler(req: IncomingMessage, res: ServerResponse) {
  compressAnswer(req, res);
  if (req.url === '/text') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=600' });
    return res.end('robots '.repeat(300));
  }
  if (req.url === '/no-transform') {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-transform' });
    return res.end('x'.repeat(5000));
  }
  if (req.url === '/png') {
    res.writeHead(200, { 'Content-Type': 'image/png' });
    return res.end(Buffer.alloc(5000));
  }
  void apiListener(req, res);
}

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer(handler).listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw answer (fetch would decode it). */
function get(path: string, acceptEncoding: string, method = 'GET') {
  return new Promise<{ headers: IncomingMessage['headers']; body: Buffer; status: number }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks), status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressAnswer', () => {
  it('answers the API in brotli when the client takes it, else gzip, else plain', async () => {
    const br = await get('/api/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(br.headers['content-length']).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(big);
    const gz = await get('/api/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(big);
    const plain = await get('/api/big', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(big);
  });

  it('compresses a streamed answer (an Astro render, a streamed API body)', async () => {
    const br = await get('/api/stream', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(br.body).toString();
    expect(text.split('\n').filter(Boolean)).toHaveLength(50);
  });

  it('compresses texts written with writeHead and end, keeping their headers', async () => {
    const gz = await get('/text', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=600');
    expect(zlib.gunzipSync(gz.body).toString()).toBe('robots '.repeat(300));
  });

  it('leaves alone small answers, images, no-transform and HEAD', async () => {
    const small = await get('/api/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
    expect((await get('/png', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/no-transform', 'br')).headers['content-encoding']).toBeUndefined();
    const head = await get('/text', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli at equal weight and follows q-values', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
