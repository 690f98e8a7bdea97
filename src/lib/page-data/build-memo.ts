// One read per page during a build: a page and its payload.json are two routes whose
// getStaticPaths both ask for the same data; the first call reads, the second gets the same
// promise. Only getStaticPaths use it (build time): on-demand renders always read afresh.
import { LOCALES, type Locale } from '../i18n/locales';

const memo = new Map<string, Promise<unknown>>();

export function buildOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
  let entry = memo.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = read();
    memo.set(key, entry);
  }
  return entry;
}

/**
 * The static paths of a page kind in every locale, each with its data read once per build:
 * `slugs` lists the pages, `load` reads one (null leaves it out). Astro keeps and changes the
 * objects it is given, so each route (page, payload) gets its own objects over the shared data.
 */
export async function pagesPerLocale<T>(key: string, slugs: () => Promise<string[]>, load: (locale: Locale, slug: string) => Promise<T | null>) {
  const pages = await buildOnce(key, async () => {
    const all = await slugs();
    const read: { locale: Locale; slug: string; data: T | null }[] = await Promise.all(
      LOCALES.flatMap((locale) => all.map(async (slug) => ({ locale, slug, data: await load(locale, slug) }))),
    );
    return read.filter((p): p is { locale: Locale; slug: string; data: T } => p.data !== null);
  });
  return pages.map(({ locale, slug, data }) => ({ params: { locale, slug }, props: { data } }));
}
