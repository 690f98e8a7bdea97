// Starts the HTTP server for an open shop and stops it cleanly on SIGTERM / SIGINT.
import type { Server } from 'node:http';
import path from 'node:path';
import { readBuildInfo } from './build-site';
import { watchFreshness } from './http/freshness';
import { createShopServer } from './http/server';
import type { Shop } from './runtime';
import { mediaDirOf } from './seed/seed';

export async function serveShop(shop: Shop, log: (m: string) => void = console.log): Promise<Server> {
  const info = await readBuildInfo(shop.config.distDir);
  // On-demand pages carry the id of the build they belong to, like prerendered ones.
  if (info) process.env.SHOP_BUILD_ID = info.buildId;
  const freshness = info ? watchFreshness(shop.database.db, new Date(info.dataAsOf ?? info.builtAt)) : undefined;
  await freshness?.refresh();
  const server = await createShopServer({ api: shop.api, distDir: shop.config.distDir, mediaDir: mediaDirOf(shop.config.dataDir), freshness,
    publicSiteUrl: shop.config.publicSiteUrl,
    imageCacheDir: path.join(shop.config.dataDir, 'image-cache'),
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(shop.config.port, shop.config.host, () => resolve());
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down…`);
    // Stop accepting, let requests in flight finish, then close the database cleanly.
    freshness?.stop();
    server.close(() => {
      shop.close().then(
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
