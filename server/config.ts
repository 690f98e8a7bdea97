// Every setting the process reads from its environment, in one place, with its default.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const env = (name: string): string | undefined => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

function intEnv(name: string, fallback: number): number {
  const raw = env(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; without it the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Where PGlite, generated media and the mail outbox live. */
  dataDir: string;
  /**
   * PGLITE_THREAD: the serving process runs PGlite in a worker thread of its own (default true,
   * ADR 0034); false runs it on the HTTP thread, as before (kept for comparison: npm run bench -- pglite).
   */
  pgliteThread: boolean;
  /** Another backend speaking the same API; the build and on-demand pages read from it. */
  shopApiUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact-form messages and order copies for the shop go. */
  shopEmail: string;
  publicSiteUrl: string;
  authTokenTtlHours: number;
  distDir: string;
  /** client-proxy upstreams, from CLIENT_PROXY_UPSTREAMS="name=https://host,other=https://..." */
  proxyUpstreams: Record<string, string>;
  /** How many reverse proxies / CDN hops in front of the shop append to X-Forwarded-For (0: none). */
  trustProxy: number;
  /** How often the server looks for content changes to regenerate pages (ms). */
  pageRegenIntervalMs: number;
  /** Memory for anonymous catalogue answers (ANON_CACHE_BYTES, 0 = off; ADR 0033). */
  anonCacheBytes: number;
  /** Called (POST {paths, tags}) after pages were regenerated, to purge a CDN. */
  pagePurgeUrl: string | undefined;
  /** PostgreSQL: how long a query waits for a connection before the request fails with 503 (ms). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: longest a statement may run (ms, 0 = no limit; migrations have none). */
  dbStatementTimeoutMs: number;
  /** Tries per mail before it is marked failed (ADR 0010). */
  mailMaxAttempts: number;
  /** Wait before the first retry of a mail; doubles each time, up to an hour (ms). */
  mailRetryBaseMs: number;
  /** Orders out to the ERP (ADR 0029): each placed order is POSTed here, signed with the secret. */
  orderWebhook: OrderWebhookConfig | undefined;
}

export interface OrderWebhookConfig {
  url: string;
  secret: string;
}

/** Shorter than this, a shared secret can be guessed offline from one signed body. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/** ORDER_WEBHOOK_URL and ORDER_WEBHOOK_SECRET: both or neither; a URL without a secret stops the start. */
export function parseOrderWebhook(url: string | undefined, secret: string | undefined): OrderWebhookConfig | undefined {
  if (url === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`ORDER_WEBHOOK_URL must be an http(s) address, got "${url}"`);
  if (secret === undefined) {
    throw new Error(
      'ORDER_WEBHOOK_URL is set but ORDER_WEBHOOK_SECRET is not: every order is sent signed, so that the receiver can tell the ' +
        "shop's orders from forged ones. Set ORDER_WEBHOOK_SECRET to a long random string (e.g. the output of `openssl rand -hex 32`) " +
        'and give the receiver the same one, or unset ORDER_WEBHOOK_URL.',
    );
  }
  if (secret.length < MIN_WEBHOOK_SECRET_LENGTH) {
    throw new Error(`ORDER_WEBHOOK_SECRET is ${secret.length} characters long: use at least ${MIN_WEBHOOK_SECRET_LENGTH} (e.g. the output of \`openssl rand -hex 32\`)`);
  }
  return { url, secret };
}

function parseUpstreams(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const cut = pair.indexOf('=');
    const name = pair.slice(0, cut).trim();
    const url = pair.slice(cut + 1).trim();
    if (cut < 1 || !/^[a-z0-9-]+$/.test(name) || !/^https?:\/\//.test(url)) {
      throw new Error(`CLIENT_PROXY_UPSTREAMS: "${pair}" is not name=https://host`);
    }
    out[name] = url.replace(/\/+$/, '');
  }
  return out;
}

function purgeUrl(raw: string | undefined): string | undefined {
  if (raw !== undefined && !/^https?:\/\/[^\s]+$/.test(raw)) throw new Error(`PAGE_PURGE_URL must be an http(s) address, got "${raw}"`);
  return raw;
}

function parsePgliteThread(raw: string | undefined): boolean {
  if (raw === undefined || raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`PGLITE_THREAD must be true or false, got "${raw}"`);
}

/** TRUST_PROXY: false (default), true (one proxy) or the number of proxies in front of the shop. */
export function parseTrustProxy(raw: string | undefined): number {
  if (raw === undefined || raw === 'false') return 0;
  if (raw === 'true') return 1;
  if (!/^\d{1,2}$/.test(raw)) throw new Error(`TRUST_PROXY must be true, false or a number of proxies, got "${raw}"`);
  return Number(raw);
}

/** Generated and uploaded media under the data directory (served at /media/). */
export const mediaDirOf = (dataDir: string) => path.join(dataDir, 'media');
/** Files only some users may download (customers' own documents). */
export const privateDirOf = (dataDir: string) => path.join(dataDir, 'private');

/**
 * The settings of this process. One it cannot run with stops it here, before anything is opened,
 * with the sentence that says what to change and no stack trace.
 */
export function loadConfig(): Config {
  try {
    return readConfig();
  } catch (error) {
    console.error(`[config] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function readConfig(): Config {
  const port = intEnv('PORT', 4321);
  const dataDir = path.resolve(ROOT_DIR, env('DATA_DIR') ?? '.data');
  return {
    port,
    host: env('HOST') ?? '0.0.0.0',
    databaseUrl: env('DATABASE_URL'),
    dataDir,
    pgliteThread: parsePgliteThread(env('PGLITE_THREAD')),
    shopApiUrl: env('SHOP_API_URL'),
    smtpUrl: env('SMTP_URL'),
    mailFrom: env('MAIL_FROM') ?? 'Vinoshop <noreply@vinoshop.example>',
    shopEmail: env('SHOP_EMAIL') ?? 'info@vinoshop.example',
    publicSiteUrl: (env('PUBLIC_SITE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    authTokenTtlHours: intEnv('AUTH_TOKEN_TTL_HOURS', 10),
    distDir: path.resolve(ROOT_DIR, env('DIST_DIR') ?? 'dist'),
    proxyUpstreams: parseUpstreams(env('CLIENT_PROXY_UPSTREAMS')),
    trustProxy: parseTrustProxy(env('TRUST_PROXY')),
    pageRegenIntervalMs: Math.max(intEnv('PAGE_REGEN_INTERVAL_MS', 2_000), 100),
    anonCacheBytes: Math.max(intEnv('ANON_CACHE_BYTES', 8 * 1024 * 1024), 0),
    pagePurgeUrl: purgeUrl(env('PAGE_PURGE_URL')),
    dbConnectTimeoutMs: intEnv('DB_CONNECT_TIMEOUT_MS', 5_000),
    dbStatementTimeoutMs: intEnv('DB_STATEMENT_TIMEOUT_MS', 60_000),
    mailMaxAttempts: Math.max(intEnv('MAIL_MAX_ATTEMPTS', 12), 1),
    mailRetryBaseMs: Math.max(intEnv('MAIL_RETRY_BASE_MS', 10_000), 100),
    orderWebhook: parseOrderWebhook(env('ORDER_WEBHOOK_URL'), env('ORDER_WEBHOOK_SECRET')),
  };
}
