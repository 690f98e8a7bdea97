// The content page's payload (see src/lib/page-data/payload.ts).
import type { APIRoute } from 'astro';
import { LOCALES } from '../../../lib/i18n/locales';
import { allContentPageSlugs } from '../../../lib/page-data/content';
import { payloadResponse } from '../../../lib/page-data/payload';

export async function getStaticPaths() {
  const slugs = await allContentPageSlugs();
  return LOCALES.flatMap((locale) => slugs.map((slug) => ({ params: { locale, slug } })));
}
export const GET: APIRoute = ({ params }) => payloadResponse('content', params.locale, params.slug);
