// Opens the shop: database (migrated), API, and the in-process hook the storefront's API
// client uses during builds and on-demand renders.
import path from 'node:path';
import type { Config } from './config';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { createOutboxWorker, type OutboxWorker } from './mail/outbox-worker';
import { createApi, type ShopApi } from './api/app';
import { openConfiguredDatabase, type Database } from './db/client';
import { mediaDirOf, privateDirOf, seedDemoShop } from './seed/seed';

export interface Shop {
  config: Config;
  database: Database;
  api: ShopApi;
  /** Sends the mail in mail_outbox; started by the processes that serve (not by a build). */
  mail: OutboxWorker;
  close(): Promise<void>;
}

export async function openShop(config: Config, options: { seed?: boolean; log?: (m: string) => void } = {}): Promise<Shop> {
  const log = options.log ?? (() => {});
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    log(`database ready (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
    if (options.seed) await seedDemoShop(database.db, { mediaDir: mediaDirOf(config.dataDir), privateDir: privateDirOf(config.dataDir), log });
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
  const api = createApi({
    db: database.db,
    wakeMail: () => mail.wake(),
    publicSiteUrl: config.publicSiteUrl,
    shopEmail: config.shopEmail,
    authTokenTtlHours: config.authTokenTtlHours,
    proxyUpstreams: config.proxyUpstreams,
    trustProxy: config.trustProxy,
    privateFilesDir: privateDirOf(config.dataDir),
  });
  globalThis.__SHOP_API_FETCH__ = (request) => Promise.resolve(api.fetch(request));
  return {
    config,
    database,
    api,
    mail,
    async close() {
      globalThis.__SHOP_API_FETCH__ = undefined;
      await mail.stop();
      await database.close();
    },
  };
}
