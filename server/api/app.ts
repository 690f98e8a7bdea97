// The shop API (spec section 7) as one Hono app, mounted under /api/v3/client and /api/v2/client.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { ContextQuerySchema } from '../../src/lib/contract/common';
import { acceptedLocale } from '../../src/lib/i18n/locales';
import { withDefaults, type ApiEnv, type DepsInput } from './context';
import { API_ERRORS, ApiError, apiError, statusOf } from './errors';
import { errorBody, errorBodyOf } from '../shop-errors';
import { isDatabaseUnavailable, isTransientConflict } from '../db/faults';
import { dataExceptionAnswer } from './data-exception';
import { readToken } from './middleware/auth';
import { decideShopContext } from './middleware/shop-context';
import { refuseInvalidCharacters } from './input-characters';
import { apiSecurityHeaders } from './middleware/security-headers';
import { buildOpenApiDocument } from './openapi/document';
import { referencePage } from './openapi/reference-page';
import { issuesToErrorList, readQuery } from './validation';
import { addressHandlers } from './routes/addresses';
import { authHandlers } from './routes/auth';
import { b2bOrderingHandlers } from './routes/b2b-ordering';
import { blogHandlers } from './routes/blog';
import { cartHandlers } from './routes/carts';
import { categoryHandlers } from './routes/categories';
import { checkoutHandlers } from './routes/checkout';
import { clientProxyHandlers } from './routes/client-proxy';
import { configHandlers } from './routes/config';
import { contactHandlers } from './routes/contact';
import { signUpHandlers } from './routes/sign-up';
import { customFieldsHandlers } from './routes/custom-fields';
import { documentsHandlers } from './routes/documents';
import { orderHandlers } from './routes/orders';
import { productHandlers } from './routes/products';
import { promotionHandlers } from './routes/promotions';
import { shopHandlers } from './routes/shop';
import { siteHandlers } from './routes/site';
import { sliderHandlers } from './routes/sliders';
import { usersHandlers } from './routes/users';
import { wishlistHandlers } from './routes/wishlists';
import { mountOperations } from './operation-routes';
import { MANAGE_BASE, manageApi } from './manage/manage-app';

export const API_BASES = ['/api/v3/client', '/api/v2/client'] as const;
export const MAX_BODY_BYTES = 1024 * 1024;

function clientApi(deps: ReturnType<typeof withDefaults>) {
  const api = new Hono<ApiEnv>({ strict: false });
  api.use(refuseInvalidCharacters);
  api.use(async (c, next) => {
    c.set('deps', deps);
    const query = readQuery(c);
    const parsed = v.safeParse(ContextQuerySchema, query);
    if (!parsed.success) throw apiError('ValidationFailed', issuesToErrorList(parsed.issues));
    c.set('locale', parsed.output.locale);
    c.set('requestLocale', query.locale !== undefined ? parsed.output.locale : (acceptedLocale(c.req.header('Accept-Language')) ?? null));
    c.set('shopContext', parsed.output.shop_context);
    await next();
  });
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // Reached for bodies without a declared length (the server refuses declared ones before
    // Hono, server/http/body-limit.ts): the rest of the body is not read, so the connection
    // must not be reused.
    onError: (c) => c.json(errorBody('PayloadTooLarge'), API_ERRORS.PayloadTooLarge.status, { Connection: 'close' }),
  });
  // GET and HEAD requests never carry a body in Hono's node adapter; asking (`c.req.raw.body`)
  // would only build a whole web Request for each of them, a few percent of a cached answer.
  api.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  api.use(readToken);
  api.use(decideShopContext);
  // Every call of the API is an operation of the contract (ADR 0018).
  mountOperations(api, {
    ...authHandlers,
    ...addressHandlers,
    ...usersHandlers,
    ...contactHandlers,
    ...signUpHandlers,
    ...clientProxyHandlers,
    ...productHandlers,
    ...siteHandlers,
    ...categoryHandlers,
    ...customFieldsHandlers,
    ...documentsHandlers,
    ...sliderHandlers,
    ...blogHandlers,
    ...configHandlers,
    ...shopHandlers,
    ...wishlistHandlers,
    ...cartHandlers,
    ...promotionHandlers,
    ...checkoutHandlers,
    ...orderHandlers,
    ...b2bOrderingHandlers,
  });
  // The contract, machine-readable and as a page; built once, on first request.
  let openApi: object | undefined;
  api.get('/openapi.json', (c) => c.json((openApi ??= buildOpenApiDocument(API_BASES[0]))));
  api.get('/docs', (c) => c.html(referencePage(API_BASES[0])));
  return api;
}

export function createApi(input: DepsInput) {
  const deps = withDefaults(input);
  const app = new Hono({ strict: false });
  app.use(apiSecurityHeaders(deps.publicSiteUrl));
  const api = clientApi(deps);
  for (const base of API_BASES) app.route(base, api);
  app.route(MANAGE_BASE, manageApi(deps));
  app.notFound((c) => c.json(errorBody('NotFound'), API_ERRORS.NotFound.status));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(errorBodyOf(error), statusOf(error));
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault nor a bug: the database is away for now. One line, no stack.
      console.error('[api]', c.req.method, c.req.path, 'database unavailable:', error instanceof Error ? rootMessage(error) : String(error));
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json(errorBody('ServiceUnavailable'), API_ERRORS.ServiceUnavailable.status);
    }
    if (isTransientConflict(error)) {
      // A deadlock's victim or a failed serialisation: rolled back whole, safe to send again.
      console.error('[api]', c.req.method, c.req.path, 'transaction rolled back by the database:', error instanceof Error ? rootMessage(error) : String(error));
      c.header('Retry-After', '1');
      return c.json(errorBody('ServiceUnavailable'), API_ERRORS.ServiceUnavailable.status);
    }
    const refused = dataExceptionAnswer(error);
    if (refused) return c.json(errorBodyOf(refused), statusOf(refused));
    // Anything else is our fault: log it whole, answer without internals.
    console.error('[api]', c.req.method, c.req.path, error);
    return c.json(errorBody('Unexpected'), API_ERRORS.Unexpected.status);
  });
  return app;
}

/** What a 503 tells clients to wait: a dropped connection is back within a pool connect. */
const RETRY_AFTER_SECONDS = 5;

/** The innermost message (a Drizzle error quotes the whole query; the driver's cause says why). */
function rootMessage(error: Error): string {
  let e: unknown = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}
export type ShopApi = ReturnType<typeof createApi>;
