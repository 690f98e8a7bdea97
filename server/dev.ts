// npm run dev: Astro's dev server (hot reload) with the API, media and the same language
// routing as production, in one process on the configured database.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { AstroIntegration } from 'astro';
import {
  DEFAULT_LOCALE, localeCookie, localeFromCookieHeader,
} from '../src/lib/i18n/locales';
import { chooseLocale } from '../src/lib/i18n/locale-choice';
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
  const choice = chooseLocale({
    pathname: url.pathname,
    requested: url.searchParams.get('lan'),
    cookie: localeFromCookieHeader(req.headers.cookie),
    acceptLanguage: req.headers['accept-language'],
    defaultLocale: DEFAULT_LOCALE,
  });
  if (choice.kind === 'redirect') {
    res.writeHead(302, { Location: choice.location, ...(choice.setCookie ? { 'Set-Cookie': localeCookie(choice.setCookie) } : {}) });
    return void res.end();
  }
  const { locale, home } = choice;
  if (choice.setCookie) res.setHeader('Set-Cookie', localeCookie(choice.setCookie));
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
