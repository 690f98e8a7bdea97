// The news article's payload (see src/lib/page-data/payload.ts), from the page's own read.
import type { APIRoute } from 'astro';
import { newsPagePaths } from '../../../../lib/page-data/news';
import { payloadOf } from '../../../../lib/page-data/payload';

export const getStaticPaths = newsPagePaths;
export const GET: APIRoute = ({ params, props }) => payloadOf(params.locale, { post: (props as { data: unknown }).data });
