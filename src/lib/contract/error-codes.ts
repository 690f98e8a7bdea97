// The codes of the API's error answers, shared by the server and the storefront without
// valibot (islands import values from here). `code` of an error body is one of ERROR_CODES, the
// names of the catalogue in server/shop-errors.ts (which must name exactly these, or it does not
// compile); `error_list[].code` says which rule a field broke. The storefront chooses its
// messages by these codes, never by the English `detail`, so a reworded message breaks nothing.
import type { ErrorBody, ErrorItem } from './common';
import { COUPON_PROBLEMS } from '../rules/coupon';
import type { PasswordIssue } from '../rules/password';
import { INVALID_CHARACTERS_CODE } from '../rules/text';

export const ERROR_CODES = [
  'BadRequest',
  'ValidationFailed',
  'MalformedJson',
  'InvalidOrderBy',
  'InvalidLoginCredentials',
  'NotAuthenticated',
  'InvalidToken',
  'InvalidOtp',
  'InvalidPassword',
  'Forbidden',
  'NotFound',
  'UserNotFound',
  'ProductNotFound',
  'NegativeQuantity',
  'QuantityNotAvailable',
  'CouponNotValid',
  'CouponUnknown',
  'CouponExpired',
  'CouponNotYetValid',
  'CouponNotForCustomer',
  'CouponMinimumNotReached',
  'ProductAlreadyInWishlist',
  'InvalidOrder',
  'OutOfStock',
  'SettingNotFound',
  'MethodNotAllowed',
  'Conflict',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'TooManyAttempts',
  'Unexpected',
  'BadGateway',
  'ServiceUnavailable',
  'IdempotencyKeyReused',
  'BotCheckRequired',
  'PasswordChangeRequired',
  'InvalidValue',
  'OrderTooLarge',
  'ImportRefused',
  'TradeCustomersOnly',
  'SavedListNameTaken',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one place an error body is put together (the server's errorBody fills `detail` from its catalogue). */
export const errorAnswer = (code: ErrorCode, detail: string, errorList: ErrorItem[] = []): ErrorBody => ({ detail, error_list: errorList, code });

/** The storefront's code for a call that got no answer at all (status 0: offline, timeout, DNS). */
export const NETWORK_ERROR = 'NetworkError';
/** What a failed call says on the client: the API's code, or that the server was not reached. */
export type FailureCode = ErrorCode | typeof NETWORK_ERROR;

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);

/**
 * The code of an answer that carries none (a proxied upstream, a gateway, an older server):
 * the catalogue name that answers with this status, so the client still has one to map.
 */
export function codeForStatus(status: number): FailureCode {
  if (status === 0) return NETWORK_ERROR;
  const byStatus: Record<number, ErrorCode> = {
    401: 'NotAuthenticated',
    403: 'Forbidden',
    404: 'NotFound',
    405: 'MethodNotAllowed',
    409: 'Conflict',
    413: 'PayloadTooLarge',
    415: 'UnsupportedMediaType',
    429: 'TooManyAttempts',
    502: 'BadGateway',
    503: 'ServiceUnavailable',
    504: 'BadGateway',
  };
  return byStatus[status] ?? (status >= 400 && status < 500 ? 'BadRequest' : 'Unexpected');
}

/**
 * The `error_list[].code` values the storefront acts on. Besides these, a field the contract
 * refuses carries the valibot issue type (`min_length`, `max_value`, `regex`, `email`…), and
 * `invalid` when a whole object is malformed.
 */
export const FIELD_CODES = {
  /** 403 PasswordChangeRequired: the token is good for the password change only. */
  passwordChangeRequired: 'password_change_required',
  /** 403 BotCheckRequired: send the bot-check answer (X-Bot-Check) with the next attempt. */
  botCheckRequired: 'bot_check_required',
  /** 403 BotCheckRequired: the bot-check answer was refused. */
  botCheckFailed: 'bot_check_failed',
  /** ProductAlreadyInWishlist, field `product`. */
  alreadyInWishlist: 'already_in_wishlist',
  /** NegativeQuantity, field `qty`. */
  negativeQuantity: 'negative_quantity',
  /** QuantityNotAvailable / OutOfStock, per cart row. */
  quantityNotAvailable: 'quantity_not_available',
  /** OrderTooLarge, field `cart`. */
  totalTooLarge: 'total_too_large',
  /** InvalidPassword, field `password`: the new password is the old one. */
  unchanged: 'unchanged',
  /** A field that must be given was not. */
  required: 'required',
  /** A value that is not acceptable (also a whole malformed object). */
  invalid: 'invalid',
  /** The thing a field names does not exist (or is not the caller's). */
  notFound: 'not_found',
  /** A number above the contract's maximum (quantities). */
  maxValue: 'max_value',
  /** Text with characters the shop does not store (ADR 0012). */
  invalidCharacters: INVALID_CHARACTERS_CODE,
} as const;
export type FieldCode = (typeof FIELD_CODES)[keyof typeof FIELD_CODES];

/** CouponNotValid and the Coupon* refusals, field `coupon`: the term that failed (ADR 0015). */
export const COUPON_FIELD_CODES = ['not_found', ...COUPON_PROBLEMS] as const;
export type CouponFieldCode = (typeof COUPON_FIELD_CODES)[number];

/** InvalidPassword, field `password`: the rules of the password policy the new one breaks. */
export type PasswordFieldCode = PasswordIssue;
