// Values of the contract the browser needs (choices, limits), without valibot: the schema
// modules build on them, and islands import them from here, so that no page ships valibot for
// a list of statuses (ADR 0019).

import { isIsoCountryCode } from './countries';

export { countryOptions, HOME_COUNTRY, SHOP_COUNTRIES, type CountryOption } from './countries';

export const ADDRESS_TYPES = ['Billing', 'Shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** A current ISO 3166-1 alpha-2 country code (no withdrawn codes such as YU, CS, AN or SU). */
export function isCountryCode(code: string): boolean {
  return isIsoCountryCode(code);
}

export const ORDER_STATUSES = [
  'Pending', 'Failed', 'Processing', 'Completed', 'Refunded', 'Partially refunded', 'Cancelled', 'Shipped', 'Partially shipped',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_DOCUMENT_TYPES = ['invoice', 'delivery_note', 'order_confirmation'] as const;
export type OrderDocumentType = (typeof ORDER_DOCUMENT_TYPES)[number];

export const DOCUMENT_CATEGORIES = ['catalogue', 'datasheet', 'certificate', 'price_list', 'manual'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The 409 detail for a key already used for a different checkout: the next attempt needs a new key. */
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different order.';

export const CONTACT_MESSAGE_MAX = 5000;
