// On-demand payload of a news page changed or created after the build.
import type { APIRoute } from 'astro';
import { payloadResponse } from '../../../../../lib/page-data/payload';

export const prerender = false;
export const GET: APIRoute = ({ params }) => payloadResponse('news', params.locale, params.slug);
