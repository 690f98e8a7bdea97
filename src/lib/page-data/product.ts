import type { Locale } from '../contract/common';
import type { ProductSummary, RelatedGroup } from '../contract/products';
import type { ProductPageData } from '../contract/site-pages';
import { translator } from '../i18n/i18n';
import { LOCALES } from '../i18n/locales';
import { buildOnce } from './build-memo';
import { callOptional, callPageData } from './server-client';

export const loadProduct = (locale: Locale, slug: string) => callOptional(locale, 'getProduct', { params: { slug } });

/** Related products of every kind, for the sections of the product page (empty kinds left out). */
export async function loadRelated(locale: Locale, productId: number): Promise<RelatedGroup[]> {
  const all = await callPageData(locale, 'listRelatedProducts', { query: { product: productId } }).catch((error: unknown) => {
    // The page cannot be made without them: the build (or the regeneration log) says which load
    // failed in the catalogue's words (spec section 8), and the visitor gets the error page.
    throw new Error(`${translator('en')('errors.relatedProductsLoadFailed')} (product ${productId}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  // Without `kind` the call answers every group.
  const groups = 'kind' in all ? [all] : all.results;
  return groups.filter((group) => group.results.length > 0);
}

/** A product page's data (on-demand renders and regeneration), or null when there is no such product. */
export async function loadProductPage(locale: Locale, slug: string): Promise<ProductPageData | null> {
  const product = await loadProduct(locale, slug);
  return product && { product, related: await loadRelated(locale, product.id) };
}

const BATCH = 500;

/**
 * How many products the build prerenders: every one (PRERENDER_PRODUCTS unset or "all"), or the
 * N that matter most; the others are generated on their first request and kept as files.
 */
export function prerenderLimit(raw = process.env.PRERENDER_PRODUCTS): number | null {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'all') return null;
  if (!/^\d{1,7}$/.test(value)) throw new Error(`PRERENDER_PRODUCTS must be "all" or a whole number, got "${raw}"`);
  return Number(value);
}

/**
 * One object per related product and locale for the whole build: every batch arrives as JSON, so
 * a product related to 50 others would otherwise be held 50 times (a third of a 10,000-product
 * build's memory).
 */
function shareRelated(pages: ProductPageData[], shared: Map<number, ProductSummary>): ProductPageData[] {
  for (const page of pages) {
    for (const group of page.related) {
      group.results = group.results.map((summary) => {
        const known = shared.get(summary.id);
        if (known) return known;
        shared.set(summary.id, summary);
        return summary;
      });
    }
  }
  return pages;
}

async function readProductPages(locale: Locale): Promise<ProductPageData[]> {
  const limit = prerenderLimit();
  const pages: ProductPageData[] = [];
  const shared = new Map<number, ProductSummary>();
  if (limit !== null) {
    if (limit === 0) return pages;
    const ids = (await callPageData(locale, 'listImportantProducts', { query: { limit } })).results;
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = await callPageData(locale, 'listProductPages', { query: { ids: ids.slice(i, i + BATCH).join(',') } });
      pages.push(...shareRelated(batch.results, shared));
    }
    return pages;
  }
  let after: number | undefined;
  for (;;) {
    const batch = await callPageData(locale, 'listProductPages', { query: { limit: BATCH, ...(after ? { after } : {}) } });
    pages.push(...shareRelated(batch.results, shared));
    if (batch.next === null) return pages;
    after = batch.next;
  }
}

/** Every prerendered product page of every locale with its data, read in batches once per build. */
export async function productPagePaths() {
  const perLocale = await Promise.all(LOCALES.map((locale) => buildOnce(`product-pages:${locale}`, () => readProductPages(locale))));
  return LOCALES.flatMap((locale, i) => perLocale[i]!.map((data) => ({ params: { locale, slug: data.product.slug }, props: { data } })));
}
