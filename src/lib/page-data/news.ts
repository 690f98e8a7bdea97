import type { Locale } from '../contract/common';
import { pagesPerLocale } from './build-memo';
import { callOptional, callPageData } from './server-client';

export const NEWS_PAGE_SIZE = 48;

export const loadNewsList = (locale: Locale) => callPageData(locale, 'listBlogPosts', { query: { page_size: NEWS_PAGE_SIZE } });
export const loadNewsPost = (locale: Locale, slug: string) => callOptional(locale, 'getBlogPost', { params: { key: slug } });

/** Every post slug (for the build's static paths). */
export async function allNewsSlugs(locale: Locale): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const batch = await callPageData(locale, 'listBlogPosts', { query: { page, page_size: 100 } });
    slugs.push(...batch.results.map((p) => p.slug));
    if (batch.results.length === 0 || slugs.length >= batch.count) return slugs;
  }
}

/** Every news page of every locale with its data, read once per build (page and payload share it). */
export const newsPagePaths = () => pagesPerLocale('news-pages', () => allNewsSlugs('it'), loadNewsPost);
