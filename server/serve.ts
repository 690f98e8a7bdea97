// Starts the HTTP server for an open shop, the page regeneration behind it, and stops both
// cleanly on SIGTERM / SIGINT.
import type { Server } from 'node:http';
import path from 'node:path';
import { readBuildInfo } from './build-site';
import { mediaDirOf } from './config';
import { createShopServer } from './http/server';
import { purgeNotifier } from './pages/purge';
import { useTagDatabase } from './pages/page-tags';
import { createRegenerator, type Regenerator } from './pages/regenerator';
import type { Shop } from './runtime';

/** How long a start waits for the pages changed since the build before it says it is running. */
const FIRST_ROUND_WAIT_MS = 60_000;

export async function serveShop(shop: Shop, log: (m: string) => void = console.log): Promise<Server> {
  const info = await readBuildInfo(shop.config.distDir);
  // On-demand pages carry the id of the build they belong to, like prerendered ones.
  if (info) process.env.SHOP_BUILD_ID = info.buildId;
  useTagDatabase(shop.database.db);
  const server = await createShopServer({ api: shop.api, distDir: shop.config.distDir, mediaDir: mediaDirOf(shop.config.dataDir),
    publicSiteUrl: shop.config.publicSiteUrl,
    imageCacheDir: path.join(shop.config.dataDir, 'image-cache'),
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(shop.config.port, shop.config.host, () => resolve());
  });
  shop.mail.start();
  shop.webhooks?.start();
  let regenerator: Regenerator | undefined;
  if (info) {
    regenerator = createRegenerator({
      db: shop.database.db,
      writer: server.pageWriter,
      build: { buildId: info.buildId, dataAsOf: new Date(info.dataAsOf ?? info.builtAt), changesAsOf: info.changesAsOf },
      intervalMs: shop.config.pageRegenIntervalMs,
      onRegenerated: purgeNotifier(shop.config.pagePurgeUrl, log),
      log: (m) => log(`[pages] ${m}`),
    });
    // Pages changed while the shop was stopped are regenerated before it says it is running.
    await Promise.race([regenerator.runOnce().catch((e: unknown) => log(`[pages] first round failed: ${String(e)}`)), new Promise((r) => setTimeout(r, FIRST_ROUND_WAIT_MS).unref())]);
    regenerator.start();
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down…`);
    // Stop accepting, let requests in flight finish, then close the database cleanly.
    server.close(() => {
      (regenerator?.stop() ?? Promise.resolve())
        .then(() => shop.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('[shop] error while closing the database', error);
            process.exit(1);
          },
        );
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}
