// The management API (ADR 0028), mounted under /api/manage/v1 beside the client API: for the shop
// owner's integrations (ERP, spreadsheets, cron jobs), authenticated by API keys with scopes,
// documented in its own OpenAPI document. Errors answer the client API's `{detail, error_list, code}`.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiDeps, ApiEnv } from '../context';
import { API_ERRORS, apiError } from '../errors';
import { errorBody } from '../../shop-errors';
import { refuseInvalidCharacters } from '../input-characters';
import { IMPORT_MAX_BODY_BYTES, postImport } from './import-route';
import { buildManageOpenApi } from './manage-openapi';
import { putPrices, putStock } from './sync-routes';

export const MANAGE_BASE = '/api/manage/v1';
/** A sync of MAX_SYNC_ROWS rows fits (about 40 bytes a row as JSON). */
export const MANAGE_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The calls of the management API, by method and path under MANAGE_BASE: the router and the
 * document both read this list. A route with `maxBodyBytes` takes bodies up to that size instead
 * of MANAGE_MAX_BODY_BYTES (import files), here and at the HTTP edge.
 */
export const MANAGE_ROUTES = [
  { method: 'put', path: '/stock', handler: putStock },
  { method: 'put', path: '/prices', handler: putPrices },
  { method: 'post', path: '/import/:kind', handler: postImport, maxBodyBytes: IMPORT_MAX_BODY_BYTES },
] as const;

const IMPORT_PREFIX = `${MANAGE_BASE}/import/`;

/** The body size a request to this path may send (the HTTP edge asks before Hono sees it). */
export const manageBodyLimitOf = (pathname: string) => (pathname.startsWith(IMPORT_PREFIX) ? IMPORT_MAX_BODY_BYTES : MANAGE_MAX_BODY_BYTES);

const tooLarge = (maxSize: number) =>
  bodyLimit({
    maxSize,
    // As in the client API: the unread rest of the body makes the connection unusable.
    onError: (c) => c.json(errorBody('PayloadTooLarge'), API_ERRORS.PayloadTooLarge.status, { Connection: 'close' }),
  });

export function manageApi(deps: ApiDeps) {
  const api = new Hono<ApiEnv>({ strict: false });
  api.use(refuseInvalidCharacters);
  api.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  for (const route of MANAGE_ROUTES) {
    api.on(route.method.toUpperCase(), route.path, tooLarge('maxBodyBytes' in route ? route.maxBodyBytes : MANAGE_MAX_BODY_BYTES), route.handler);
    api.all(route.path, (c) => {
      c.header('Allow', route.method.toUpperCase());
      throw apiError('MethodNotAllowed');
    });
  }
  let document: object | undefined;
  api.get('/openapi.json', (c) => c.json((document ??= buildManageOpenApi(MANAGE_BASE))));
  return api;
}
