// Opens the shop: database (migrated), API, and the in-process hook the storefront's API
// client uses during builds and on-demand renders.
import path from 'node:path';
import { mediaDirOf, privateDirOf, type Config } from './config';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { createOutboxWorker, type OutboxWorker } from './mail/outbox-worker';
import { createWebhookWorker } from './webhooks/webhook-worker';
import { createAnonymousCache, FRESH_READ_ENV } from './api/anonymous-answers';
import { createApi, type ShopApi } from './api/app';
import { openConfiguredDatabase, type Database, type Db } from './db/client';

export interface Shop {
  config: Config;
  database: Database;
  api: ShopApi;
  /** Sends the mail in mail_outbox; started by the processes that serve (not by a build). */
  mail: OutboxWorker;
  /** Posts the order webhooks in mail_outbox, when ORDER_WEBHOOK_URL is set; started with `mail`. */
  webhooks: OutboxWorker | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Runs on the migrated database before anything is served. The demo starters (start.ts,
   * build.ts) pass the seed here, so that serving code never imports it (ADR 0019).
   */
  prepare?: (db: Db) => Promise<unknown>;
  log?: (m: string) => void;
}

export async function openShop(config: Config, options: OpenOptions = {}): Promise<Shop> {
  const log = options.log ?? (() => {});
  // The serving processes run PGlite in a thread of its own, away from HTTP (ADR 0034).
  const database = await openConfiguredDatabase(config, { pgliteThread: config.pgliteThread });
  try {
    await database.migrate();
    log(`database ready (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}${config.pgliteThread ? ', in a worker thread' : ''}` : 'PostgreSQL'})`);
    await options.prepare?.(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);
  const mail = createOutboxWorker({
    db: database.db,
    mailer,
    shopEmail: config.shopEmail,
    publicSiteUrl: config.publicSiteUrl,
    maxAttempts: config.mailMaxAttempts,
    retryBaseMs: config.mailRetryBaseMs,
  });
  const webhooks = config.orderWebhook
    ? createWebhookWorker({ db: database.db, ...config.orderWebhook, publicSiteUrl: config.publicSiteUrl })
    : undefined;
  const api = createApi({
    db: database.db,
    // One wake-up for the whole outbox: an order writes a mail and a webhook in one commit.
    wakeMail: () => {
      mail.wake();
      webhooks?.wake();
    },
    orderWebhook: webhooks !== undefined,
    publicSiteUrl: config.publicSiteUrl,
    shopEmail: config.shopEmail,
    authTokenTtlHours: config.authTokenTtlHours,
    proxyUpstreams: config.proxyUpstreams,
    trustProxy: config.trustProxy,
    privateFilesDir: privateDirOf(config.dataDir),
    mediaDir: mediaDirOf(config.dataDir),
    anonymousCache: createAnonymousCache({ maxBytes: config.anonCacheBytes, versionIntervalMs: config.pageRegenIntervalMs }),
  });
  // Page renders read the database itself, never an answer kept from before the change they render.
  globalThis.__SHOP_API_FETCH__ = (request) => Promise.resolve(api.fetch(request, FRESH_READ_ENV));
  return {
    config,
    database,
    api,
    mail,
    webhooks,
    async close() {
      globalThis.__SHOP_API_FETCH__ = undefined;
      await Promise.all([mail.stop(), webhooks?.stop()]);
      await database.close();
    },
  };
}
