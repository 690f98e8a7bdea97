import type { Locale, ShopContext } from '../../src/lib/contract/common';

/**
 * The signed-in user of a request. It lives with authentication, not with the API, because
 * domain code (permissions, carts, orders, audit) decides on it and must not depend on HTTP.
 */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAgent: boolean;
  customerId: number | null;
  /** The kind of the user's own customer (null for agents): it decides the shop context (ADR 0015). */
  customerKind: ShopContext | null;
  mustChangePassword: boolean;
  tokenId: number;
  /** The account's language, as the token's read found it (mail goes out in it when a request does not say). */
  locale: Locale;
}
