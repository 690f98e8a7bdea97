import type { Locale, Paged } from '../contract/common';
import type { ProductDetail } from '../contract/product-detail';
import type { ProductSummary, RelatedByKind, RelatedGroup } from '../contract/products';
import { fetchOptional, fetchPageData } from './server-client';

export const loadProduct = (locale: Locale, slug: string) => fetchOptional<ProductDetail>(locale, `products/p/${encodeURIComponent(slug)}/`);

/** Every product slug, page by page (for the build's static paths). */
export async function allProductSlugs(locale: Locale): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const batch = await fetchPageData<Paged<ProductSummary>>(locale, 'products/p/', { page, page_size: 100, order_by: 'name-asc' });
    slugs.push(...batch.results.map((p) => p.slug));
    if (batch.results.length === 0 || slugs.length >= batch.count) return slugs;
  }
}

/** Related products of every kind, for the sections of the product page (empty kinds left out). */
export async function loadRelated(locale: Locale, productId: number): Promise<RelatedGroup[]> {
  const all = await fetchPageData<RelatedByKind>(locale, 'products/p/related/', { product: productId });
  return all.results.filter((group) => group.results.length > 0);
}
