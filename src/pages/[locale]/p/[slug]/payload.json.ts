// The product page's payload (see src/lib/page-data/payload.ts), from the page's own read.
import type { APIRoute } from 'astro';
import { payloadOf } from '../../../../lib/page-data/payload';
import { productPagePaths } from '../../../../lib/page-data/product';

export const getStaticPaths = productPagePaths;
export const GET: APIRoute = ({ params, props }) => payloadOf(params.locale, (props as { data: unknown }).data);
