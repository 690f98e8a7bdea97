// The news article's payload (see src/lib/page-data/payload.ts).
import type { APIRoute } from 'astro';
import { LOCALES } from '../../../../lib/i18n/locales';
import { allNewsSlugs } from '../../../../lib/page-data/news';
import { payloadResponse } from '../../../../lib/page-data/payload';

export async function getStaticPaths() {
  const slugs = await allNewsSlugs('it');
  return LOCALES.flatMap((locale) => slugs.map((slug) => ({ params: { locale, slug } })));
}
export const GET: APIRoute = ({ params }) => payloadResponse('news', params.locale, params.slug);
