// Schemas and documentation of the account calls (../routes/accounts.ts).
import type { SchemasFor } from '../operation';
import type { accountRoutes } from '../routes/accounts';

export const accountOperations = {} satisfies SchemasFor<typeof accountRoutes>;
