// What one call of the API is, in two halves that share its name (ADR 0018):
// - its route (method, path, success status) in a valibot-free table under routes/, which the
//   browser imports, so that pages never ship the validator;
// - its schemas (path, query, body, response) and documentation under operations/, which the
//   server validates with and the OpenAPI document is generated from. The browser takes only
//   their types (operation-io.ts).
// Each fact is written once; TypeScript holds both halves to the same names.
import type { GenericSchema, ObjectSchema } from 'valibot';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface OperationRoute {
  readonly method: HttpMethod;
  /** Under the API base, with {params} and the trailing slash: "wishlists/row/{id}/". */
  readonly path: string;
  /** The status of a success. 204 answers no body. */
  readonly status: 200 | 201 | 204;
  /** Answers a file of this type instead of JSON. */
  readonly produces?: string;
  /**
   * The last path parameter, when it takes the rest of the path: slashes included, possibly
   * empty (client-proxy/{name}/{path}). OpenAPI has no such parameter, so the document shows it
   * as a plain one and says so in its description.
   */
  readonly rest?: string;
}

export type RouteTable = Record<string, OperationRoute>;

/** Who may call: anyone, anyone with an optional token, a signed-in user, an agent. */
export type Access = 'public' | 'optional' | 'user' | 'agent';

export interface OperationSchemas {
  tag: string;
  summary: string;
  access: Access;
  /** Path parameters, parsed from their text (e.g. `{id: IdSchema}`); descriptions go in the schema's title. */
  params?: ObjectSchema<Record<string, GenericSchema>, undefined>;
  /** Query parameters beyond locale and shop_context (an object schema over strings and string arrays). */
  query?: GenericSchema;
  /** The JSON body. */
  body?: GenericSchema;
  /** The JSON a success answers; absent for 204 and files. */
  response?: GenericSchema;
  /** Optional request headers beyond Authorization, by name. */
  headerParams?: Record<string, string>;
  /** Error answers beyond the common ones (400, 401 for user calls, 404 for path ids), by status. */
  errors?: Record<number, string>;
}

/** The schemas of every route of a table, by the same names. */
export type SchemasFor<T extends RouteTable> = { [K in keyof T]: OperationSchemas };

/** `{id}` and `{slug}` of a path template, as an object type. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string | number }
  : Record<never, never>;

/**
 * Fills a path template: "wishlists/row/{id}/" with {id: 4} is "wishlists/row/4/". The `rest`
 * parameter keeps its slashes (each segment is encoded) and may be empty.
 */
export function fillPath(template: string, params: Record<string, string | number> = {}, rest?: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (name === rest) return String(value ?? '').split('/').map(encodeURIComponent).join('/');
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
