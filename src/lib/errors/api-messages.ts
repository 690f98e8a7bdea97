// Spec section 8 on the client: every failed call becomes one message key of the `errors`
// catalogue (translated by the island), chosen by what was being done and the API's `code` and
// error_list codes; never by the English `detail`, which the API may reword.
import type { ApiFailure } from '../api/result';
import { FIELD_CODES, type CouponFieldCode, type FailureCode, type FieldCode, type PasswordFieldCode } from '../contract/error-codes';

export type FailureContext =
  | 'login'
  | 'logout'
  | 'passwordReset'
  | 'otpChange'
  | 'passwordChange'
  | 'forceChangeCheck'
  | 'cartInit'
  | 'cartRow'
  | 'cartRemove'
  | 'coupon'
  | 'wishlistInit'
  | 'wishlistAdd'
  | 'wishlistRemove'
  | 'wishlistUpdate'
  | 'checkout'
  | 'orders'
  | 'order'
  | 'products'
  | 'addresses'
  | 'addressCreate'
  | 'customers'
  | 'documents'
  | 'paymentMethods'
  | 'shippingPolicies'
  | 'shopInfo';

/** The message of each code when the call does not choose a closer one; a new code without one does not compile. */
export const CODE_MESSAGES: Record<FailureCode, string> = {
  BadRequest: 'errors.badRequest',
  ValidationFailed: 'errors.validationFailed',
  MalformedJson: 'errors.badRequest',
  InvalidOrderBy: 'errors.badRequest',
  InvalidLoginCredentials: 'errors.invalidLoginCredentials',
  NotAuthenticated: 'errors.notAuthenticated',
  InvalidToken: 'errors.invalidToken',
  InvalidOtp: 'errors.invalidOtp',
  InvalidPassword: 'errors.invalidPassword',
  Forbidden: 'errors.forbidden',
  NotFound: 'errors.notFound',
  UserNotFound: 'errors.userNotFound',
  ProductNotFound: 'errors.productNotFound',
  NegativeQuantity: 'errors.negativeQuantity',
  QuantityNotAvailable: 'errors.quantityNotAvailable',
  CouponNotValid: 'errors.couponNotValid',
  CouponUnknown: 'errors.couponUnknown',
  CouponExpired: 'errors.couponExpired',
  CouponNotYetValid: 'errors.couponNotYetValid',
  CouponNotForCustomer: 'errors.couponNotForCustomer',
  CouponMinimumNotReached: 'errors.couponMinimum',
  ProductAlreadyInWishlist: 'errors.productAlreadyInWishlist',
  InvalidOrder: 'errors.invalidOrder',
  OutOfStock: 'errors.quantityNotAvailable',
  SettingNotFound: 'errors.notFound',
  MethodNotAllowed: 'errors.badRequest',
  Conflict: 'errors.conflict',
  PayloadTooLarge: 'errors.payloadTooLarge',
  UnsupportedMediaType: 'errors.badRequest',
  TooManyAttempts: 'errors.tooManyAttempts',
  Unexpected: 'errors.unknownServerError',
  BadGateway: 'errors.serviceUnavailable',
  ServiceUnavailable: 'errors.serviceUnavailable',
  IdempotencyKeyReused: 'errors.idempotencyKeyReused',
  BotCheckRequired: 'errors.botCheckRequired',
  PasswordChangeRequired: 'errors.passwordChangeRequired',
  InvalidValue: 'errors.invalidValue',
  OrderTooLarge: 'errors.limits.orderTooLarge',
  ImportRefused: 'errors.validationFailed',
  TradeCustomersOnly: 'errors.tradeCustomersOnly',
  SavedListNameTaken: 'errors.savedListNameTaken',
  NetworkError: 'errors.network',
};

/** The message of each error_list code the storefront reads (error-codes.ts FIELD_CODES). */
export const FIELD_CODE_MESSAGES: Record<FieldCode, string> = {
  password_change_required: 'errors.passwordChangeRequired',
  bot_check_required: 'errors.botCheckRequired',
  bot_check_failed: 'errors.botCheckFailed',
  already_in_wishlist: 'errors.productAlreadyInWishlist',
  negative_quantity: 'errors.negativeQuantity',
  quantity_not_available: 'errors.quantityNotAvailable',
  total_too_large: 'errors.limits.orderTooLarge',
  unchanged: 'auth.errors.samePassword',
  required: 'validation.required',
  invalid: 'validation.invalidFormat',
  not_found: 'errors.notFound',
  max_value: 'errors.limits.quantityTooLargeShort',
  invalid_characters: 'errors.limits.invalidCharacters',
};

