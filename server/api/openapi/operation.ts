import type { GenericSchema } from 'valibot';

export type Access = 'public' | 'optional' | 'user' | 'agent';

/** One call of the API, as the OpenAPI document and the reference page describe it. */
export interface Operation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Path under the API base, with {params}: "products/p/{slug}/". */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  pathParams?: Record<string, string>;
  /** Optional request headers beyond Authorization, by name. */
  headerParams?: Record<string, string>;
  query?: GenericSchema;
  body?: GenericSchema;
  /** What a success answers (a contract type name and a sentence). */
  answers: string;
  /** Error answers beyond the common ones (400, 401 for user calls, 404 for ids). */
  errors?: Record<number, string>;
  /** Answers a file instead of JSON. */
  produces?: string;
  paged?: boolean;
}
