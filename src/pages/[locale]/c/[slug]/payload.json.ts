// The category page's payload (see src/lib/page-data/payload.ts).
import type { APIRoute } from 'astro';
import { LOCALES } from '../../../../lib/i18n/locales';
import { allCategorySlugs } from '../../../../lib/page-data/category';
import { payloadResponse } from '../../../../lib/page-data/payload';

export async function getStaticPaths() {
  const slugs = await allCategorySlugs('it');
  return LOCALES.flatMap((locale) => slugs.map((slug) => ({ params: { locale, slug } })));
}
export const GET: APIRoute = ({ params }) => payloadResponse('category', params.locale, params.slug);
