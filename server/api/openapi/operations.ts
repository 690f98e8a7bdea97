// Every call of the API (spec section 7) with its request schemas from the contract.
import { OtpPasswordChangeBodySchema, PasswordChangeBodySchema, UsernameBodySchema } from '../../../src/lib/contract/auth';
import { AddressCreateBodySchema, AddressListQuerySchema, AddressPatchBodySchema } from '../../../src/lib/contract/addresses';
import { CartRowBodySchema, CartRowPatchSchema, CartRowsQuerySchema, GetOrCreateBodySchema, GetOrCreateQuerySchema } from '../../../src/lib/contract/cart';
import { CheckoutBodySchema, CheckoutInitBodySchema } from '../../../src/lib/contract/checkout';
import { ContactBodySchema } from '../../../src/lib/contract/contact';
import { OrderDocQuerySchema, OrderListQuerySchema, OrderRowsQuerySchema } from '../../../src/lib/contract/orders';
import { CanvasListQuerySchema, CouponApplyBodySchema, CouponRemoveQuerySchema, PromotionListQuerySchema } from '../../../src/lib/contract/promotions';
import { CustomerListQuerySchema, UserListQuerySchema } from '../../../src/lib/contract/users';
import type { Operation } from './operation';

export const OPERATIONS: Operation[] = [
  // Authentication
  { method: 'post', path: 'auth/login/', tag: 'Authentication', summary: 'Sign in with Basic credentials (Authorization: Basic base64(username:password)). Throttled per address and per username (ADR 0011). When must_change_password is true the token is good for auth/password-change/ and sign-out only.', access: 'public', headerParams: { 'X-Bot-Check': 'The bot-check answer (reCAPTCHA v3 token), needed once the username has had many failed attempts while the shop has the bot check on (403 BotCheckRequired says so).' }, answers: 'LoginResponse {token, expiry, token_expire, must_change_password}', errors: { 401: 'Invalid login credentials', 403: 'BotCheckRequired: error_list code bot_check_required (send X-Bot-Check) or bot_check_failed', 429: 'Too many attempts: many failures from this address, or a few seconds\' wait for this username (Retry-After, seconds)' } },
  { method: 'post', path: 'auth/logout/', tag: 'Authentication', summary: 'End this token (also one that is good for the password change only).', access: 'user', answers: '204 No Content' },
  { method: 'post', path: 'auth/logout-all/', tag: 'Authentication', summary: 'End every token of the user.', access: 'user', answers: '204 No Content' },
  { method: 'get', path: 'auth/is-authenticated/', tag: 'Authentication', summary: 'Check the token and describe the user.', access: 'user', answers: 'CurrentUser' },
  { method: 'post', path: 'auth/password-reset/', tag: 'Authentication', summary: 'Email a 6-digit one-time code (15 minutes, 5 tries). At most 10 requests per address and 5 per username in 15 minutes.', access: 'public', body: UsernameBodySchema, answers: '{detail, expires_in}', errors: { 404: 'user not found', 429: 'Too many attempts (Retry-After, seconds)' } },
  { method: 'post', path: 'auth/otp-password-change/', tag: 'Authentication', summary: 'Set a new password with the emailed code; ends every session of the user.', access: 'public', body: OtpPasswordChangeBodySchema, answers: '{detail}', errors: { 404: 'user not found', 400: 'invalid password (one entry per policy rule)', 401: 'invalid otp', 429: 'Too many attempts' } },
  { method: 'post', path: 'auth/password-change/', tag: 'Authentication', summary: 'Change the password with the current one. Ends every other session of the user; a token of this user sent with the call stays valid. Throttled like sign-in (the same counters).', access: 'public', headerParams: { 'X-Bot-Check': 'The bot-check answer (reCAPTCHA v3 token), needed once the username has had many failed attempts while the shop has the bot check on (403 BotCheckRequired says so).' }, body: PasswordChangeBodySchema, answers: '{detail}', errors: { 404: 'user not found', 400: 'invalid password', 403: 'BotCheckRequired (as for auth/login/)', 429: 'Too many attempts (Retry-After, seconds)' } },
  { method: 'post', path: 'auth/check-psswd-change/', tag: 'Authentication', summary: 'Whether the user must change the password before going on. At most 30 calls per address in 15 minutes.', access: 'public', body: UsernameBodySchema, answers: 'CheckPasswordChangeResponse {must_change_password}', errors: { 404: 'user not found', 429: 'Too many attempts (Retry-After, seconds)' } },

  // Catalogue


  // Cart, wishlist, coupons
  { method: 'post', path: 'carts/get-or-create/', tag: 'Cart', summary: "The customer's open cart for the context and season, created unless lazy.", access: 'user', query: GetOrCreateQuerySchema, body: GetOrCreateBodySchema, answers: 'CartHeader', errors: { 403: 'Not allowed to act for that customer' } },
  { method: 'get', path: 'carts/rows/', tag: 'Cart', summary: 'Rows of a cart with prices and available stock.', access: 'user', query: CartRowsQuerySchema, answers: 'Paged<CartRow>', paged: true },
  { method: 'post', path: 'carts/rows/', tag: 'Cart', summary: 'Add a product, or set its quantity when already there (0 or less removes it; for a product not there it changes nothing).', access: 'user', body: CartRowBodySchema, answers: '{row, removed, cart}', errors: { 400: 'negative_quantity | quantity_not_available' } },
  { method: 'patch', path: 'carts/row/{id}/', tag: 'Cart', summary: 'Set the quantity of a row (0 or less removes it).', access: 'user', pathParams: { id: 'Row id' }, body: CartRowPatchSchema, answers: '{row, removed, cart}', errors: { 400: 'negative_quantity | quantity_not_available' } },
  { method: 'delete', path: 'carts/row/{id}/', tag: 'Cart', summary: 'Remove a row.', access: 'user', pathParams: { id: 'Row id' }, answers: '{row, removed, cart}' },
  { method: 'post', path: 'promotions/coupons/apply/', tag: 'Cart', summary: 'Apply a coupon to a price or a cart. After 10 codes that are not valid in 15 minutes (per user and per address) every code is refused for the rest of the window.', access: 'user', body: CouponApplyBodySchema, answers: '{code, type, value, discount, final_price}', errors: { 400: 'The coupon is not valid.', 429: 'Too many attempts (Retry-After, seconds)' } },
  { method: 'delete', path: 'promotions/coupons/apply/', tag: 'Cart', summary: "Remove the coupon from a cart.", access: 'user', query: CouponRemoveQuerySchema, answers: 'CartHeader' },

  // Checkout and orders
  { method: 'post', path: 'checkout/init/', tag: 'Checkout', summary: 'What checkout needs: addresses, payment methods, shipping policies, the cart.', access: 'user', body: CheckoutInitBodySchema, answers: 'CheckoutInit' },
  { method: 'post', path: 'checkout/', tag: 'Checkout', summary: 'Place the order (one transaction; Idempotency-Key header makes retries safe).', access: 'user', body: CheckoutBodySchema, answers: '201 Order (200 with the same order on a retried key)', errors: { 400: 'Missing field, or Invalid order (empty cart)', 409: 'quantity_not_available, or the Idempotency-Key was already used for a different order' } },
  { method: 'get', path: 'orders/', tag: 'Orders', summary: "A customer's orders.", access: 'user', query: OrderListQuerySchema, answers: 'Paged<OrderSummary>', paged: true },
  { method: 'get', path: 'orders/rows/', tag: 'Orders', summary: 'Rows of an order.', access: 'user', query: OrderRowsQuerySchema, answers: 'Paged<OrderRow>', paged: true },
  { method: 'get', path: 'orders/doc/', tag: 'Orders', summary: 'A document of an order as PDF (invoice, delivery_note, order_confirmation).', access: 'user', query: OrderDocQuerySchema, answers: 'PDF', produces: 'application/pdf' },
  { method: 'get', path: 'orders/{id}/', tag: 'Orders', summary: 'An order with addresses, totals, status history and documents.', access: 'user', pathParams: { id: 'Order id' }, answers: 'OrderDetail' },
  { method: 'get', path: 'addresses/', tag: 'Addresses', summary: 'Addresses of a customer (search, filter by type).', access: 'user', query: AddressListQuerySchema, answers: 'Paged<Address>', paged: true },
  { method: 'post', path: 'addresses/', tag: 'Addresses', summary: 'Create an address for the customer.', access: 'user', body: AddressCreateBodySchema, answers: '201 Address' },
  { method: 'get', path: 'addresses/{id}/', tag: 'Addresses', summary: 'One address.', access: 'user', pathParams: { id: 'Address id' }, answers: 'Address' },
  { method: 'patch', path: 'addresses/{id}/', tag: 'Addresses', summary: 'Change an address.', access: 'user', pathParams: { id: 'Address id' }, body: AddressPatchBodySchema, answers: 'Address' },
  { method: 'delete', path: 'addresses/{id}/', tag: 'Addresses', summary: 'Delete an address (past orders keep their copy).', access: 'user', pathParams: { id: 'Address id' }, answers: '204 No Content' },

  // People
  { method: 'get', path: 'users/', tag: 'Users', summary: 'Users the caller may see (own customer; an agent: itself and its customers).', access: 'user', query: UserListQuerySchema, answers: 'Paged<User>', paged: true },
  { method: 'get', path: 'users/customers/', tag: 'Users', summary: "The agent's customers, searchable by name.", access: 'agent', query: CustomerListQuerySchema, answers: 'Paged<Customer>', paged: true },
  { method: 'get', path: 'users/{id}/', tag: 'Users', summary: 'One user, when visible.', access: 'user', pathParams: { id: 'User id' }, answers: 'User' },

  // Content
  { method: 'get', path: 'promotions/', tag: 'Content', summary: 'Promotions running now for the context.', access: 'public', query: PromotionListQuerySchema, answers: 'Paged<Promotion>', paged: true },
  { method: 'get', path: 'promotions/all/', tag: 'Content', summary: 'All promotions.', access: 'public', query: PromotionListQuerySchema, answers: 'Paged<Promotion>', paged: true },
  { method: 'get', path: 'promotions/canvasses/', tag: 'Content', summary: 'Page-builder documents; with slug, the content page of that slug.', access: 'public', query: CanvasListQuerySchema, answers: 'Paged<Canvas>', paged: true },
  { method: 'get', path: 'promotions/canvasses/{id}/', tag: 'Content', summary: 'One page-builder document.', access: 'public', pathParams: { id: 'Canvas id' }, answers: 'Canvas' },
  { method: 'get', path: 'promotions/{id}/', tag: 'Content', summary: 'One promotion with its products and canvas.', access: 'public', pathParams: { id: 'Promotion id' }, answers: 'Promotion' },
  { method: 'post', path: 'contact/', tag: 'Content', summary: 'Send a message to the shop (privacy consent required; bot check when enabled).', access: 'public', body: ContactBodySchema, answers: '201 {id}', errors: { 429: 'Too many messages' } },

  // Content
  { method: 'get', path: 'client-proxy/{path}/', tag: 'Settings', summary: 'Forwards any method to a configured upstream (CLIENT_PROXY_UPSTREAMS); nothing else is reachable.', access: 'public', pathParams: { path: 'Upstream name, then its path' }, answers: "The upstream's answer", errors: { 404: 'Unknown upstream', 502: 'Upstream failed' } },
];
