// The shop's error catalogue, below any transport: every failure the domain or the API reports
// has a stable name (sent to clients as `code`) and the English message of spec section 8 where
// it gives one. Domain code throws `shopError(name)`; only the API layer (server/api/errors.ts)
// knows which HTTP status a name answers.
import type { ErrorBody, ErrorItem } from '../src/lib/contract/common';
import { errorAnswer, type ErrorCode } from '../src/lib/contract/error-codes';
import { IDEMPOTENCY_KEY_REUSED } from '../src/lib/contract/checkout';
import { COUPON_PROBLEM_MESSAGES, couponRefusalName, type CouponProblem } from '../src/lib/rules/coupon';

export const SHOP_ERRORS = {
  BadRequest: 'Invalid request.',
  ValidationFailed: 'Some fields are not valid.',
  MalformedJson: 'The request body is not valid JSON.',
  InvalidOrderBy: 'Invalid ordering.',
  InvalidLoginCredentials: 'Invalid login credentials',
  NotAuthenticated: 'not authenticated',
  InvalidToken: 'Invalid or expired token.',
  InvalidOtp: 'invalid otp',
  InvalidPassword: 'invalid password',
  Forbidden: 'You do not have permission to perform this action.',
  NotFound: 'Not found.',
  UserNotFound: 'user not found',
  ProductNotFound: 'Product not found',
  NegativeQuantity: 'negative_quantity',
  QuantityNotAvailable: 'quantity_not_available',
  CouponNotValid: 'The coupon is not valid.',
  // Why a coupon is refused, one name per reason a shopper can act on (error_list[0].code names the term).
  CouponUnknown: 'There is no coupon with this code.',
  CouponExpired: 'This coupon has expired.',
  CouponNotYetValid: 'This coupon is not valid yet.',
  CouponNotForCustomer: 'This coupon is not for this customer.',
  CouponMinimumNotReached: 'The order does not reach the minimum amount of this coupon.',
  ProductAlreadyInWishlist: 'Product already in the wishlist',
  InvalidOrder: 'Invalid order',
  OutOfStock: 'quantity_not_available',
  // Spec section 7 spells it so (config/system/{key}/ answers a fatal 500 for a key it does not know).
  SettingNotFound: 'Unexpexted error',
  MethodNotAllowed: 'Method not allowed.',
  Conflict: 'The request conflicts with the current state.',
  PayloadTooLarge: 'The request body is too large.',
  UnsupportedMediaType: 'Send the body as JSON.',
  TooManyAttempts: 'Too many attempts, try again later.',
  Unexpected: 'Unknown server error',
  BadGateway: 'The upstream service did not answer.',
  ServiceUnavailable: 'The shop is temporarily unavailable, try again in a moment.',
  IdempotencyKeyReused: IDEMPOTENCY_KEY_REUSED,
  BotCheckRequired: 'Complete the bot check to continue.',
  PasswordChangeRequired: 'You must change your password before continuing.',
  InvalidValue: 'A value in the request cannot be stored.',
  OrderTooLarge: 'The order total is too large. Lower the quantities.',
  // A management API import file with problems (ADR 0032): every one is listed, nothing was changed.
  ImportRefused: 'The file has problems; nothing was changed.',
  // Quick order, saved lists and purchase history serve business customers and their agents (issue 16).
  TradeCustomersOnly: 'This is for business customers only.',
  SavedListNameTaken: 'A list with this name already exists.',
} as const satisfies Record<ErrorCode, string>;

export type ShopErrorName = keyof typeof SHOP_ERRORS;

export class ShopError extends Error {
  readonly detail: string;
  readonly errorList: ErrorItem[];
  constructor(readonly code: ShopErrorName, errorList: ErrorItem[] = [], detail?: string) {
    super(detail ?? SHOP_ERRORS[code]);
    this.name = 'ShopError';
    this.detail = detail ?? SHOP_ERRORS[code];
    this.errorList = errorList;
  }
}

export const shopError = (name: ShopErrorName, errorList: ErrorItem[] = [], detail?: string) => new ShopError(name, errorList, detail);

/** The body of every error answer, whoever sends it (API, HTTP edge, page server). */
export const errorBody = (name: ShopErrorName, errorList: ErrorItem[] = [], detail: string = SHOP_ERRORS[name]): ErrorBody => errorAnswer(name, detail, errorList);

/** The body that answers a thrown ShopError. */
export const errorBodyOf = (error: ShopError): ErrorBody => errorBody(error.code, error.errorList, error.detail);

/**
 * A coupon refusal (HTTP 400 "The coupon is not valid.", spec section 8): the catalogue name says
 * why (couponRefusalName), error_list[0] the term that failed with its own message (ADR 0015),
 * and `amount` the coupon's minimum when the order does not reach it.
 */
export const couponNotValid = (problem: CouponProblem | 'not_found', options: { minimum?: number } = {}) => {
  const minimum = problem === 'min_amount' && options.minimum !== undefined ? options.minimum : undefined;
  const message = minimum === undefined ? COUPON_PROBLEM_MESSAGES[problem] : `The order does not reach the minimum of ${minimum.toFixed(2)} EUR for this coupon.`;
  const item: ErrorItem = { field: 'coupon', code: problem, message, ...(minimum === undefined ? {} : { amount: minimum }) };
  // The detail stays the spec's words (section 8); the name and the item say why.
  return shopError(couponRefusalName(problem), [item], SHOP_ERRORS.CouponNotValid);
};
