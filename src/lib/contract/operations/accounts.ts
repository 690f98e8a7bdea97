// Schemas and documentation of the account calls (../routes/accounts.ts).
import * as v from 'valibot';
import { AddressCreateBodySchema, AddressListQuerySchema, AddressPatchBodySchema, AddressSchema } from '../addresses';
import {
  CheckPasswordChangeResponseSchema, CurrentUserSchema, LoginResponseSchema, OtpPasswordChangeBodySchema, PasswordChangeBodySchema, PasswordChangedSchema,
  PasswordResetAnswerSchema, UsernameBodySchema,
} from '../auth';
import { IdSchema, PagedSchema } from '../common';
import { ContactAnswerSchema, ContactBodySchema } from '../contact';
import type { OperationSchemas, SchemasFor } from '../operation';
import type { accountRoutes } from '../routes/accounts';
import { CustomerListQuerySchema, CustomerSummarySchema, ShopUserSchema, UserListQuerySchema } from '../users';

const BOT_CHECK_HEADER = {
  'X-Bot-Check':
    'The bot-check answer (reCAPTCHA v3 token), needed once the username has had many failed attempts while the shop has the bot check on (403 BotCheckRequired says so).',
};
const AddressIdParams = v.object({ id: v.pipe(IdSchema, v.description('Address id')) });
const UserIdParams = v.object({ id: v.pipe(IdSchema, v.description('User id')) });

// The proxy checks name and path itself, on the URL as sent (404 for an unknown upstream, 400 for
// a path that could leave it): these schemas only document them.
const clientProxy = (method: string): OperationSchemas => ({
  tag: 'Settings',
  summary: `${method} to a configured upstream (CLIENT_PROXY_UPSTREAMS), passing its status, body and harmless headers back; nothing else is reachable.`,
  access: 'public',
  params: v.object({
    name: v.pipe(v.string(), v.description('Upstream name')),
    path: v.optional(v.pipe(v.string(), v.description("The rest of the path below the upstream's base: slashes allowed, may be empty, no dot segments"))),
  }),
  errors: { 400: 'The path may not leave the upstream', 404: 'Unknown upstream', 502: 'Upstream failed' },
});

export const accountOperations = {
  logIn: {
    tag: 'Authentication',
    summary:
      'Sign in with Basic credentials (Authorization: Basic base64(username:password)). Throttled per address and per username (ADR 0011). When must_change_password is true the token is good for auth/password-change/ and sign-out only.',
    access: 'public', headerParams: BOT_CHECK_HEADER, response: LoginResponseSchema,
    errors: {
      401: 'Invalid login credentials',
      403: 'BotCheckRequired: error_list code bot_check_required (send X-Bot-Check) or bot_check_failed',
      429: "Too many attempts: many failures from this address, or a few seconds' wait for this username (Retry-After, seconds)",
    },
  },
  logOut: { tag: 'Authentication', summary: 'End this token (also one that is good for the password change only).', access: 'user' },
  logOutEverywhere: { tag: 'Authentication', summary: 'End every token of the user.', access: 'user' },
  getCurrentUser: { tag: 'Authentication', summary: 'Check the token and describe the user.', access: 'user', response: CurrentUserSchema },
  requestPasswordReset: {
    tag: 'Authentication',
    summary: 'Email a 6-digit one-time code (15 minutes, 5 tries). At most 10 requests per address and 5 per username in 15 minutes.',
    access: 'public', body: UsernameBodySchema, response: PasswordResetAnswerSchema,
    errors: { 404: 'user not found', 429: 'Too many attempts (Retry-After, seconds)' },
  },
  resetPasswordWithCode: {
    tag: 'Authentication', summary: 'Set a new password with the emailed code; ends every session of the user.', access: 'public',
    body: OtpPasswordChangeBodySchema, response: PasswordChangedSchema,
    errors: { 404: 'user not found', 400: 'invalid password (one entry per policy rule)', 401: 'invalid otp', 429: 'Too many attempts' },
  },
  changePassword: {
    tag: 'Authentication',
    summary:
      'Change the password with the current one. Ends every other session of the user; a token of this user sent with the call stays valid. Throttled like sign-in (the same counters).',
    access: 'optional', headerParams: BOT_CHECK_HEADER, body: PasswordChangeBodySchema, response: PasswordChangedSchema,
    errors: { 404: 'user not found', 400: 'invalid password', 403: 'BotCheckRequired (as for auth/login/)', 429: 'Too many attempts (Retry-After, seconds)' },
  },
  checkPasswordChange: {
    tag: 'Authentication', summary: 'Whether the user must change the password before going on. At most 30 calls per address in 15 minutes.', access: 'public',
    body: UsernameBodySchema, response: CheckPasswordChangeResponseSchema,
    errors: { 404: 'user not found', 429: 'Too many attempts (Retry-After, seconds)' },
  },

  listAddresses: { tag: 'Addresses', summary: 'Addresses of a customer (search, filter by type).', access: 'user', query: AddressListQuerySchema, response: PagedSchema(AddressSchema) },
  createAddress: { tag: 'Addresses', summary: 'Create an address for the customer.', access: 'user', body: AddressCreateBodySchema, response: AddressSchema },
  getAddress: { tag: 'Addresses', summary: 'One address.', access: 'user', params: AddressIdParams, response: AddressSchema },
  updateAddress: { tag: 'Addresses', summary: 'Change an address.', access: 'user', params: AddressIdParams, body: AddressPatchBodySchema, response: AddressSchema },
  deleteAddress: { tag: 'Addresses', summary: 'Delete an address (past orders keep their copy).', access: 'user', params: AddressIdParams },

  listUsers: {
    tag: 'Users', summary: 'Users the caller may see (own customer; an agent: itself and its customers).', access: 'user', query: UserListQuerySchema,
    response: PagedSchema(ShopUserSchema),
  },
  listAgentCustomers: {
    tag: 'Users', summary: "The agent's customers, searchable by name.", access: 'agent', query: CustomerListQuerySchema, response: PagedSchema(CustomerSummarySchema),
  },
  getUser: { tag: 'Users', summary: 'One user, when visible.', access: 'user', params: UserIdParams, response: ShopUserSchema },

  sendContactMessage: {
    tag: 'Content', summary: 'Send a message to the shop (privacy consent required; bot check when enabled).', access: 'public', body: ContactBodySchema,
    response: ContactAnswerSchema, errors: { 429: 'Too many messages' },
  },

  getViaClientProxy: clientProxy('GET (or HEAD)'),
  postViaClientProxy: clientProxy('POST'),
  putViaClientProxy: clientProxy('PUT'),
  patchViaClientProxy: clientProxy('PATCH'),
  deleteViaClientProxy: clientProxy('DELETE'),
} satisfies SchemasFor<typeof accountRoutes>;
