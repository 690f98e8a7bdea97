// A webhook receiver on 127.0.0.1 (node:http) for tests: keeps every request with its raw body,
// and answers what the test lines up (a status, a redirect, or silence), 200 once the line is empty.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

export type HookAnswer = { status: number; body?: string; location?: string } | 'silence';

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedHook[];
  /** Answers for the next requests, in order. */
  answers: HookAnswer[];
  close(): Promise<void>;
}

/** Listens on `port` (0: any free one). */
export async function startWebhookReceiver(port = 0, path = '/hooks/orders'): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const answers: HookAnswer[] = [];
  const sockets = new Set<Socket>();
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'silence') return void held.push(res);
      res.writeHead(answer.status, answer.location ? { Location: answer.location } : {});
      res.end(answer.body ?? '');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}${path}`,
    port: bound,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
