// On-demand payload of a product page changed or created after the build.
import type { APIRoute } from 'astro';
import { payloadResponse } from '../../../../../lib/page-data/payload';

export const prerender = false;
export const GET: APIRoute = ({ params }) => payloadResponse('product', params.locale, params.slug);
