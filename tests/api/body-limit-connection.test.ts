// A body over the API's limit is answered 413 and the client's next request still works: on the
// same keep-alive connection when the body was declared (it is read and dropped first), on a new
// one when it was not (the 413 says Connection: close). The server is wired as server/http/server.ts
// wires the API, on 127.0.0.1.
import { createServer, Agent, request, type Server } from 'node:http';
import net from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/api/app';
import { refuseOversizedBody } from '../../server/http/body-limit';
import { API, openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let server: Server;
let port: number;

beforeAll(async () => {
  shop = await openTestShop();
  const listener = getRequestListener(shop.api.fetch);
  server = createServer((req, res) => {
    if (refuseOversizedBody(req, res, MAX_BODY_BYTES)) return;
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await shop?.close();
});

const bigBody = JSON.stringify({ message: 'x'.repeat(MAX_BODY_BYTES + 50_000) });

/** Raw HTTP/1.1 on one socket: the answers read, and whether the server closed it. */
async function onOneSocket(first: string, second: string): Promise<{ text: string; closed: boolean }> {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(first);
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  };
  await until(() => text.includes('413') || closed);
  if (!closed) socket.write(second);
  await until(() => (text.match(/HTTP\/1\.1 /g) ?? []).length >= 2 || closed);
  socket.destroy();
  return { text, closed };
}

const GET_SETTINGS = `GET ${API}/config/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe('413 on a keep-alive connection', () => {
  it('reads and drops a declared oversized body, answers 413, and serves the next request on the same connection', async () => {
    const first = `POST ${API}/contact/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bigBody.length}\r\n\r\n${bigBody}`;
    const { text, closed } = await onOneSocket(first, GET_SETTINGS);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('"detail":"The request body is too large."');
    expect(text).toContain('"code":"PayloadTooLarge"');
    const answers = text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    expect(answers, text.slice(0, 400)).toHaveLength(2);
    expect(answers[1]).not.toMatch(/ 5\d\d$/);
    expect(closed).toBe(false);
  });

  it('closes the connection after a 413 for a chunked oversized body, saying so', async () => {
    const first = `POST ${API}/contact/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${bigBody.length.toString(16)}\r\n${bigBody}\r\n0\r\n\r\n`;
    const { text } = await onOneSocket(first, GET_SETTINGS);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(text).toContain('"code":"PayloadTooLarge"');
  });

  it('lets a keep-alive agent send its next request without a dropped request or ECONNRESET', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string, chunked = false) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
        if (body !== undefined && !chunked) headers['Content-Length'] = Buffer.byteLength(body);
        const req = request({ host: '127.0.0.1', port, method, path: `${API}/${path}`, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (const chunked of [false, true]) {
        expect((await send('POST', 'contact/', bigBody, chunked)).status).toBe(413);
        const next = await send('GET', 'config/');
        expect(next.status, next.text).toBeLessThan(500);
      }
    } finally {
      agent.destroy();
    }
  });
});
