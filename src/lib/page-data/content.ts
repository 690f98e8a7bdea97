// Content pages (page-builder documents of kind "page") and the editor preview's settings.
import type { Locale } from '../contract/common';
import type { ProductSummary } from '../contract/products';
import type { Canvas } from '../contract/promotions';
import { DEFAULT_LOCALE } from '../i18n/locales';
import { pagesPerLocale } from './build-memo';
import { productBlockQuery } from '../page-builder-products';
import { callPageData } from './server-client';

export interface ContentPageData {
  page: Canvas & { slug: string };
  /** Products of the page's "products" blocks, by block index. */
  products: Record<number, ProductSummary[]>;
}

const SLUG = /^[a-z0-9-]{1,160}$/;

async function findPage(locale: Locale, slug: string): Promise<ContentPageData['page'] | null> {
  if (!SLUG.test(slug)) return null;
  const found = await callPageData(locale, 'listCanvases', { query: { slug } });
  const page = found.results.find((d) => d.kind === 'page' && d.slug === slug);
  return page ? { ...page, slug } : null;
}

/** A content page with its products, or null when there is no published page of that slug. */
export async function loadContentPage(locale: Locale, slug: string): Promise<ContentPageData | null> {
  const page = await findPage(locale, slug);
  if (!page) return null;
  const entries = await Promise.all(
    page.blocks.map(async (block, index) =>
      block.type === 'products'
        ? ([index, (await callPageData(locale, 'listProducts', { query: productBlockQuery(block) })).results] as const)
        : null,
    ),
  );
  return { page, products: Object.fromEntries(entries.filter((e) => e !== null)) };
}

/** Slugs of every published content page (for the build's static paths). */
export async function allContentPageSlugs(): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const batch = await callPageData(DEFAULT_LOCALE, 'listCanvases', { query: { kind: 'page', page, page_size: 100 } });
    for (const doc of batch.results) if (doc.slug && SLUG.test(doc.slug)) slugs.push(doc.slug);
    if (batch.results.length === 0 || page * 100 >= batch.count) return slugs;
  }
}

/** Every content page of every locale with its data, read once per build (page and payload share it). */
export const contentPagePaths = () => pagesPerLocale('content-pages', allContentPageSlugs, loadContentPage);
