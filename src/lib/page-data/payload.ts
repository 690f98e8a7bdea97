// The payload JSON beside each page (`<page path>/payload.json`): the content the page was made
// from, so a client (an island, a headless front end, a prefetching CDN) reads what the HTML
// shows without calling the API again. Like the page it carries no live values (stock, stock
// state): those come from products/live/ (ADR 0008). Built with its page from the same read.
import type { Locale } from '../contract/common';
import { errorAnswer } from '../contract/error-codes';
import { isLocale } from '../i18n/locales';
import { loadCategory } from './category';
import { loadContentPage } from './content';
import { loadNewsPost } from './news';
import { loadProductPage } from './product';

export type PayloadKind = 'product' | 'category' | 'news' | 'content';

/** Fields that change with every sale: never frozen into a static file. */
const LIVE_FIELDS = new Set(['quantity', 'stock_state']);

/** A deep copy of page data without live values. */
export function withoutLiveValues<T>(data: T): T {
  return JSON.parse(JSON.stringify(data, (key, value: unknown) => (LIVE_FIELDS.has(key) ? undefined : value))) as T;
}

export async function loadPayload(kind: PayloadKind, locale: Locale, slug: string): Promise<unknown> {
  switch (kind) {
    case 'product':
      return loadProductPage(locale, slug);
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

/** The payload of data already read (the build passes its page's props). */
export const payloadOf = (locale: string | undefined, data: unknown) => json({ locale, data: withoutLiveValues(data) }, 200);

/** The payload read now (on-demand and regeneration), or a 404 in the API's error shape. */
export async function payloadResponse(kind: PayloadKind, locale: string | undefined, slug: string | undefined): Promise<Response> {
  const data = isLocale(locale) && slug ? await loadPayload(kind, locale, slug) : null;
  // The page server lives beside the API, not in it: the catalogue's English text is repeated here.
  if (!data) return json(errorAnswer('NotFound', 'Not found.'), 404);
  return payloadOf(locale, data);
}
