// Page data on the server (build and on-demand renders): the API client for one locale, with
// failures turned into exceptions, since a page cannot be built from a failed call.
import { createClient, getJson, type Query } from '../api/client';
import { expectOk } from '../api/result';
import type { Locale } from '../contract/common';

export async function fetchPageData<T>(locale: Locale, path: string, query?: Query): Promise<T> {
  return expectOk(await getJson<T>(createClient({ locale }), path, query), `GET ${path}`);
}

/** Like fetchPageData, but a 404 answers null (the page then renders its not-found state). */
export async function fetchOptional<T>(locale: Locale, path: string, query?: Query): Promise<T | null> {
  const result = await getJson<T>(createClient({ locale }), path, query);
  if (!result.ok && result.error.status === 404) return null;
  return expectOk(result, `GET ${path}`);
}
