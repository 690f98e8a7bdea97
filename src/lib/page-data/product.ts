import type { Locale, Paged } from '../contract/common';
import type { ProductDetail } from '../contract/product-detail';
import type { ProductSummary } from '../contract/products';
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
