// The one Node process of the shop: hashed assets, media, the API, prerendered pages for the
// visitor's locale, on-demand pages, and translated error pages (ARCHITECTURE.md, "One picture").
import compression from 'compression';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import {
  HOME_PATHS, homeVariantLocale, isLocale, localeCookie, localeFromCookieHeader, negotiateLocale, DEFAULT_LOCALE,
  type Locale,
} from '../../src/lib/i18n/locales';
import type { ShopApi } from '../api/app';
import { BUILD_MANIFEST_PATH } from '../../src/lib/build-guard';
import { readBuildInfo } from '../build-site';
import type { Freshness } from './freshness';
import { buildRobots, buildSitemap, cached } from './sitemap';
import { sendResized, wantsResize } from './media-images';
import { isPublicFile, resolvePage } from './page-routing';
import { indexFolder, safeRelative, sendFile, type StaticIndex } from './static-files';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void, locals?: object) => Promise<void>;

export interface ServerOptions {
  api: ShopApi;
  distDir: string;
  mediaDir: string;
  /** Pages whose content changed after the build, served on demand instead. */
  freshness?: Freshness;
  /** Public address of the site, for sitemap and robots. */
  publicSiteUrl: string;
  /** Where sized copies of pictures are kept. */
  imageCacheDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Pages may change with every build and per cookie: caches must check back each time.
const PAGE_CACHE = 'public, max-age=0, must-revalidate';
const MEDIA_CACHE = 'public, max-age=86400';

const compress = compression({ threshold: 1024 });

export async function createShopServer(options: ServerOptions) {
  const client = await indexFolder(path.join(options.distDir, 'client'));
  const media = await indexFolder(options.mediaDir);
  const entry = (await import(pathToFileURL(path.join(options.distDir, 'server/entry.mjs')).href)) as { handler: AstroHandler };
  const astro = entry.handler;
  const apiListener = getRequestListener(options.api.fetch);
  const buildInfo = await readBuildInfo(options.distDir);
  const sitemap = cached(() => buildSitemap(options.api, options.publicSiteUrl));
  const robots = cached(() => buildRobots(options.api, options.publicSiteUrl));

  /** Small generated texts (robots, sitemap, build manifest), compressed when worth it. */
  async function sendText(req: IncomingMessage, res: ServerResponse, type: string, text: string, cacheControl: string) {
    await new Promise<void>((resolve) => compress(req as never, res as never, () => resolve()));
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  async function renderWithAstro(req: IncomingMessage, res: ServerResponse, url: string, locale: Locale, publicPath: string) {
    req.url = url;
    req.headers['x-shop-locale'] = locale;
    req.headers['x-shop-path'] = publicPath;
    res.setHeader('Content-Language', locale);
    res.setHeader('Vary', 'Cookie');
    res.setHeader('Cache-Control', 'no-store');
    await new Promise<void>((resolve) => compress(req as never, res as never, () => resolve()));
    await astro(req, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://shop.local');
    const { pathname } = url;

    if (pathname.startsWith('/api/')) {
      await new Promise<void>((resolve) => compress(req as never, res as never, () => resolve()));
      return apiListener(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('Method Not Allowed');
    }
    if (pathname === '/robots.txt') return sendText(req, res, 'text/plain; charset=utf-8', await robots(), 'public, max-age=600');
    if (pathname === '/sitemap.xml') return sendText(req, res, 'application/xml; charset=utf-8', await sitemap(), 'public, max-age=600');
    if (pathname === BUILD_MANIFEST_PATH) {
      // Open tabs compare their build id with this one to notice a new deploy.
      return sendText(req, res, 'application/json; charset=utf-8', JSON.stringify({ buildId: buildInfo?.buildId ?? null, builtAt: buildInfo?.builtAt ?? null }), 'no-cache');
    }
    const relative = safeRelative(pathname);
    if (relative === null) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('Bad Request');
    }
    if (relative.startsWith('_astro/')) {
      if (sendFile(req, res, client, relative, { cacheControl: IMMUTABLE })) return;
    } else if (relative.startsWith('media/')) {
      const file = relative.slice('media/'.length);
      const width = wantsResize(file, url.searchParams.get('w'));
      if (width && (await sendResized(req, res, media, options.imageCacheDir, file, width))) return;
      if (sendFile(req, res, media, file, { cacheControl: MEDIA_CACHE })) return;
    } else if (isPublicFile(client, relative)) {
      sendFile(req, res, client, relative, { cacheControl: 'public, max-age=3600' });
      return;
    }

    const cookieLocale = localeFromCookieHeader(req.headers.cookie);
    if (relative === '') {
      // The root detects the language once, remembers it, and sends the visitor to its home.
      const locale = cookieLocale ?? negotiateLocale(req.headers['accept-language']);
      res.writeHead(302, {
        Location: HOME_PATHS[locale],
        'Cache-Control': 'no-store',
        Vary: 'Cookie, Accept-Language',
        ...(cookieLocale ? {} : { 'Set-Cookie': localeCookie(locale) }),
      });
      return res.end();
    }

    // ?lan=xx (language switch, hreflang links) and home variants pick the language explicitly.
    const requested = url.searchParams.get('lan');
    const explicit = homeVariantLocale(pathname) ?? (isLocale(requested) ? requested : undefined);
    const locale = explicit ?? cookieLocale ?? DEFAULT_LOCALE;
    if (explicit && explicit !== cookieLocale) res.setHeader('Set-Cookie', localeCookie(explicit));

    const target = resolvePage(client, relative, locale, options.freshness);
    if (target.kind === 'file') {
      sendFile(req, res, client, target.relative, { cacheControl: PAGE_CACHE, headers: { 'Content-Language': locale, Vary: 'Cookie' } });
      return;
    }
    const publicPath = `/${relative.replace(/\/+$/, '')}`;
    // Unknown paths go to Astro without a matching route: it answers with its 404 page.
    await renderWithAstro(req, res, target.kind === 'on-demand' ? target.url : '/404', locale, publicPath);
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[http]', req.method, req.url, error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      } else res.destroy();
    });
  });
}

export type { StaticIndex };
