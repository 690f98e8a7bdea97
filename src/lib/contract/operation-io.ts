// The types of each call's input and answer, inferred from its schemas (types only: the
// browser imports this without shipping valibot).
import type * as v from 'valibot';
import type { PathParams } from './operation';
import type { OPERATION_SCHEMAS } from './operations';
import type { OperationName, ROUTES } from './routes';

type Schemas<N extends OperationName> = (typeof OPERATION_SCHEMAS)[N];

/** A query value as the client sends it (arrays become repeated parameters). */
export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

/** A file answer as the client reads it. */
export interface OperationFile {
  blob: Blob;
  fileName: string;
  contentType: string;
}

/** What a success answers (undefined for 204; files as OperationFile). */
export type OperationResponse<N extends OperationName> = Schemas<N> extends { response: infer R extends v.GenericSchema }
  ? v.InferOutput<R>
  : (typeof ROUTES)[N] extends { produces: string }
    ? OperationFile
    : undefined;

/** What the server's handler answers, before JSON (the response schema's input). */
export type OperationResult<N extends OperationName> = Schemas<N> extends { response: infer R extends v.GenericSchema } ? v.InferInput<R> : undefined;

export type OperationBody<N extends OperationName> = Schemas<N> extends { body: infer B extends v.GenericSchema } ? v.InferInput<B> : undefined;

/** The query keys a call knows (beyond locale and shop_context), each optional and as text or number. */
export type OperationQuery<N extends OperationName> = Schemas<N> extends { query: infer Q extends v.GenericSchema }
  ? { [K in Exclude<keyof v.InferInput<Q>, 'locale' | 'shop_context'>]?: QueryValue }
  : Record<never, never>;

export type OperationParams<N extends OperationName> = PathParams<(typeof ROUTES)[N]['path']>;

/** Parsed input as the server's handler receives it. */
export interface OperationInput<N extends OperationName> {
  params: Schemas<N> extends { params: infer P extends v.GenericSchema } ? v.InferOutput<P> : Record<string, string>;
  query: Schemas<N> extends { query: infer Q extends v.GenericSchema } ? v.InferOutput<Q> : Record<never, never>;
  body: Schemas<N> extends { body: infer B extends v.GenericSchema } ? v.InferOutput<B> : undefined;
}
