// The payload JSON beside each prerendered page (`<page path>/payload.json`): the API data the
// page was built from, so a client (an island, a headless front end, a prefetching CDN) reads
// what the HTML shows without calling the API again. Stale pages get theirs on demand too.
import type { Locale } from '../contract/common';
import { isLocale } from '../i18n/locales';
import { loadCategory } from './category';
import { loadContentPage } from './content';
import { FRESH_MAX_AGE_S, FRESH_SWR_S } from './fresh-cache';
import { loadNewsPost } from './news';
import { loadProduct, loadRelated } from './product';

export type PayloadKind = 'product' | 'category' | 'news' | 'content';

export async function loadPayload(kind: PayloadKind, locale: Locale, slug: string): Promise<unknown> {
  switch (kind) {
    case 'product': {
      const product = await loadProduct(locale, slug);
      return product && { product, related: await loadRelated(locale, product.id) };
    }
    case 'category':
      return loadCategory(locale, slug);
    case 'news': {
      const post = await loadNewsPost(locale, slug);
      return post && { post };
    }
    case 'content':
      return loadContentPage(locale, slug);
  }
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

interface RouteCache {
  set(options: { maxAge?: number; swr?: number; tags?: string[] }): void;
}

/**
 * The endpoint's answer: the payload, or a 404 in the API's error shape. On demand (a page
 * changed after the build) the answer goes into the route cache like its page.
 */
export async function payloadResponse(kind: PayloadKind, locale: string | undefined, slug: string | undefined, cache?: RouteCache): Promise<Response> {
  const data = isLocale(locale) && slug ? await loadPayload(kind, locale, slug) : null;
  if (!data) return json({ detail: 'Not found.', error_list: [] }, 404);
  cache?.set({ maxAge: FRESH_MAX_AGE_S, swr: FRESH_SWR_S, tags: [`${kind}:${slug}`] });
  return json({ locale, data }, 200);
}
