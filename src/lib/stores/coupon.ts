// The cart's coupon (spec sections 3, 4 and 8): code, discount, final price and type, all null
// until one is applied, kept in session storage. Applying sets them from the API's answer; a
// failure clears them ("The coupon is not valid." for a 400); whenever the cart is read again or
// its rows change, an existing coupon is applied again so its discount follows the cart.
import { atom, type ReadableAtom } from 'nanostores';
import { call } from '../api/call';
import type { ApiResult } from '../api/result';
import { readJson, sessionStore, writeJson, type KeyValueStorage } from '../browser/storage';
import type { OperationResponse } from '../contract/operation-io';
import type { CouponApplyBody, DiscountType } from '../contract/promotions';
import { normalizeCouponCode } from '../rules/coupon';
import { $cart, onCartChanged, refreshCartHeader, setCartHeader } from './cart';
import { notifyFailure } from './notify';
import { $session, onCustomerChange, onSignOut, sessionClient } from './session';

export const COUPON_KEY = 'SHOP_COUPON';

export interface CouponState {
  code: string | null;
  discount: number | null;
  finalPrice: number | null;
  type: DiscountType | null;
}

export interface CouponApi {
  apply(body: CouponApplyBody): Promise<ApiResult<OperationResponse<'applyCoupon'>>>;
  remove(cart: number): Promise<ApiResult<OperationResponse<'removeCoupon'>>>;
}

const httpCouponApi: CouponApi = {
  apply: (body) => call(sessionClient(), 'applyCoupon', { body }),
  remove: (cart) => call(sessionClient(), 'removeCoupon', { query: { cart } }),
};

export const NO_COUPON: CouponState = { code: null, discount: null, finalPrice: null, type: null };

let api: CouponApi = httpCouponApi;
let storage: KeyValueStorage = sessionStore;

const readStored = (): CouponState => ({ ...NO_COUPON, ...readJson<CouponState>(storage, COUPON_KEY) });

const $couponState = atom<CouponState>(readStored());
export const $coupon: ReadableAtom<CouponState> = $couponState;
/** True while a coupon is being applied or removed. */
export const $couponLoading = atom(false);

function setCoupon(state: CouponState): void {
  if (state.code) writeJson(storage, COUPON_KEY, state);
  else storage.removeItem(COUPON_KEY);
  $couponState.set(state);
}

/** Forgets the coupon here only (after an order, the API has taken it off the cart itself). */
export const clearCoupon = () => setCoupon(NO_COUPON);

export function configureCoupon(options: { api?: CouponApi; storage?: KeyValueStorage }): void {
  if (options.api) api = options.api;
  if (options.storage) storage = options.storage;
  $couponState.set(readStored());
  $couponLoading.set(false);
}

/**
 * POST promotions/coupons/apply/ on the cart. Success sets the state from the answer and reads
 * the cart's totals again; failure clears the coupon (here and on the cart) with its message.
 */
export async function applyCoupon(rawCode: string): Promise<boolean> {
  const code = normalizeCouponCode(rawCode);
  const cart = $cart.get().header;
  const customer = $session.get().customer;
  if (!code || !cart?.id || !customer) return false;
  $couponLoading.set(true);
  const result = await api.apply({ coupon: code, customer: customer.id, cart: cart.id });
  if (!result.ok) {
    clearCoupon();
    // The API leaves the cart as it was: an older coupon would still count in its totals.
    if (cart.coupon) {
      const removed = await api.remove(cart.id);
      if (removed.ok) setCartHeader(removed.data);
    }
    $couponLoading.set(false);
    notifyFailure('coupon', result.error);
    return false;
  }
  setCoupon({ code: result.data.code, discount: result.data.discount, finalPrice: result.data.final_price, type: result.data.type });
  await refreshCartHeader();
  $couponLoading.set(false);
  return true;
}

/** DELETE promotions/coupons/apply/?cart=: takes the coupon off the cart. */
export async function removeCoupon(): Promise<boolean> {
  const cart = $cart.get().header;
  if (!cart?.id) {
    clearCoupon();
    return true;
  }
  $couponLoading.set(true);
  const result = await api.remove(cart.id);
  $couponLoading.set(false);
  if (!result.ok) {
    notifyFailure('coupon', result.error);
    return false;
  }
  clearCoupon();
  setCartHeader(result.data);
  return true;
}

/**
 * Spec section 4: refreshing the cart re-applies an existing coupon. A coupon the cart carries
 * (applied in another tab) is taken over when none is known here.
 */
export async function reapplyCoupon(): Promise<void> {
  const { header } = $cart.get();
  const state = $couponState.get();
  if (!header?.id || header.rows_count === 0) return;
  if (state.code) {
    await applyCoupon(state.code);
    return;
  }
  if (header.coupon?.is_valid) {
    setCoupon({ code: header.coupon.code, discount: header.coupon.discount, finalPrice: header.final_price, type: header.coupon.type });
  }
}

onCartChanged(() => void reapplyCoupon());
onSignOut(clearCoupon);
onCustomerChange(clearCoupon);
