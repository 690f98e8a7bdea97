// Every call of the API (spec section 7) with its request schemas from the contract.
import * as v from 'valibot';
import { OtpPasswordChangeBodySchema, PasswordChangeBodySchema, UsernameBodySchema } from '../../../src/lib/contract/auth';
import { PageQuerySchema } from '../../../src/lib/contract/common';
import { ProductListQuerySchema } from '../../../src/lib/contract/products';
import type { Operation } from './operation';

const paged = v.object({ ...PageQuerySchema.entries, order_by: v.optional(v.string()) });

export const OPERATIONS: Operation[] = [
  // Authentication
  { method: 'post', path: 'auth/login/', tag: 'Authentication', summary: 'Sign in with Basic credentials (Authorization: Basic base64(username:password)).', access: 'public', answers: 'LoginResponse {token, expiry, token_expire, must_change_password}', errors: { 401: 'Invalid login credentials', 429: 'Too many attempts' } },
  { method: 'post', path: 'auth/logout/', tag: 'Authentication', summary: 'End this token.', access: 'user', answers: '204 No Content' },
  { method: 'post', path: 'auth/logout-all/', tag: 'Authentication', summary: 'End every token of the user.', access: 'user', answers: '204 No Content' },
  { method: 'get', path: 'auth/is-authenticated/', tag: 'Authentication', summary: 'Check the token and describe the user.', access: 'user', answers: 'CurrentUser' },
  { method: 'post', path: 'auth/password-reset/', tag: 'Authentication', summary: 'Email a 6-digit one-time code (15 minutes, 5 tries).', access: 'public', body: UsernameBodySchema, answers: '{detail, expires_in}', errors: { 404: 'user not found', 429: 'Too many attempts' } },
  { method: 'post', path: 'auth/otp-password-change/', tag: 'Authentication', summary: 'Set a new password with the emailed code.', access: 'public', body: OtpPasswordChangeBodySchema, answers: '{detail}', errors: { 404: 'user not found', 400: 'invalid password (one entry per policy rule)', 401: 'invalid otp', 429: 'Too many attempts' } },
  { method: 'post', path: 'auth/password-change/', tag: 'Authentication', summary: 'Change the password with the current one.', access: 'public', body: PasswordChangeBodySchema, answers: '{detail}', errors: { 404: 'user not found', 400: 'invalid password', 429: 'Too many attempts' } },
  { method: 'post', path: 'auth/check-psswd-change/', tag: 'Authentication', summary: 'Whether the user must change the password before going on.', access: 'public', body: UsernameBodySchema, answers: 'CheckPasswordChangeResponse {must_change_password}', errors: { 404: 'user not found' } },

  // Catalogue
  { method: 'get', path: 'products/p/', tag: 'Catalogue', summary: 'Products: filters, full-text search, price range, ordering, paging.', access: 'optional', query: ProductListQuerySchema, answers: 'Paged<ProductSummary>', paged: true },
  { method: 'get', path: 'products/p/{slug}/', tag: 'Catalogue', summary: 'Product detail with assets, variants and stock.', access: 'public', pathParams: { slug: 'Product slug' }, answers: 'ProductDetail', errors: { 404: 'Product not found' } },
  { method: 'get', path: 'categories/menu/', tag: 'Catalogue', summary: 'Categories of one level (top without parent) with their children.', access: 'public', query: v.object({ taxonomy: v.optional(v.string()), parent: v.optional(v.string()) }), answers: 'Paged<CategoryMenuItem>', paged: true },

  // Content
  { method: 'get', path: 'sliders/', tag: 'Content', summary: 'Sliders with their slides (code: home, home-en, home-es).', access: 'public', query: v.object({ code: v.optional(v.string()) }), answers: 'Paged<Slider>', paged: true },
  { method: 'get', path: 'blog/', tag: 'Content', summary: 'News, newest first.', access: 'public', query: paged, answers: 'Paged<BlogPostSummary>', paged: true },
  { method: 'get', path: 'blog/{id}/', tag: 'Content', summary: 'One news post by id or slug.', access: 'public', pathParams: { id: 'Id or slug' }, answers: 'BlogPost' },
  { method: 'get', path: 'config/system/{key}/', tag: 'Settings', summary: 'A public system setting by key.', access: 'public', pathParams: { key: 'Setting key, e.g. FREE_SHIPPING_CODE' }, answers: 'SystemSetting {key, value}', errors: { 404: 'Unknown setting.' } },
];
