// The category page's payload (see src/lib/page-data/payload.ts), from the page's own read.
import type { APIRoute } from 'astro';
import { categoryPagePaths } from '../../../../lib/page-data/category';
import { payloadOf } from '../../../../lib/page-data/payload';

export const getStaticPaths = categoryPagePaths;
export const GET: APIRoute = ({ params, props }) => payloadOf(params.locale, (props as { data: unknown }).data);
