// The command-line side of the management API (ADR 0032): `npm run import|sync -- … --server URL`
// sends the file to a running shop instead of opening its database, which the embedded database
// (PGlite) allows to one process only. Answers the status and the parsed body; an unreachable shop
// is a ShopUnreachable error said in one sentence.
import type { ErrorBody } from '../../src/lib/contract/common';
import type { ApiKeyScope } from './api-keys';

export const MANAGE_PATH = '/api/manage/v1';
/** An import of a big file takes a while; a shop that says nothing for this long is gone. */
const CALL_TIMEOUT_MS = 10 * 60_000;

export class ShopUnreachable extends Error {
  constructor(server: string, reason: string) {
    super(`cannot reach the shop at ${server} (${reason}); is it running there? (npm start)`);
    this.name = 'ShopUnreachable';
  }
}

export interface ShopCall {
  server: string;
  key: string;
  method: 'POST' | 'PUT';
  /** Under /api/manage/v1, e.g. `/import/products`. */
  path: string;
  query: Record<string, string | undefined>;
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface ShopAnswer {
  status: number;
  body: unknown;
}

/** The server URL as given (`http://localhost:4321`, with or without a trailing slash); undefined when it is not an http(s) URL. */
export function serverBase(given: string): string | undefined {
  try {
    const url = new URL(given);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin + url.pathname.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

export async function callShop(call: ShopCall): Promise<ShopAnswer> {
  const url = new URL(`${call.server}${MANAGE_PATH}${call.path}`);
  for (const [name, value] of Object.entries(call.query)) if (value !== undefined) url.searchParams.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: { Authorization: `Bearer ${call.key}`, 'Content-Type': call.contentType },
      body: call.body,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ShopUnreachable(call.server, cause?.code ?? cause?.message ?? (error as Error).message);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: something else answers at that address (a proxy's error page); the text says what.
  }
  return { status: response.status, body };
}

export const isErrorBody = (body: unknown): body is ErrorBody =>
  typeof body === 'object' && body !== null && typeof (body as ErrorBody).detail === 'string' && Array.isArray((body as ErrorBody).error_list);

/** A refusal as lines for the operator: the detail, then each listed problem. */
export function refusalLines(answer: ShopAnswer): string[] {
  if (!isErrorBody(answer.body)) return [`the shop answered ${answer.status}: ${String(answer.body).slice(0, 200)}`];
  const items = answer.body.error_list.map((e) => `  ${e.message}`);
  return [`the shop answered ${answer.status}: ${answer.body.detail}`, ...items];
}

/** Refusals that are about the set-up (key, scope, address), not the file: exit code 2, as a wrong command line. */
export const isSetupRefusal = (status: number) => status === 401 || status === 403 || status === 404 || status === 405 || status === 429;

/**
 * What to run instead when the shop holds the embedded database: make a key once (the keys CLI
 * needs the database too, so while the shop is stopped), then send the same command to the shop.
 */
export function throughServerHint(options: { scope: ApiKeyScope; port: number; args: string[]; script: 'import' | 'sync' }): string {
  const args = options.args.filter((a) => a !== '--').join(' ');
  return [
    'Send the file through the running shop instead:',
    `  1. once, with a key of scope ${options.scope} (made while the shop is stopped, as the keys need the database too):`,
    `       npm run keys -- create ${options.scope}-import --scope ${options.scope}`,
    `  2. SHOP_API_KEY=<the key> npm run ${options.script} -- ${args} --server http://localhost:${options.port}`,
  ].join('\n');
}
