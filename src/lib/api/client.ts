// The one way the storefront talks to the shop API (ky). In the browser it calls the same
// origin; on the server (build, on-demand pages) it calls SHOP_API_URL when set, otherwise the
// API living in this very process, registered by the Node server or the build script.
import ky, { HTTPError, type KyInstance } from 'ky';
import type { Locale, ShopContext } from '../contract/common';
import type { OperationFile } from '../contract/operation-io';
import { codeForStatus, FIELD_CODES, isErrorCode } from '../contract/error-codes';
import { fail, ok, type ApiResult } from './result';

export const API_PATH = '/api/v3/client/';
/** Statuses a GET is retried on, once (spec section 7); changes are never retried. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];

type FetchLike = (request: Request) => Promise<Response>;

declare global {
  // Set by the process that hosts the API in-process (server/http, server/build).
  var __SHOP_API_FETCH__: FetchLike | undefined;
}

const IN_PROCESS_ORIGIN = 'http://shop.internal';

export interface ClientOptions {
  locale: Locale;
  shopContext?: ShopContext;
  token?: string | null;
  /**
   * Called when a call made with the token answers 401, or 403 `password_change_required`: the
   * token no longer works (for anything but the password change, which signs in afresh).
   */
  onUnauthorized?: () => void;
}

function serverTarget(): { baseUrl: string; fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> } {
  const external = typeof process !== 'undefined' ? process.env.SHOP_API_URL : undefined;
  if (external) return { baseUrl: `${external.replace(/\/+$/, '')}${API_PATH}` };
  const inProcess = globalThis.__SHOP_API_FETCH__;
  if (!inProcess) {
    throw new Error('No shop API: set SHOP_API_URL, or build through `npm run build`, which hosts the API in-process.');
  }
  return { baseUrl: `${IN_PROCESS_ORIGIN}${API_PATH}`, fetch: (input, init) => inProcess(new Request(input, init)) };
}

export function createClient(options: ClientOptions): KyInstance {
  const isBrowser = typeof window !== 'undefined';
  const target = isBrowser ? { baseUrl: new URL(API_PATH, window.location.origin).href } : serverTarget();
  return ky.create({
    baseUrl: target.baseUrl,
    ...(target.fetch ? { fetch: target.fetch } : {}),
    headers: {
      Accept: '*/*',
      ...(options.token ? { Authorization: `Token ${options.token}` } : {}),
    },
    retry: { limit: 1, methods: ['get'], statusCodes: RETRY_STATUS_CODES },
    // In-process calls (the build hosting the API) have no network to lose; a time limit there
    // only fails a build that a busy machine slows down (seen when the browser tests' build ran
    // at nice 19 beside the other tests).
    timeout: target.fetch ? false : 20_000,
    hooks: {
      beforeRequest: [
        ({ request, options: init }) => {
          const url = new URL(request.url);
          if (!url.searchParams.has('locale')) url.searchParams.set('locale', options.locale);
          if (!url.searchParams.has('shop_context')) url.searchParams.set('shop_context', options.shopContext ?? 'b2b');
          // Built from ky's options (body as text), not from `request`: copying its body stream
          // makes Chromium stream the upload, which needs HTTP/2 (ERR_ALPN_NEGOTIATION_FAILED).
          return new Request(url, init);
        },
      ],
      afterResponse: [
        async ({ response }) => {
          if (!options.token) return;
          if (response.status === 401 || (response.status === 403 && (await isPasswordChangeRequired(response.clone())))) options.onUnauthorized?.();
        },
      ],
    },
  });
}

/** The stable code of the API's "change your password first" answer (never its English text). */
export const PASSWORD_CHANGE_REQUIRED = FIELD_CODES.passwordChangeRequired;

async function isPasswordChangeRequired(response: Response): Promise<boolean> {
  const body = (await response.json().catch(() => null)) as { error_list?: { code?: unknown }[] } | null;
  return Array.isArray(body?.error_list) && body.error_list.some((e) => e?.code === PASSWORD_CHANGE_REQUIRED);
}

export type Query = Record<string, string | number | boolean | undefined | (string | number)[]>;

function toSearchParams(query: Query = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  return params;
}

/** The failed result of a thrown ky error: status, code, detail and error_list of the answer. */
export async function toFailure(error: unknown): Promise<ApiResult<never>> {
  if (error instanceof HTTPError) {
    // ky has usually read the body already (error.data); otherwise read it here.
    const parsed: unknown = error.data !== undefined ? error.data : await error.response.json().catch(() => null);
    const body = (typeof parsed === 'object' ? parsed : null) as { detail?: unknown; error_list?: unknown; code?: unknown } | null;
    return fail(
      error.response.status,
      typeof body?.detail === 'string' ? body.detail : error.response.statusText,
      Array.isArray(body?.error_list) ? body.error_list : [],
      isErrorCode(body?.code) ? body.code : codeForStatus(error.response.status),
    );
  }
  return fail(0, error instanceof Error ? error.message : String(error));
}

/** GET a JSON resource (path relative to the API base, e.g. "products/p/"). */
export async function getJson<T>(client: KyInstance, path: string, query?: Query, headers?: Record<string, string>): Promise<ApiResult<T>> {
  try {
    return ok(await client.get(path, { searchParams: toSearchParams(query), ...(headers ? { headers } : {}) }).json<T>());
  } catch (error) {
    return toFailure(error);
  }
}

export async function sendJson<T>(
  client: KyInstance,
  method: 'post' | 'patch' | 'put' | 'delete',
  path: string,
  body?: unknown,
  query?: Query,
  headers?: Record<string, string>,
): Promise<ApiResult<T>> {
  try {
    const response = await client(path, { method, json: body, searchParams: toSearchParams(query), ...(headers ? { headers } : {}) });
    return ok(response.status === 204 ? (undefined as T) : await response.json<T>());
  } catch (error) {
    return toFailure(error);
  }
}


/** The file name of a Content-Disposition header, else the fallback. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** GET a file; its name comes from Content-Disposition, else the path's last segment. */
export async function getFile(client: KyInstance, path: string, query?: Query): Promise<ApiResult<OperationFile>> {
  try {
    const response = await client.get(path, { searchParams: toSearchParams(query) });
    const blob = await response.blob();
    const fallback = path.split('/').filter(Boolean).pop() ?? 'download';
    return ok({
      blob,
      fileName: dispositionFileName(response.headers.get('content-disposition'), fallback),
      contentType: response.headers.get('content-type') ?? blob.type,
    });
  } catch (error) {
    return toFailure(error);
  }
}
