// The API's error catalogue: every failure the API reports has a stable name, a status and the
// message of spec section 8 where it gives one. Routes throw `apiError(...)`; one handler turns it
// into `{detail, error_list}`.
import type { ErrorItem } from '../../src/lib/contract/common';
import { IDEMPOTENCY_KEY_REUSED } from '../../src/lib/contract/checkout';
import { COUPON_PROBLEM_MESSAGES, type CouponProblem } from '../../src/lib/rules/coupon';

export const API_ERRORS = {
  BadRequest: { status: 400, detail: 'Invalid request.' },
  ValidationFailed: { status: 400, detail: 'Some fields are not valid.' },
  MalformedJson: { status: 400, detail: 'The request body is not valid JSON.' },
  InvalidOrderBy: { status: 400, detail: 'Invalid ordering.' },
  InvalidLoginCredentials: { status: 401, detail: 'Invalid login credentials' },
  NotAuthenticated: { status: 401, detail: 'not authenticated' },
  InvalidToken: { status: 401, detail: 'Invalid or expired token.' },
  InvalidOtp: { status: 401, detail: 'invalid otp' },
  InvalidPassword: { status: 400, detail: 'invalid password' },
  Forbidden: { status: 403, detail: 'You do not have permission to perform this action.' },
  NotFound: { status: 404, detail: 'Not found.' },
  UserNotFound: { status: 404, detail: 'user not found' },
  ProductNotFound: { status: 404, detail: 'Product not found' },
  NegativeQuantity: { status: 400, detail: 'negative_quantity' },
  QuantityNotAvailable: { status: 400, detail: 'quantity_not_available' },
  CouponNotValid: { status: 400, detail: 'The coupon is not valid.' },
  ProductAlreadyInWishlist: { status: 400, detail: 'Product already in the wishlist' },
  InvalidOrder: { status: 400, detail: 'Invalid order' },
  OutOfStock: { status: 409, detail: 'quantity_not_available' },
  SettingNotFound: { status: 404, detail: 'Unknown setting.' },
  MethodNotAllowed: { status: 405, detail: 'Method not allowed.' },
  Conflict: { status: 409, detail: 'The request conflicts with the current state.' },
  PayloadTooLarge: { status: 413, detail: 'The request body is too large.' },
  UnsupportedMediaType: { status: 415, detail: 'Send the body as JSON.' },
  TooManyAttempts: { status: 429, detail: 'Too many attempts, try again later.' },
  Unexpected: { status: 500, detail: 'Unknown server error' },
  BadGateway: { status: 502, detail: 'The upstream service did not answer.' },
  ServiceUnavailable: { status: 503, detail: 'The shop is temporarily unavailable, try again in a moment.' },
  IdempotencyKeyReused: { status: 409, detail: IDEMPOTENCY_KEY_REUSED },
  // Sign-in throttling and sessions (ADR 0011); error_list[0].code says which case, for clients.
  BotCheckRequired: { status: 403, detail: 'Complete the bot check to continue.' },
  PasswordChangeRequired: { status: 403, detail: 'You must change your password before continuing.' },
  InvalidValue: { status: 400, detail: 'A value in the request cannot be stored.' },
  OrderTooLarge: { status: 400, detail: 'The order total is too large. Lower the quantities.' },
} as const satisfies Record<string, { status: number; detail: string }>;

export type ApiErrorName = keyof typeof API_ERRORS;

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errorList: ErrorItem[];
  constructor(readonly errorName: ApiErrorName, errorList: ErrorItem[] = [], detail?: string) {
    const entry = API_ERRORS[errorName];
    super(detail ?? entry.detail);
    this.name = 'ApiError';
    this.status = entry.status;
    this.detail = detail ?? entry.detail;
    this.errorList = errorList;
  }
}

export const apiError = (name: ApiErrorName, errorList: ErrorItem[] = [], detail?: string) =>
  new ApiError(name, errorList, detail);

/** The spec's coupon refusal, with the term that failed as error_list[0].code (ADR 0015). */
export const couponNotValid = (problem: CouponProblem | 'not_found') =>
  apiError('CouponNotValid', [{ field: 'coupon', code: problem, message: COUPON_PROBLEM_MESSAGES[problem] }]);
