// Page data on the server (build and on-demand renders): the API client for one locale, with
// failures turned into exceptions, since a page cannot be built from a failed call.
import type { KyInstance } from 'ky';
import { call } from '../api/call';
import { createClient } from '../api/client';
import { expectOk } from '../api/result';
import type { Locale } from '../contract/common';
import type { OperationResponse } from '../contract/operation-io';
import type { OperationName } from '../contract/routes';

/** The input of an operation's call, as call() takes it. */
type CallRest<N extends OperationName> = Parameters<typeof call<N>> extends [unknown, unknown, ...infer R] ? R : never;
/** call() with its input spelled as CallRest, which TypeScript cannot see is its own for a generic name. */
const callWith = call as <N extends OperationName>(client: KyInstance, name: N, ...input: CallRest<N>) => ReturnType<typeof call<N>>;

/** An operation of the contract for a page, by name (ADR 0018). */
export async function callPageData<N extends OperationName>(locale: Locale, name: N, ...input: CallRest<N>): Promise<OperationResponse<N>> {
  return expectOk(await callWith(createClient({ locale }), name, ...input), name);
}

/** Like callPageData, but a 404 answers null (the page then renders its not-found state). */
export async function callOptional<N extends OperationName>(locale: Locale, name: N, ...input: CallRest<N>): Promise<OperationResponse<N> | null> {
  const result = await callWith(createClient({ locale }), name, ...input);
  if (!result.ok && result.error.status === 404) return null;
  return expectOk(result, name);
}