/**
 * The message of each coupon term (ADR 0015): the published terms have one of their own, the
 * shop's own switches keep the spec's "The coupon is not valid.".
 */
export const COUPON_CODE_MESSAGES: Record<CouponFieldCode, string> = {
  not_found: 'errors.couponUnknown',
  not_first_order: 'errors.couponTerms.not_first_order',
  already_used: 'errors.couponTerms.already_used',
  min_amount: 'errors.couponMinimum',
  expired: 'errors.couponExpired',
  not_yet_valid: 'errors.couponNotYetValid',
  wrong_customer_kind: 'errors.couponTerms.wrong_customer_kind',
  inactive: 'errors.couponNotValid',
  wrong_context: 'errors.couponNotValid',
  wrong_customer: 'errors.couponNotForCustomer',
  used_up: 'errors.couponNotValid',
};

/** The message of each password rule the API reports (InvalidPassword, field `password`). */
export const PASSWORD_CODE_MESSAGES: Record<PasswordFieldCode, string> = {
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  uppercaseRequired: 'validation.uppercaseRequired',
  lowercaseRequired: 'validation.lowercaseRequired',
  digitRequired: 'validation.digitRequired',
  specialCharRequired: 'validation.specialCharRequired',
  weakPassword: 'validation.weakPassword',
};

const hasField = (e: ApiFailure, code: FieldCode, field?: string) => e.errorList.some((item) => item.code === code && (field === undefined || item.field === field));
const isOneOf = <K extends string>(table: Record<K, string>, code: string): code is K => Object.hasOwn(table, code);

const COUPON_REFUSALS: readonly FailureCode[] = ['CouponNotValid', 'CouponUnknown', 'CouponExpired', 'CouponNotYetValid', 'CouponNotForCustomer', 'CouponMinimumNotReached'];

/** The message of a refused coupon: the term that failed when the API names one, else the refusal's own. */
function couponTermKey(e: ApiFailure): string | null {
  const item = e.errorList.find((i) => i.field === 'coupon');
  // A coupon used up by a concurrent order is a Conflict at checkout: still "not valid".
  if (!COUPON_REFUSALS.includes(e.code) && !(e.code === 'Conflict' && item)) return null;
  if (item && isOneOf(COUPON_CODE_MESSAGES, item.code)) return COUPON_CODE_MESSAGES[item.code];
  return e.code === 'Conflict' ? 'errors.couponNotValid' : CODE_MESSAGES[e.code];
}

/**
 * What a failure's message fills in: a coupon's minimum as money in the page's language. Keys
 * without the placeholder ignore it.
 */
export function failureMessageVars(error: ApiFailure, money: (amount: number) => string): Record<string, string> {
  const amount = error.errorList.find((i) => i.field === 'coupon' && typeof i.amount === 'number')?.amount;
  return amount === undefined ? {} : { amount: money(amount) };
}

/** The key of an error_list item's rule, or null when the storefront has no message of its own for it. */
export function fieldMessageKey(item: { field: string | null; code: string }): string | null {
  if (item.field === 'coupon' && isOneOf(COUPON_CODE_MESSAGES, item.code)) return COUPON_CODE_MESSAGES[item.code];
  if (item.field === 'password' && isOneOf(PASSWORD_CODE_MESSAGES, item.code)) return PASSWORD_CODE_MESSAGES[item.code];
  return isOneOf(FIELD_CODE_MESSAGES, item.code) ? FIELD_CODE_MESSAGES[item.code] : null;
}

/** Failures that mean the same whatever the call. */
function common(error: ApiFailure): string | null {
  switch (error.code) {
    case 'NetworkError':
    case 'TooManyAttempts':
    case 'ServiceUnavailable':
    case 'BadGateway':
      return CODE_MESSAGES[error.code];
    default:
      return null;
  }
}

