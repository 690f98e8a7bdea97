import type { Locale, Paged } from '../contract/common';
import type { BlogPost, BlogPostSummary } from '../contract/content';
import { pagesPerLocale } from './build-memo';
import { fetchOptional, fetchPageData } from './server-client';

export const NEWS_PAGE_SIZE = 48;

export const loadNewsList = (locale: Locale) => fetchPageData<Paged<BlogPostSummary>>(locale, 'blog/', { page_size: NEWS_PAGE_SIZE });
export const loadNewsPost = (locale: Locale, slug: string) => fetchOptional<BlogPost>(locale, `blog/${encodeURIComponent(slug)}/`);

/** Every post slug (for the build's static paths). */
export async function allNewsSlugs(locale: Locale): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const batch = await fetchPageData<Paged<BlogPostSummary>>(locale, 'blog/', { page, page_size: 100 });
    slugs.push(...batch.results.map((p) => p.slug));
    if (batch.results.length === 0 || slugs.length >= batch.count) return slugs;
  }
}

/** Every news page of every locale with its data, read once per build (page and payload share it). */
export const newsPagePaths = () => pagesPerLocale('news-pages', () => allNewsSlugs('it'), loadNewsPost);
