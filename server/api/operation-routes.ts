// Mounts the contract's operations (src/lib/contract/routes + operations) on the API: each
// handler gets its path, query and body already validated against the operation's schemas, and
// answers data, which goes out with the operation's status. Tests switch on `checkResponses`,
// so every answer is also checked against the response schema (ADR 0018).
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { OperationSchemas } from '../../src/lib/contract/operation';
import type { OperationInput, OperationResult } from '../../src/lib/contract/operation-io';
import { OPERATION_SCHEMAS } from '../../src/lib/contract/operations';
import { ROUTES, type OperationName } from '../../src/lib/contract/routes';
import { readBody } from './body';
import type { ApiEnv } from './context';
import { parseOrThrow, readQuery } from './validation';

/**
 * Answers the operation's data (sent as JSON with its status), undefined for 204, or a Response
 * of its own (files, redirects).
 */
export type OperationHandler<N extends OperationName> = (
  c: Context<ApiEnv>,
  input: OperationInput<N>,
) => Promise<OperationResult<N> | Response> | OperationResult<N> | Response;

export type OperationHandlers<N extends OperationName = OperationName> = { [K in N]: OperationHandler<K> };

/** Types a route file's handlers by operation name. */
export const defineHandlers = <N extends OperationName>(handlers: { [K in N]: OperationHandler<K> }) => handlers;

/** An answer that does not match its operation's response schema: a bug, caught by the API tests. */
export class ResponseContractError extends Error {
  constructor(
    readonly operation: string,
    readonly issues: readonly v.BaseIssue<unknown>[],
  ) {
    super(`${operation} answered outside its response schema: ${issues.map((i) => `${i.path?.map((p) => String(p.key)).join('.') ?? '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'ResponseContractError';
  }
}

/** The query keys whose schema is an array (they may repeat, or come comma-separated). */
function arrayKeysOf(schema: v.GenericSchema | undefined): string[] {
  const entries = (schema as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries ?? {};
  return Object.entries(entries)
    .filter(([, entry]) => unwrap(entry).type === 'array')
    .map(([key]) => key);
}

function unwrap(schema: v.GenericSchema): v.GenericSchema {
  let current = schema as v.GenericSchema & { wrapped?: v.GenericSchema; pipe?: readonly v.GenericSchema[] };
  for (;;) {
    if (current.wrapped) current = current.wrapped as typeof current;
    else if (current.pipe && current.pipe[0] !== current) current = current.pipe[0] as typeof current;
    else return current;
  }
}

/**
 * Hono's form of a contract path: "wishlists/row/{id}/" is "/wishlists/row/:id". A `rest`
 * parameter matches the rest of the path or nothing: "client-proxy/{name}/{path}" is
 * "/client-proxy/:name/:path{.+}?" (Hono decodes it: a handler that must see the path as sent
 * reads the URL).
 */
export const honoPath = (path: string, rest?: string) =>
  `/${path.replace(/\{(\w+)\}/g, (_, name: string) => (name === rest ? `:${name}{.+}?` : `:${name}`)).replace(/\/$/, '')}`;

export function mountOperations(api: Hono<ApiEnv>, handlers: OperationHandlers) {
  for (const name of Object.keys(ROUTES) as OperationName[]) {
    const route = ROUTES[name];
    const schemas: OperationSchemas = OPERATION_SCHEMAS[name];
    const handler = handlers[name] as OperationHandler<OperationName>;
    const arrayKeys = arrayKeysOf(schemas.query);
    api.on(route.method.toUpperCase(), honoPath(route.path, 'rest' in route ? route.rest : undefined), async (c) => {
      const input = {
        params: schemas.params ? parseOrThrow(schemas.params, c.req.param()) : c.req.param(),
        query: schemas.query ? parseOrThrow(schemas.query, readQuery(c, arrayKeys)) : {},
        body: schemas.body ? await readBody(c, schemas.body) : undefined,
      } as OperationInput<OperationName>;
      const result = await handler(c, input);
      if (result instanceof Response) return result;
      if (route.status === 204) return c.body(null, 204);
      if (schemas.response && c.get('deps').checkResponses) {
        const checked = v.safeParse(schemas.response, result);
        if (!checked.success) throw new ResponseContractError(name, checked.issues);
      }
      return c.json(result as unknown as object, route.status);
    });
  }
}
