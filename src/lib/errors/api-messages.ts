// Spec section 8 on the client: every failed call becomes one message key of the `errors`
// catalogue (translated by the island), chosen by what was being done and what the API said.
import type { ApiFailure } from '../api/result';

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

/** Coupon terms with a message of their own (ADR 0015); other refusals keep the spec's one. */
const COUPON_TERMS = new Set(['not_found', 'not_first_order', 'already_used', 'min_amount', 'expired', 'not_yet_valid', 'wrong_customer_kind']);

/** The message of a refused coupon: the term that failed, when the API names one. */
function couponTermKey(e: ApiFailure): string | null {
  if (e.status !== 400 || e.detail !== 'The coupon is not valid.') return null;
  const item = e.errorList.find((i) => i.field === 'coupon');
  return item && COUPON_TERMS.has(item.code) ? `errors.couponTerms.${item.code}` : 'errors.couponNotValid';
}

/** Failures that mean the same whatever the call. */
function common(error: ApiFailure): string | null {
  if (error.status === 0) return 'errors.network';
  if (error.status === 429) return 'errors.tooManyAttempts';
  return null;
}

const BY_CONTEXT: Record<FailureContext, (e: ApiFailure) => string> = {
  login: (e) => (e.status === 401 ? 'errors.invalidLoginCredentials' : 'errors.unknownServerError'),
  logout: (e) => (e.status === 401 ? 'errors.notAuthenticated' : 'errors.unknownServerError'),
  passwordReset: (e) => (e.status === 404 ? 'errors.userNotFound' : 'errors.unknownServerError'),
  otpChange: (e) =>
    e.status === 404 ? 'errors.userNotFound' : e.status === 400 ? 'errors.invalidPassword' : e.status === 401 ? 'errors.invalidOtp' : 'errors.unknownServerError',
  passwordChange: (e) => (e.status === 404 ? 'errors.userNotFound' : e.status === 400 ? 'errors.invalidPassword' : 'errors.unknownServerError'),
  forceChangeCheck: (e) => (e.status === 404 ? 'errors.userNotFound' : 'errors.unknownServerError'),
  cartInit: () => 'errors.cartInitFailed',
  cartRow: (e) =>
    e.detail === 'negative_quantity'
      ? 'errors.negativeQuantity'
      : e.detail === 'quantity_not_available'
        ? 'errors.quantityNotAvailable'
        : e.errorList.some((item) => item.field === 'qty' && item.code === 'max_value')
          ? 'errors.limits.quantityTooLargeShort'
          : 'errors.cartUpdateFailed',
  cartRemove: (e) => (e.status === 404 ? 'errors.productNotInCart' : 'errors.cartUpdateError'),
  coupon: (e) => couponTermKey(e) ?? (e.status === 400 ? 'errors.couponNotValid' : 'errors.couponApplyFailed'),
  wishlistInit: () => 'errors.wishlistInitFailed',
  wishlistAdd: (e) => (e.detail === 'Product already in the wishlist' ? 'errors.productAlreadyInWishlist' : 'errors.wishlistAddFailed'),
  wishlistRemove: (e) => (e.status === 404 ? 'errors.productNotInWishlist' : 'errors.wishlistRemoveFailed'),
  wishlistUpdate: (e) => (e.status === 404 ? 'errors.productNotInWishlist' : 'errors.wishlistUpdateFailed'),
  checkout: (e) =>
    couponTermKey(e) ??
    (e.detail === 'quantity_not_available'
      ? 'errors.quantityNotAvailable'
      : e.detail === 'Invalid order'
        ? 'errors.invalidOrder'
        : e.errorList.some((item) => item.code === 'total_too_large')
          ? 'errors.limits.orderTooLarge'
          : 'errors.checkoutFailed'),
  orders: () => 'errors.ordersLoadFailed',
  order: (e) => (e.status === 404 ? 'errors.invalidOrder' : 'errors.ordersLoadFailed'),
  products: (e) => (e.status === 404 ? 'errors.productNotFound' : 'errors.productsLoadFailed'),
  addresses: () => 'errors.addressesLoadFailed',
  addressCreate: () => 'errors.unknownServerError',
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
