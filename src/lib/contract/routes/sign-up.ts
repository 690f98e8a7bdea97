// Routes of the sign-up calls (ADR 0025). See ../operation.ts.
import type { RouteTable } from '../operation';

export const signUpRoutes = {
  registerCustomer: { method: 'post', path: 'auth/register/', status: 201 },
  confirmEmail: { method: 'post', path: 'auth/confirm-email/', status: 200 },
  requestTradeAccount: { method: 'post', path: 'auth/trade-account/', status: 201 },
  setPasswordWithLink: { method: 'post', path: 'auth/set-password/', status: 200 },
} as const satisfies RouteTable;