/** The code's own message when it is one of `codes`, else the call's `otherwise`. */
const either = (e: ApiFailure, codes: readonly FailureCode[], otherwise: string) => (codes.includes(e.code) ? CODE_MESSAGES[e.code] : otherwise);

const BY_CONTEXT: Record<FailureContext, (e: ApiFailure) => string> = {
  login: (e) => either(e, ['InvalidLoginCredentials'], 'errors.unknownServerError'),
  logout: (e) => (e.code === 'NotAuthenticated' || e.code === 'InvalidToken' ? 'errors.notAuthenticated' : 'errors.unknownServerError'),
  passwordReset: (e) => either(e, ['UserNotFound'], 'errors.unknownServerError'),
  otpChange: (e) => (e.code === 'ValidationFailed' ? 'errors.invalidPassword' : either(e, ['UserNotFound', 'InvalidPassword', 'InvalidOtp'], 'errors.unknownServerError')),
  passwordChange: (e) => (e.code === 'ValidationFailed' ? 'errors.invalidPassword' : either(e, ['UserNotFound', 'InvalidPassword'], 'errors.unknownServerError')),
  forceChangeCheck: (e) => either(e, ['UserNotFound'], 'errors.unknownServerError'),
  cartInit: () => 'errors.cartInitFailed',
  cartRow: (e) =>
    hasField(e, FIELD_CODES.maxValue, 'qty') ? 'errors.limits.quantityTooLargeShort' : either(e, ['NegativeQuantity', 'QuantityNotAvailable', 'OutOfStock'], 'errors.cartUpdateFailed'),
  cartRemove: (e) => (e.code === 'NotFound' ? 'errors.productNotInCart' : 'errors.cartUpdateError'),
  coupon: (e) => couponTermKey(e) ?? 'errors.couponApplyFailed',
  wishlistInit: () => 'errors.wishlistInitFailed',
  // A product the shop no longer sells (unpublished after its page was built) is "Invalid product".
  wishlistAdd: (e) =>
    e.code === 'ProductAlreadyInWishlist' || hasField(e, FIELD_CODES.alreadyInWishlist)
      ? 'errors.productAlreadyInWishlist'
      : e.code === 'ProductNotFound' ? 'errors.invalidProduct' : 'errors.wishlistAddFailed',
  wishlistRemove: (e) => (e.code === 'NotFound' ? 'errors.productNotInWishlist' : 'errors.wishlistRemoveFailed'),
  wishlistUpdate: (e) => (e.code === 'NotFound' ? 'errors.productNotInWishlist' : 'errors.wishlistUpdateFailed'),
  checkout: (e) =>
    couponTermKey(e) ??
    (hasField(e, FIELD_CODES.totalTooLarge) ? 'errors.limits.orderTooLarge' : either(e, ['QuantityNotAvailable', 'OutOfStock', 'InvalidOrder', 'OrderTooLarge', 'IdempotencyKeyReused'], 'errors.checkoutFailed')),
  orders: () => 'errors.ordersLoadFailed',
  order: (e) => (e.code === 'NotFound' ? 'errors.invalidOrder' : 'errors.ordersLoadFailed'),
  products: (e) => (e.code === 'NotFound' || e.code === 'ProductNotFound' ? 'errors.productNotFound' : 'errors.productsLoadFailed'),
  addresses: () => 'errors.addressesLoadFailed',
  addressCreate: (e) => CODE_MESSAGES[e.code],
  customers: () => 'errors.customersLoadFailed',
  documents: () => 'errors.documentsLoadFailed',
  paymentMethods: () => 'errors.paymentMethodsLoadFailed',
  shippingPolicies: () => 'errors.shippingPoliciesLoadFailed',
  shopInfo: () => 'errors.shopInfoUpdateFailed',
};

/** The `errors.*` key to show for a failed call. */
export function failureMessageKey(context: FailureContext, error: ApiFailure): string {
  return common(error) ?? BY_CONTEXT[context](error);
}

/** Field errors of a 400 answer, by field name (first message per field). */
export function fieldErrors(error: ApiFailure): Record<string, { code: string; message: string }> {
  const out: Record<string, { code: string; message: string }> = {};
  for (const item of error.errorList) if (item.field && !out[item.field]) out[item.field] = { code: item.code, message: item.message };
  return out;
}
