// The product page's payload (see src/lib/page-data/payload.ts).
import type { APIRoute } from 'astro';
import { LOCALES } from '../../../../lib/i18n/locales';
import { payloadResponse } from '../../../../lib/page-data/payload';
import { allProductSlugs } from '../../../../lib/page-data/product';

export async function getStaticPaths() {
  const slugs = await allProductSlugs('it');
  return LOCALES.flatMap((locale) => slugs.map((slug) => ({ params: { locale, slug } })));
}
export const GET: APIRoute = ({ params }) => payloadResponse('product', params.locale, params.slug);
