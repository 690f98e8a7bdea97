// Routes of the account calls (auth, addresses, users, contact, client proxy). See ../operation.ts.
import type { RouteTable } from '../operation';

// client-proxy/{name}/{path}: `path` is the rest of the URL below the upstream (slashes and its
// own trailing slash included, possibly empty), hence no trailing slash in the template. The proxy
// forwards these five methods (HEAD goes with GET).
const PROXY_PATH = 'client-proxy/{name}/{path}';

export const accountRoutes = {
  logIn: { method: 'post', path: 'auth/login/', status: 200 },
  logOut: { method: 'post', path: 'auth/logout/', status: 204 },
  logOutEverywhere: { method: 'post', path: 'auth/logout-all/', status: 204 },
  getCurrentUser: { method: 'get', path: 'auth/is-authenticated/', status: 200 },
  requestPasswordReset: { method: 'post', path: 'auth/password-reset/', status: 200 },
  resetPasswordWithCode: { method: 'post', path: 'auth/otp-password-change/', status: 200 },
  changePassword: { method: 'post', path: 'auth/password-change/', status: 200 },
  checkPasswordChange: { method: 'post', path: 'auth/check-psswd-change/', status: 200 },

  listAddresses: { method: 'get', path: 'addresses/', status: 200 },
  createAddress: { method: 'post', path: 'addresses/', status: 201 },
  getAddress: { method: 'get', path: 'addresses/{id}/', status: 200 },
  updateAddress: { method: 'patch', path: 'addresses/{id}/', status: 200 },
  deleteAddress: { method: 'delete', path: 'addresses/{id}/', status: 204 },

  listUsers: { method: 'get', path: 'users/', status: 200 },
  listAgentCustomers: { method: 'get', path: 'users/customers/', status: 200 },
  getUser: { method: 'get', path: 'users/{id}/', status: 200 },

  sendContactMessage: { method: 'post', path: 'contact/', status: 201 },

  getViaClientProxy: { method: 'get', path: PROXY_PATH, rest: 'path', status: 200 },
  postViaClientProxy: { method: 'post', path: PROXY_PATH, rest: 'path', status: 200 },
  putViaClientProxy: { method: 'put', path: PROXY_PATH, rest: 'path', status: 200 },
  patchViaClientProxy: { method: 'patch', path: PROXY_PATH, rest: 'path', status: 200 },
  deleteViaClientProxy: { method: 'delete', path: PROXY_PATH, rest: 'path', status: 200 },
} as const satisfies RouteTable;
