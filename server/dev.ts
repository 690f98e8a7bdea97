// npm run dev (server/start.ts --dev): Astro's dev server (hot reload) with the API, media and
// the same language routing as production, in one process on the configured database. The
// demo starter opens and seeds the shop; this module only serves it (ADR 0019).
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { AstroIntegration } from 'astro';
import { mediaDirOf, ROOT_DIR } from './config';
import type { Shop } from './runtime';
import { routeLocale } from './http/locale-routing';
import { indexFolder, safeRelative, sendFile } from './http/static-files';

type Next = (error?: unknown) => void;

export async function serveDev(shop: Shop): Promise<void> {
  const { config } = shop;
  shop.mail.start();
  shop.webhooks?.start();
  const apiListener = getRequestListener(shop.api.fetch);
  const media = await indexFolder(mediaDirOf(config.dataDir));
  const secureCookies = /^https:/i.test(config.publicSiteUrl);

  async function route(req: IncomingMessage, res: ServerResponse, next: Next) {
    const url = new URL(req.url ?? '/', 'http://dev.local');
    const relative = safeRelative(url.pathname) ?? '';
    if (url.pathname.startsWith('/api/')) return void apiListener(req, res);
    if (relative.startsWith('media/') && sendFile(req, res, media, relative.slice(6), { cacheControl: 'no-cache' })) return;
    // Vite's own paths (modules, HMR, assets) pass through untouched.
    // A page's payload.json is a page path like its page.
    if (/^\/(@|_astro|node_modules|src|\.astro|favicon)/.test(url.pathname) || (path.extname(url.pathname) && !url.pathname.endsWith('/payload.json'))) return next();
    const chosen = await routeLocale(req, res, url, { secureCookies });
    if (!chosen) return;
    req.headers['x-shop-locale'] = chosen.locale;
    req.headers['x-shop-path'] = url.pathname;
    req.url = `/${chosen.locale}/${chosen.home ? 'home' : relative.replace(/\/+$/, '')}${url.search}`;
    next();
  }

  const devRouting: AstroIntegration = {
    name: 'shop-dev-routing',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Next) => void route(req, res, next).catch(next));
      },
    },
  };

  const { dev } = await import('astro');
  const devServer = await dev({ root: ROOT_DIR, server: { port: config.port, host: config.host }, integrations: [devRouting] });
  const stop = async () => {
    await devServer.stop();
    await shop.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
