// The content page's payload (see src/lib/page-data/payload.ts), from the page's own read.
import type { APIRoute } from 'astro';
import { contentPagePaths } from '../../../lib/page-data/content';
import { payloadOf } from '../../../lib/page-data/payload';

export const getStaticPaths = contentPagePaths;
export const GET: APIRoute = ({ params, props }) => payloadOf(params.locale, (props as { data: unknown }).data);
