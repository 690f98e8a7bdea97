// Every call of the API (spec section 7) with its request schemas from the contract.
import * as v from 'valibot';
import { OtpPasswordChangeBodySchema, PasswordChangeBodySchema, UsernameBodySchema } from '../../../src/lib/contract/auth';
import { PageQuerySchema } from '../../../src/lib/contract/common';
import { AddressCreateBodySchema, AddressListQuerySchema, AddressPatchBodySchema } from '../../../src/lib/contract/addresses';
import {
  CategoryAncestorsQuerySchema, CategoryTreeQuerySchema, DocumentListQuerySchema, ProductCustomFieldsQuerySchema,
} from '../../../src/lib/contract/catalogue-extras';
import { ContactBodySchema } from '../../../src/lib/contract/contact';
import { LiveValuesQuerySchema } from '../../../src/lib/contract/live-values';
import { VariantListQuerySchema, VariantQuerySchema } from '../../../src/lib/contract/product-detail';
import { PriceQuerySchema, ProductListQuerySchema, RelatedQuerySchema } from '../../../src/lib/contract/products';
import { ImportantProductsQuerySchema, ProductPagesQuerySchema } from '../../../src/lib/contract/site-pages';
import { ShippingPoliciesQuerySchema } from '../../../src/lib/contract/shop';
import { CustomerListQuerySchema, UserListQuerySchema } from '../../../src/lib/contract/users';
import type { Operation } from './operation';

