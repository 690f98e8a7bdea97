// Every call of the API by name: method, path and success status (valibot-free: the browser
// imports this). Order matters where paths overlap: the router tries them in this order.
import { accountRoutes } from './accounts';
import { catalogueRoutes } from './catalogue';
import { orderingRoutes } from './ordering';
import { signUpRoutes } from './sign-up';

export const ROUTES = { ...accountRoutes, ...catalogueRoutes, ...orderingRoutes, ...signUpRoutes } as const;

export type OperationName = keyof typeof ROUTES;
