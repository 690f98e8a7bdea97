// Routes of the catalogue and content calls (products, categories, custom fields, documents,
// site pages, sliders, blog, config, shop). See ../operation.ts.
import type { RouteTable } from '../operation';

export const catalogueRoutes = {} as const satisfies RouteTable;