const paged = v.object({ ...PageQuerySchema.entries, order_by: v.optional(v.string()) });

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
  { method: 'get', path: 'products/p/', tag: 'Catalogue', summary: 'Products: filters, full-text search, price range, ordering, paging.', access: 'optional', query: ProductListQuerySchema, answers: 'Paged<ProductSummary>', paged: true },
  { method: 'get', path: 'products/live/', tag: 'Catalogue', summary: 'Live values of 1 to 100 products (ids comma-separated or repeated): stock, availability and the price for the customer and season, with their variants. Published products only; unknown ids are left out. Cache-Control: public, max-age=5 without a customer, private, no-store with one.', access: 'optional', query: LiveValuesQuerySchema, answers: '{results: [{id, quantity, is_backorderable, stock_state, price: {standard_price, special_price, price}, variants: [{id, quantity, is_backorderable, stock_state, price}]}], count}', errors: { 403: 'Not allowed to act for that customer' } },
  { method: 'get', path: 'products/p/{slug}/', tag: 'Catalogue', summary: 'Product detail with assets, variants and stock.', access: 'public', pathParams: { slug: 'Product slug or code' }, answers: 'ProductDetail', errors: { 404: 'Product not found' } },
  { method: 'get', path: 'products/p/price/{code}/', tag: 'Catalogue', summary: 'The price for a customer and season: per-customer price, else special, else standard.', access: 'optional', pathParams: { code: 'Product code or slug' }, query: PriceQuerySchema, answers: '{product, code, standard_price, special_price, price, source, currency}', errors: { 403: 'Not allowed to act for that customer' } },
  { method: 'get', path: 'products/p/related/', tag: 'Catalogue', summary: 'Related products by kind (Related, Upselling, Crosselling, Spare parts, Showcase).', access: 'public', query: RelatedQuerySchema, answers: '{kind, results, count} or one group per kind', errors: { 404: 'Product not found' } },
  { method: 'get', path: 'site/product-pages/', tag: 'Catalogue', summary: 'Whole product pages in bulk for the page build and regeneration: detail and related products of up to 500 products per call, by id order (after, limit) or by ids.', access: 'public', query: ProductPagesQuerySchema, answers: '{results: [{product: ProductDetail, related: RelatedGroup[]}], count, next}' },
  { method: 'get', path: 'site/important-products/', tag: 'Catalogue', summary: 'Ids of the products a bounded build prerenders, most important first: bestsellers and new arrivals, offers, most ordered.', access: 'public', query: ImportantProductsQuerySchema, answers: '{results: number[], count}' },
  { method: 'get', path: 'products/p/assets/{id}/', tag: 'Catalogue', summary: "A product's images and files, by image number.", access: 'public', pathParams: { id: 'Product id' }, answers: 'Paged<Image>' },
  { method: 'get', path: 'products/pp/', tag: 'Catalogue', summary: 'Variants of a product.', access: 'public', query: VariantListQuerySchema, answers: 'Paged<Variant>', paged: true },
  { method: 'get', path: 'products/pp/{id}/', tag: 'Catalogue', summary: 'One variant with its product and custom fields.', access: 'public', pathParams: { id: 'Variant id' }, query: VariantQuerySchema, answers: 'Variant' },
  { method: 'get', path: 'products/pp/price/{id}/', tag: 'Catalogue', summary: 'The price of a variant for a customer and season.', access: 'optional', pathParams: { id: 'Variant id' }, query: PriceQuerySchema, answers: '{variant, code, standard_price, special_price, price, source, currency}' },
  { method: 'get', path: 'categories/menu/', tag: 'Catalogue', summary: 'Categories of one level (top without parent) with their children.', access: 'public', query: v.object({ taxonomy: v.optional(v.string()), parent: v.optional(v.string()) }), answers: 'Paged<CategoryMenuItem>', paged: true },

  { method: 'get', path: 'categories/tree/', tag: 'Catalogue', summary: 'The category tree of a taxonomy (default "Default"), whole or from a root.', access: 'public', query: CategoryTreeQuerySchema, answers: 'CategoryNode[]' },
  { method: 'get', path: 'categories/ancestors/', tag: 'Catalogue', summary: 'Ancestors of a category, root first.', access: 'public', query: CategoryAncestorsQuerySchema, answers: 'Paged<CategoryRef>', paged: true },
  { method: 'get', path: 'categories/{id}/', tag: 'Catalogue', summary: 'A category by id or slug, with parent, children, ancestors and product count.', access: 'public', pathParams: { id: 'Id or slug' }, answers: 'CategoryDetail' },
  { method: 'get', path: 'custom-fields/product/', tag: 'Catalogue', summary: 'Custom fields of products (type=p) or variants (type=pp) with their values.', access: 'public', query: ProductCustomFieldsQuerySchema, answers: 'Paged<CustomField>', paged: true },
  { method: 'get', path: 'custom-fields/user/', tag: 'Catalogue', summary: 'Custom fields of users.', access: 'public', answers: 'Paged<CustomField>', paged: true },
  { method: 'get', path: 'custom-fields/category/', tag: 'Catalogue', summary: 'Custom fields of categories (e.g. color).', access: 'public', answers: 'Paged<CustomField>', paged: true },
  { method: 'get', path: 'custom-fields/{id}/', tag: 'Catalogue', summary: 'One custom field with its values.', access: 'public', pathParams: { id: 'Custom field id' }, answers: 'CustomField' },

  // Cart, wishlist, coupons

  // Checkout and orders
  { method: 'get', path: 'addresses/', tag: 'Addresses', summary: 'Addresses of a customer (search, filter by type).', access: 'user', query: AddressListQuerySchema, answers: 'Paged<Address>', paged: true },
  { method: 'post', path: 'addresses/', tag: 'Addresses', summary: 'Create an address for the customer.', access: 'user', body: AddressCreateBodySchema, answers: '201 Address' },
  { method: 'get', path: 'addresses/{id}/', tag: 'Addresses', summary: 'One address.', access: 'user', pathParams: { id: 'Address id' }, answers: 'Address' },
  { method: 'patch', path: 'addresses/{id}/', tag: 'Addresses', summary: 'Change an address.', access: 'user', pathParams: { id: 'Address id' }, body: AddressPatchBodySchema, answers: 'Address' },
  { method: 'delete', path: 'addresses/{id}/', tag: 'Addresses', summary: 'Delete an address (past orders keep their copy).', access: 'user', pathParams: { id: 'Address id' }, answers: '204 No Content' },
  { method: 'get', path: 'shop/payment-methods-b2b/', tag: 'Checkout', summary: 'Payment methods of the context (b2b includes "as per contract").', access: 'public', answers: 'Paged<PaymentMethod>', paged: true },
  { method: 'get', path: 'shop/payment-methods/', tag: 'Checkout', summary: 'Payment methods of the shop_context.', access: 'public', answers: 'Paged<PaymentMethod>', paged: true },
  { method: 'get', path: 'shop/shipping-policies/', tag: 'Checkout', summary: 'Shipping policies for an address, priced for a subtotal.', access: 'user', query: ShippingPoliciesQuerySchema, answers: 'Paged<ShippingPolicy>', paged: true },
  { method: 'get', path: 'shop/seasons/', tag: 'Checkout', summary: 'Active seasons.', access: 'public', answers: 'Paged<Season>', paged: true },

  // People
  { method: 'get', path: 'users/', tag: 'Users', summary: 'Users the caller may see (own customer; an agent: itself and its customers).', access: 'user', query: UserListQuerySchema, answers: 'Paged<User>', paged: true },
  { method: 'get', path: 'users/customers/', tag: 'Users', summary: "The agent's customers, searchable by name.", access: 'agent', query: CustomerListQuerySchema, answers: 'Paged<Customer>', paged: true },
  { method: 'get', path: 'users/{id}/', tag: 'Users', summary: 'One user, when visible.', access: 'user', pathParams: { id: 'User id' }, answers: 'User' },

  // Content
  { method: 'get', path: 'documents/', tag: 'Content', summary: "Downloads: public documents and the customer's own.", access: 'optional', query: DocumentListQuerySchema, answers: 'Paged<ShopDocument>', paged: true },
  { method: 'get', path: 'documents/{id}/file/', tag: 'Content', summary: "Download a customer's own document (public ones redirect to /media).", access: 'optional', pathParams: { id: 'Document id' }, answers: 'The file', produces: 'application/pdf' },
  { method: 'post', path: 'contact/', tag: 'Content', summary: 'Send a message to the shop (privacy consent required; bot check when enabled).', access: 'public', body: ContactBodySchema, answers: '201 {id}', errors: { 429: 'Too many messages' } },

  // Content
  { method: 'get', path: 'sliders/', tag: 'Content', summary: 'Sliders with their slides (code: home, home-en, home-es).', access: 'public', query: v.object({ code: v.optional(v.string()) }), answers: 'Paged<Slider>', paged: true },
  { method: 'get', path: 'blog/', tag: 'Content', summary: 'News, newest first.', access: 'public', query: paged, answers: 'Paged<BlogPostSummary>', paged: true },
  { method: 'get', path: 'blog/{id}/', tag: 'Content', summary: 'One news post by id or slug.', access: 'public', pathParams: { id: 'Id or slug' }, answers: 'BlogPost' },
  { method: 'get', path: 'client-proxy/{path}/', tag: 'Settings', summary: 'Forwards any method to a configured upstream (CLIENT_PROXY_UPSTREAMS); nothing else is reachable.', access: 'public', pathParams: { path: 'Upstream name, then its path' }, answers: "The upstream's answer", errors: { 404: 'Unknown upstream', 502: 'Upstream failed' } },
  { method: 'get', path: 'config/system/{key}/', tag: 'Settings', summary: 'A public system setting by key.', access: 'public', pathParams: { key: 'Setting key, e.g. FREE_SHIPPING_CODE' }, answers: 'SystemSetting {key, value}', errors: { 404: 'Unknown setting.' } },
];
