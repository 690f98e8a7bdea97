// The one Node process of the shop: hashed assets, media, the API, prerendered pages for the
// visitor's locale, on-demand pages, and translated error pages (ARCHITECTURE.md, "One picture").
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { isLocale, localeFromCookieHeader, DEFAULT_LOCALE, type Locale } from '../../src/lib/i18n/locales';
import { MAX_BODY_BYTES, type ShopApi } from '../api/app';
import { MANAGE_BASE, manageBodyLimitOf } from '../api/manage/manage-app';
import { refuseOversizedBody } from './body-limit';
import { compressAnswer } from './compress';
import { routeLocale } from './locale-routing';
import { errorBody } from '../shop-errors';
import { BUILD_MANIFEST_PATH } from '../../src/lib/build-guard';
import { readBuildInfo } from '../build-site';
import { buildRobots, buildSitemap, SITEMAP_TTL_MS } from './sitemap';
import { ttlMemo } from '../../src/lib/cache/ttl-memo';
import { sendResized, wantsResize } from './media-images';
import { hotKey, keepHot, sendHot } from './hot-pages';
import { isPageFile, isPublicFile, pathHeaderValue, resolvePage } from './page-routing';
import { pageWriter, type PageWriter, type Rendered } from '../pages/page-writer';
import { tagsOfPage } from '../pages/page-tags';
import { indexFolder, safeRelative, sendFile, useCompressor, type StaticIndex } from './static-files';
import { compressBeside } from '../build-site';
import { isDatabaseUnavailable } from '../db/faults';
import { keepFramePolicy, pageSecurity, readPublicSetting, withPolicyMeta } from './security-headers';
import { answerFailure, builtErrorPages } from './server-error';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void, locals?: object) => Promise<void>;

