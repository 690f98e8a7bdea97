// A seeded demo shop behind the API, for API tests (no server, no media files).
import * as v from 'valibot';
import { ErrorBodySchema } from '../../src/lib/contract/common';
import { createApi, type ShopApi } from '../../server/api/app';
import type { DepsInput } from '../../server/api/context';
import { memoryMailer, type Mailer, type MailMessage } from '../../server/mail/mailer';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from '../../server/mail/outbox-worker';
import { customers } from '../../server/db/schema';
import { seedDemoShop } from '../../server/seed/seed';
import { openTestDatabase, type TestDatabase } from './test-db';

export interface TestShop {
  database: TestDatabase;
  api: ShopApi;
  /** Mail sent so far: requests only write to the outbox, so call drainMail() first. */
  mail: MailMessage[];
  /** Sends everything due in the outbox now, as the server's worker would (answers the rows handled). */
  drainMail(): Promise<number>;
  /** The worker behind drainMail (never started: tests drive it). */
  mailWorker: OutboxWorker;
  /** GET/POST… a path under /api/v3/client. */
  call(path: string, init?: RequestInit): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  /** A JSON call as a signed-in user (token) or anonymously, with an optional JSON body. */
  send<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: T }>;
  /** Signs in with Basic credentials; answers the token. */
  login(username: string, password: string): Promise<string>;
  /** Signs in as each of these demo users; answers their tokens by name. */
  loginAs<K extends keyof typeof LOGINS>(...who: K[]): Promise<Record<K, string>>;
  /** Demo customer ids by code (C0001...). */
  customerIds(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** The demo logins (see server/seed/people.ts). */
export const LOGINS = {
  agent: ['agent@example.com', 'Agent-2026!'],
  agent2: ['agent2@example.com', 'Agent2-2026!'],
  b2b: ['b2b@example.com', 'Customer-2026!'],
  b2b2: ['b2b2@example.com', 'Customer-2026!'],
  consumer: ['consumer@example.com', 'Consumer-2026!'],
  renew: ['renew@example.com', 'Renew-2026!'],
} as const;

export const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export const API = '/api/v3/client';

/** An error answer must be `{detail, error_list}` (ADR 0018); anything else fails the test that got it. */
async function expectErrorShape(response: Response) {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json')) return;
  const body: unknown = await response.clone().json().catch(() => undefined);
  const checked = v.safeParse(ErrorBodySchema, body);
  if (!checked.success) throw new Error(`${response.status} answered outside the error shape: ${JSON.stringify(body)}`);
}

export async function openTestShop(
  options: {
    deps?: Partial<DepsInput>;
    mailer?: Mailer;
    worker?: Partial<OutboxWorkerOptions>;
    pgliteThread?: boolean;
    /** PostgreSQL pool size (5; the server's is 10). */
    poolSize?: number;
  } = {},
): Promise<TestShop> {
  // A copy of the run's seeded template; seeded here only where there is none (tests/bench).
  const database = await openTestDatabase({ template: 'seeded', pgliteThread: options.pgliteThread, poolSize: options.poolSize });
  if (!database.seeded) await seedDemoShop(database.db);
  const memory = memoryMailer();
  const mailWorker = createOutboxWorker({
    db: database.db,
    mailer: options.mailer ?? memory,
    shopEmail: options.deps?.shopEmail ?? 'info@vinoshop.example',
    publicSiteUrl: options.deps?.publicSiteUrl ?? 'http://localhost:4321',
    log: () => {},
    ...options.worker,
  });
  // Tests pose as different addresses through X-Forwarded-For.
  // Every answer is checked against its operation's response schema (a mismatch is a 500 that
  // names the field), and every error answer against the error shape.
  const api = createApi({ db: database.db, authDelayMs: 0, trustProxy: true, checkResponses: true, ...options.deps });
  const call = async (path: string, init?: RequestInit) => {
    const response = await api.request(path.startsWith('/api/') ? path : `${API}/${path.replace(/^\//, '')}`, init);
    // client-proxy/ passes the upstream's answers back as they came, errors included: their shape is the upstream's.
    if (!/^\/?(api\/v3\/client\/)?client-proxy\//.test(path)) await expectErrorShape(response);
    return response;
  };
  const login = async (username: string, password: string) => {
    const response = await call('auth/login/', { method: 'POST', headers: { Authorization: basic(username, password) } });
    const body = (await response.json()) as { token?: string; detail?: string };
    if (!body.token) throw new Error(`login ${username} failed: ${response.status} ${body.detail}`);
    return body.token;
  };
  return {
    database,
    api,
    mail: memory.sent,
    drainMail: () => mailWorker.drain(),
    mailWorker,
    call,
    async json<T>(path: string, init?: RequestInit) {
      const response = await call(path, init);
      return { status: response.status, body: (await response.json()) as T };
    },
    async send<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.Authorization = `Token ${options.token}`;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await call(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    login,
    async loginAs<K extends keyof typeof LOGINS>(...who: K[]) {
      const tokens = {} as Record<K, string>;
      for (const key of who) {
        const [username, password] = LOGINS[key];
        tokens[key] = await login(username, password);
      }
      return tokens;
    },
    async customerIds() {
      const rows = await database.db.select({ id: customers.id, code: customers.code }).from(customers);
      return Object.fromEntries(rows.map((c) => [c.code, c.id]));
    },
    async close() {
      await mailWorker.stop();
      await database.destroy();
    },
  };
}
