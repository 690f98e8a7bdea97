// npm run dev: Astro's dev server (hot reload) with the API, media and the same language
// routing as production, in one process on the configured database.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { AstroIntegration } from 'astro';
import {
  DEFAULT_LOCALE, HOME_PATHS, homeVariantLocale, isLocale, localeCookie, localeFromCookieHeader, negotiateLocale,
} from '../src/lib/i18n/locales';
import { loadConfig, ROOT_DIR } from './config';
import { openShop } from './runtime';
import { mediaDirOf } from './seed/seed';
import { indexFolder, safeRelative, sendFile } from './http/static-files';

const config = loadConfig();
const shop = await openShop(config, { seed: true, log: (m) => console.log(`[shop] ${m}`) });
shop.mail.start();
const apiListener = getRequestListener(shop.api.fetch);
const media = await indexFolder(mediaDirOf(config.dataDir));

type Next = (error?: unknown) => void;

function route(req: IncomingMessage, res: ServerResponse, next: Next) {
  const url = new URL(req.url ?? '/', 'http://dev.local');
  const relative = safeRelative(url.pathname) ?? '';
  if (url.pathname.startsWith('/api/')) return void apiListener(req, res);
  if (relative.startsWith('media/') && sendFile(req, res, media, relative.slice(6), { cacheControl: 'no-cache' })) return;
  // Vite's own paths (modules, HMR, assets) pass through untouched.
  // A page's payload.json is a page path like its page.
  if (/^\/(@|_astro|node_modules|src|\.astro|favicon)/.test(url.pathname) || (path.extname(url.pathname) && !url.pathname.endsWith('/payload.json'))) return next();
  const cookie = localeFromCookieHeader(req.headers.cookie);
  if (relative === '') {
    const locale = cookie ?? negotiateLocale(req.headers['accept-language']);
    res.writeHead(302, { Location: HOME_PATHS[locale], ...(cookie ? {} : { 'Set-Cookie': localeCookie(locale) }) });
    return void res.end();
  }
  const requested = url.searchParams.get('lan');
  const home = homeVariantLocale(url.pathname);
  const explicit = home ?? (isLocale(requested) ? requested : undefined);
  const locale = explicit ?? cookie ?? DEFAULT_LOCALE;
  if (explicit && explicit !== cookie) res.setHeader('Set-Cookie', localeCookie(explicit));
  req.headers['x-shop-locale'] = locale;
  req.headers['x-shop-path'] = url.pathname;
  req.url = `/${locale}/${home ? 'home' : relative.replace(/\/+$/, '')}${url.search}`;
  next();
}

const devRouting: AstroIntegration = {
  name: 'shop-dev-routing',
  hooks: {
    'astro:server:setup': ({ server }) => {
      server.middlewares.use(route);
    },
  },
};

const { dev } = await import('astro');
const devServer = await dev({ root: ROOT_DIR, server: { port: config.port, host: config.host }, integrations: [devRouting] });
console.log(`\n  Vinoshop (dev) at http://localhost:${config.port}\n`);
const stop = async () => {
  await devServer.stop();
  await shop.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
