import type { Locale, Paged } from '../contract/common';
import type { BlogPost, BlogPostSummary } from '../contract/content';
import { LOCALES } from '../i18n/locales';
import { buildOnce } from './build-memo';
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

/** Every news post of every locale with its data, read once per build (page and payload share it). */
export async function newsPagePaths() {
  // Astro keeps and changes the objects it is given: each route gets its own, over shared data.
  const pages = await buildOnce('news-pages', async () => {
    const slugs = await allNewsSlugs('it');
    const pages = await Promise.all(
      LOCALES.flatMap((locale) => slugs.map(async (slug) => ({ params: { locale, slug }, props: { post: await loadNewsPost(locale, slug) } }))),
    );
    return pages.filter((p): p is typeof p & { props: { post: BlogPost } } => p.props.post !== null);
  });
  return pages.map((p) => ({ params: { ...p.params }, props: { ...p.props } }));
}
