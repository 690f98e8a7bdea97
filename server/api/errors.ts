// The HTTP side of the error catalogue (server/shop-errors.ts): the status each name answers.
// Route handlers may throw `apiError(name)`, the same error domain code throws; one handler
// (app.ts) turns it into `{detail, error_list, code}` with this status.
import { SHOP_ERRORS, ShopError, shopError, type ShopErrorName } from '../shop-errors';

export { couponNotValid } from '../shop-errors';
export type ApiErrorName = ShopErrorName;
export { ShopError as ApiError };
export const apiError = shopError;

export const ERROR_STATUS = {
  BadRequest: 400,
  ValidationFailed: 400,
  MalformedJson: 400,
  InvalidOrderBy: 400,
  InvalidLoginCredentials: 401,
  NotAuthenticated: 401,
  InvalidToken: 401,
  InvalidOtp: 401,
  InvalidPassword: 400,
  Forbidden: 403,
  NotFound: 404,
  UserNotFound: 404,
  ProductNotFound: 404,
  NegativeQuantity: 400,
  QuantityNotAvailable: 400,
  CouponNotValid: 400,
  CouponUnknown: 400,
  CouponExpired: 400,
  CouponNotYetValid: 400,
  CouponNotForCustomer: 400,
  CouponMinimumNotReached: 400,
  ProductAlreadyInWishlist: 400,
  InvalidOrder: 400,
  OutOfStock: 409,
  SettingNotFound: 500,
  MethodNotAllowed: 405,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyAttempts: 429,
  Unexpected: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
  IdempotencyKeyReused: 409,
  BotCheckRequired: 403,
  PasswordChangeRequired: 403,
  InvalidValue: 400,
  OrderTooLarge: 400,
  ImportRefused: 422,
  TradeCustomersOnly: 403,
  SavedListNameTaken: 409,
} as const satisfies Record<ShopErrorName, number>;

/** Status and English detail by name. */
export const API_ERRORS = Object.fromEntries(
  (Object.keys(SHOP_ERRORS) as ShopErrorName[]).map((name) => [name, { status: ERROR_STATUS[name], detail: SHOP_ERRORS[name] }]),
) as { [K in ShopErrorName]: { status: (typeof ERROR_STATUS)[K]; detail: (typeof SHOP_ERRORS)[K] } };

export const statusOf = (error: ShopError) => ERROR_STATUS[error.code];
