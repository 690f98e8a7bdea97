// Schemas and documentation of the catalogue and content calls (../routes/catalogue.ts).
import type { SchemasFor } from '../operation';
import type { catalogueRoutes } from '../routes/catalogue';

export const catalogueOperations = {} satisfies SchemasFor<typeof catalogueRoutes>;