export interface ServerOptions {
  api: ShopApi;
  distDir: string;
  mediaDir: string;
  /** Public address of the site, for sitemap and robots. */
  publicSiteUrl: string;
  /** Where sized copies of pictures are kept. */
  imageCacheDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Pages may change with every build and per cookie: caches must check back each time.
const PAGE_CACHE = 'public, max-age=0, must-revalidate';
const MEDIA_CACHE = 'public, max-age=86400';

const RENDER_TIMEOUT_MS = 30_000;

/** The database (or what is made from it) is away for now: the client may try again shortly. */
function unavailable(res: ServerResponse) {
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' });
  res.end('Service Unavailable');
}

export async function createShopServer(options: ServerOptions) {
  const clientDir = path.join(options.distDir, 'client');
  // Pages get their compressed copies on their first request (brotli 6, as regenerated ones).
  useCompressor((file, body) => compressBeside(file, body, 6));
  // Page files may be rewritten by this or another instance: looked at again after a second.
  const client = await indexFolder(clientDir, { live: isPageFile, recheckMs: 1_000 });
  // What a page request whose handling fails here answers: the built "Internal Server Error" page.
  const errorPages = builtErrorPages(clientDir);
  const media = await indexFolder(options.mediaDir);
  const entry = (await import(pathToFileURL(path.join(options.distDir, 'server/entry.mjs')).href)) as { handler: AstroHandler };
  const astro = entry.handler;
  const apiListener = getRequestListener(options.api.fetch);
  const buildInfo = await readBuildInfo(options.distDir);
  const builtAtMs = buildInfo ? Date.parse(buildInfo.builtAt) : 0;
  // Renders of the on-demand routes go through this server (loopback) with a secret only this
  // process knows: from outside, /fresh/* is not a page.
  const renderSecret = randomUUID();
  let renderBase: string | undefined;
  const render = async (url: string): Promise<Rendered> => {
    if (!renderBase) throw new Error('the server is not listening yet');
    const response = await fetch(renderBase + url, {
      headers: { 'x-shop-render': renderSecret, 'accept-encoding': 'identity' },
      redirect: 'manual',
      // A render that hangs (a database gone away) must not hold a regeneration round for ever.
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, body: withPolicyMeta(body, response.headers.get('content-security-policy')) };
  };
  const writer: PageWriter = pageWriter(clientDir, render, (relative) => client.refresh?.(relative));
  // Generated texts: a failure is not remembered, and the last text stands in for it.
  const sitemap = ttlMemo(() => buildSitemap(options.api, options.publicSiteUrl), { ttlMs: SITEMAP_TTL_MS, staleOnError: true });
  // The robots text is a setting: it follows a change within the half minute, without a rebuild.
  const robots = ttlMemo(() => buildRobots(options.api, options.publicSiteUrl), { ttlMs: 30_000, staleOnError: true });
  // The root's fallback language is the DEFAULT_LOCALE setting (spec section 3), read at most
  // every half minute; the database away, the built default.
  const defaultLocaleSetting = ttlMemo(() => readPublicSetting(options.api, 'DEFAULT_LOCALE').then((v) => v ?? ''), { ttlMs: 30_000, staleOnError: true });
  const settingLocale = async () => {
    const value = await defaultLocaleSetting.get().catch(() => '');
    return isLocale(value) ? value : undefined;
  };
  const security = pageSecurity(options.publicSiteUrl, () => readPublicSetting(options.api, 'PAGE_BUILDER_URL'));
  void security.refresh();
  const secureCookies = /^https:/i.test(options.publicSiteUrl);

  /** Small generated texts (robots, sitemap, build manifest), compressed when worth it. */
  async function sendText(req: IncomingMessage, res: ServerResponse, type: string, text: string, cacheControl: string) {
    compressAnswer(req, res);
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  async function renderWithAstro(req: IncomingMessage, res: ServerResponse, url: string, locale: Locale, publicPath: string) {
    req.url = url;
    req.headers['x-shop-locale'] = locale;
    req.headers['x-shop-path'] = pathHeaderValue(publicPath);
    res.setHeader('Content-Language', locale);
    res.setHeader('Vary', 'Cookie');
    res.setHeader('Cache-Control', 'no-store');
    keepFramePolicy(res);
    compressAnswer(req, res);
    await astro(req, res);
  }

  /** Headers of a page file or generated page: where it comes from, and its CDN cache tags. */
  function pageHeaders(locale: Locale, page: string, origin: 'prerendered' | 'regenerated' | 'on-demand') {
    const tags = [...tagsOfPage(page), `locale:${locale}`].join(' ');
    return { 'Content-Language': locale, Vary: 'Cookie', 'X-Shop-Page': origin, 'Cache-Tag': tags.replaceAll(' ', ','), 'Surrogate-Key': tags };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://shop.local');
    const { pathname } = url;

    if (pathname.startsWith('/fresh/') && req.headers['x-shop-render'] === renderSecret) return astro(req, res);

    if (pathname.startsWith('/api/')) {
      if (refuseOversizedBody(req, res, pathname.startsWith(MANAGE_BASE) ? manageBodyLimitOf(pathname) : MAX_BODY_BYTES)) return;
      compressAnswer(req, res);
      return apiListener(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('Method Not Allowed');
    }
    if (pathname === '/robots.txt' || pathname === '/sitemap.xml') {
      // Both are made from the API: with the database away and nothing kept, "try again".
      const text = await (pathname === '/robots.txt' ? robots.get() : sitemap.get()).catch(() => null);
      if (text === null) return unavailable(res);
      return sendText(req, res, pathname === '/robots.txt' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8', text, 'public, max-age=600');
    }
    if (pathname === BUILD_MANIFEST_PATH) {
      // Open tabs compare their build id with this one to notice a new deploy.
      return sendText(req, res, 'application/json; charset=utf-8', JSON.stringify({ buildId: buildInfo?.buildId ?? null, builtAt: buildInfo?.builtAt ?? null }), 'no-cache');
    }
    const relative = safeRelative(pathname);
    // No page has such a path (NUL, a broken encoding, a way out of the folder): the 404 page.
    if (relative === null) return renderWithAstro(req, res, '/404', localeFromCookieHeader(req.headers.cookie) ?? DEFAULT_LOCALE, '/');
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

    const chosen = await routeLocale(req, res, url, { secureCookies, settingLocale });
    if (!chosen) return;
    const { locale } = chosen;

    const target = resolvePage(client, relative, locale);
    if (target.kind === 'file') {
      const entry = client.get(target.relative);
      const origin = entry && entry.mtimeMs > builtAtMs ? 'regenerated' : 'prerendered';
      const key = hotKey(req, DEFAULT_LOCALE, locale);
      const onSent = (headers: Record<string, string>, body: Buffer) => keepHot(key, headers, body);
      if (sendFile(req, res, client, target.relative, { cacheControl: PAGE_CACHE, headers: pageHeaders(locale, target.page, origin), onSent })) return;
    }
    const publicPath = `/${relative.replace(/\/+$/, '')}`;
    if (target.kind === 'on-demand') {
      // A page without a file yet (not prerendered, or new): generated once, kept as a file, and
      // served from it; the next visitor gets the file (X-Shop-Page: regenerated).
      const outcome = await writer.write(locale, target.page, target.payload).then((r) => r.outcome, () => 'failed' as const);
      if (outcome === 'failed') {
        // The page could not be made now (its data did not answer): say so, and try again later.
        return answerFailure(req, res, errorPages, { unavailable: true, retryAfterSeconds: 30 });
      }
      const file = `${locale}/${target.page}/${target.payload ? 'payload.json' : 'index.html'}`;
      if (outcome === 'written' && sendFile(req, res, client, file, { cacheControl: PAGE_CACHE, headers: pageHeaders(locale, target.page, 'on-demand') })) return;
      if (target.payload) {
        res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        return res.end(JSON.stringify(errorBody('NotFound')));
      }
    }
    // Unknown paths go to Astro without a matching route: it answers with its 404 page.
    await renderWithAstro(req, res, '/404', locale, publicPath);
  }

  const server = createServer((req, res) => {
    // A page asked for again within the second: the answer kept whole, without a promise or a
    // parsed URL (hot-pages.ts).
    // Pages and files get the page headers; the API sets its own, and a render for a page file
    // must answer Astro's script policy alone (render()).
    const url = req.url ?? '/';
    if (!url.startsWith('/api/') && req.headers['x-shop-render'] !== renderSecret) security.apply(res, url);
    if (sendHot(res, hotKey(req, DEFAULT_LOCALE))) return;
    handle(req, res).catch((error: unknown) => {
      const away = isDatabaseUnavailable(error);
      console.error('[http]', req.method, req.url, away ? `database unavailable: ${error instanceof Error ? error.message : String(error)}` : error);
      // A page path gets the built error page in its language, the API its JSON body (server-error.ts).
      answerFailure(req, res, errorPages, { unavailable: away }).catch(() => res.destroy());
    });
  });
  server.on('listening', () => {
    const address = server.address();
    if (address && typeof address === 'object') renderBase = `http://${address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
  });
  return Object.assign(server, { pageWriter: writer });
}

export type { StaticIndex };
