// Page data on the server (build and on-demand renders): the API client for one locale, with
// failures turned into exceptions, since a page cannot be built from a failed call.
import type { KyInstance } from 'ky';
import { call, type CallInput } from '../api/call';
import { createClient, getJson, type Query } from '../api/client';
import { expectOk, type ApiResult } from '../api/result';
import type { Locale } from '../contract/common';
import type { OperationResponse } from '../contract/operation-io';
import type { OperationName } from '../contract/routes';

export async function fetchPageData<T>(locale: Locale, path: string, query?: Query): Promise<T> {
  return expectOk(await getJson<T>(createClient({ locale }), path, query), `GET ${path}`);
}

/** Like fetchPageData, but a 404 answers null (the page then renders its not-found state). */
export async function fetchOptional<T>(locale: Locale, path: string, query?: Query): Promise<T | null> {
  const result = await getJson<T>(createClient({ locale }), path, query);
  if (!result.ok && result.error.status === 404) return null;
  return expectOk(result, `GET ${path}`);
}

/** Calls an operation of the contract by name for a page; a failure throws like fetchPageData. */
export async function callPageData<N extends OperationName>(locale: Locale, name: N, input: CallInput<N>): Promise<OperationResponse<N>> {
  // call's rest argument is optional or required by operation; here the input is always given.
  const callWith = call as (client: KyInstance, name: N, input: CallInput<N>) => Promise<ApiResult<OperationResponse<N>>>;
  return expectOk(await callWith(createClient({ locale }), name, input), name);
}
