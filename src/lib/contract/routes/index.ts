// Every call of the API by name: method, path and success status (valibot-free: the browser
// imports this). Order matters where paths overlap: the router tries them in this order.
import { accountRoutes } from './accounts';
import { b2bOrderingRoutes } from './b2b-ordering';
import { catalogueRoutes } from './catalogue';
import { orderingRoutes } from './ordering';
import { signUpRoutes } from './sign-up';

export const ROUTES = { ...accountRoutes, ...catalogueRoutes, ...orderingRoutes, ...b2bOrderingRoutes, ...signUpRoutes } as const;

export type OperationName = keyof typeof ROUTES;
