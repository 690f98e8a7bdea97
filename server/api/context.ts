import type { Db } from '../db/client';
import type { Locale, ShopContext } from '../../src/lib/contract/common';
import type { AuthUser } from '../auth/auth-user';
import { createAnonymousCache, type AnonymousCache } from './anonymous-answers';

/** What the API needs from the process that hosts it. */
export interface ApiDeps {
  db: Db;
  /** Mail is written to the outbox in the request's transaction; this asks the worker to look now. */
  wakeMail: () => void;
  /** An order webhook is configured: each placed order writes its delivery to the outbox (ADR 0029). */
  orderWebhook: boolean;
  /** Base URL of the public site, for links in mail and documents. */
  publicSiteUrl: string;
  /** Where contact messages and order copies go. */
  shopEmail: string;
  authTokenTtlHours: number;
  /** Extra wait per failed sign-in or code beyond the free ones (0 in tests). */
  authDelayMs: number;
  /** client-proxy/{name}/...: the only upstreams reachable through the proxy. */
  proxyUpstreams: Record<string, string>;
  /** Files only some users may download (customers' own documents); none in API tests. */
  privateFilesDir?: string;
  /** The shop's media folder (served at /media): the pictures a management API import may name. */
  mediaDir?: string;
  /**
   * How many proxies in front of the shop append to X-Forwarded-For (true = 1, false = 0 = the
   * header is ignored); see server/api/client-address.ts.
   */
  trustProxy: boolean | number;
  /** Outgoing HTTP (bot check, proxy); replaceable in tests. */
  fetch: typeof fetch;
  now: () => Date;
  /** Anonymous catalogue answers kept by content version (ADR 0033). */
  anonymousCache?: AnonymousCache;
  /** Check every answer against its operation's response schema (tests; a mismatch is a 500). */
  checkResponses?: boolean;
}

export type { AuthUser };

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    locale: Locale;
    /**
     * The language the caller is using, when the request says it (`?locale=`, else its
     * Accept-Language); null when it says nothing. Mail caused by the request is written in it,
     * or in the account's language when there is none.
     */
    requestLocale: Locale | null;
    shopContext: ShopContext;
    /** Set when the request carries a valid token. */
    user: AuthUser | undefined;
    /** The request carried a token that is unknown or expired. */
    invalidToken: boolean;
    /** A valid token of a user who must change the password: good for that change only (ADR 0011). */
    pendingUser: AuthUser | undefined;
  };
}

export type DepsInput = Pick<ApiDeps, 'db'> & Partial<Omit<ApiDeps, 'db'>>;

export function withDefaults(input: DepsInput): ApiDeps {
  return {
    publicSiteUrl: 'http://localhost:4321',
    shopEmail: 'info@vinoshop.example',
    authTokenTtlHours: 10,
    authDelayMs: 250,
    proxyUpstreams: {},
    trustProxy: false,
    fetch: globalThis.fetch.bind(globalThis),
    now: () => new Date(),
    wakeMail: () => {},
    orderWebhook: false,
    // The server reads the marker every PAGE_REGEN_INTERVAL_MS (runtime.ts); an API made without
    // one (tests, tools) reads it at every request, so its callers see their own changes at once.
    anonymousCache: input.anonymousCache ?? createAnonymousCache({ versionIntervalMs: 0 }),
    ...input,
  };
}
