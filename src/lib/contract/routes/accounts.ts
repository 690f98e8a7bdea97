// Routes of the account calls (auth, addresses, users, contact, client proxy). See ../operation.ts.
import type { RouteTable } from '../operation';

export const accountRoutes = {} as const satisfies RouteTable;
