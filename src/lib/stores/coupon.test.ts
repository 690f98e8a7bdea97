import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../api/result';
import { memoryStorage, readJson, writeJson, type KeyValueStorage } from '../browser/storage';
import type { CurrentUser } from '../contract/auth';
import type { CartHeader, CartRow } from '../contract/cart';
import { configureCart, initCart, reloadCart, type CartApi } from './cart';
import { $coupon, applyCoupon, configureCoupon, COUPON_KEY, NO_COUPON, removeCoupon, type CouponApi } from './coupon';
import { setStoreTranslator } from './notify';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, chooseCustomer, configureSession, markSessionInvalid, USER_KEY } from './session';
import { $toasts } from './toasts';

const user: CurrentUser = {
  id: 11, first_name: 'A', last_name: 'B', email: 'b2b@example.com', is_agent: false, agent_profile: null,
  customer_profile: { id: 1, business_name: 'Cantina', first_name: '', last_name: '', kind: 'b2b' }, must_change_password: false,
};

let coupon: CartHeader['coupon'] = null;
const header = (): CartHeader => ({
  id: 7, customer: 1, agent: null, season: null, shop_context: 'b2b', rows_count: 1, total_quantity: 1,
  subtotal: 100, promotion_discount: 0, coupon_discount: coupon?.discount ?? 0, discount: coupon?.discount ?? 0,
  final_price: 100 - (coupon?.discount ?? 0), vat_included: false, tax: 0, final_price_with_vat: 0, promotion: null, coupon,
});
const cartApi: CartApi = {
  getOrCreate: async () => ok(header()),
  rows: async () => ok({ results: [{ id: 1 } as CartRow], count: 1 }),
  setRow: async () => fail(500, 'unused'),
  deleteRow: async () => fail(500, 'unused'),
  setting: async () => undefined,
};

function couponApi(): CouponApi {
  return {
    apply: vi.fn<CouponApi['apply']>(async (body) => {
      if (body.coupon === 'BENVENUTO10') {
        coupon = { code: 'BENVENUTO10', type: 'percentage', value: 10, discount: 10, is_valid: true };
        return ok({ code: 'BENVENUTO10', type: 'percentage', value: 10, discount: 10, final_price: 90 });
      }
      if (body.coupon === 'DOWN') return fail(500, 'Unknown server error', [], 'Unexpected');
      return fail(400, 'The coupon is not valid.', [], 'CouponNotValid');
    }),
    remove: vi.fn<CouponApi['remove']>(async () => {
      coupon = null;
      return ok(header());
    }),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let storage: KeyValueStorage;
let couponStorage: KeyValueStorage;
let api: CouponApi;

beforeEach(async () => {
  coupon = null;
  storage = memoryStorage();
  storage.setItem(AUTH_TOKEN_KEY, 'tok');
  storage.setItem(AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  writeJson(storage, USER_KEY, user);
  configureSession({ storage });
  setStoreTranslator((key) => key);
  $toasts.set([]);
  couponStorage = memoryStorage();
  api = couponApi();
  configureCoupon({ api, storage: couponStorage });
  configureCart({ api: cartApi, settingsStorage: memoryStorage(), reset: true });
  initCart();
  await settle();
});

describe('the coupon store', () => {
  it('starts with code, discount, final price and type all null', () => {
    expect($coupon.get()).toEqual({ code: null, discount: null, finalPrice: null, type: null });
  });

  it('applies on the cart and keeps the answer in session storage', async () => {
    expect(await applyCoupon(' benvenuto10 ')).toBe(true);
    expect(api.apply).toHaveBeenCalledWith({ coupon: 'BENVENUTO10', customer: 1, cart: 7 });
    const expected = { code: 'BENVENUTO10', discount: 10, finalPrice: 90, type: 'percentage' };
    expect($coupon.get()).toEqual(expected);
    expect(readJson(couponStorage, COUPON_KEY)).toEqual(expected);
  });

  it('reads the stored coupon back on a new page', async () => {
    writeJson(couponStorage, COUPON_KEY, { code: 'BENVENUTO10', discount: 10, finalPrice: 90, type: 'percentage' });
    configureCoupon({ storage: couponStorage });
    expect($coupon.get().code).toBe('BENVENUTO10');
  });

  it('clears the state on a refused coupon, also on the cart, with "not valid"', async () => {
    await applyCoupon('BENVENUTO10');
    expect(await applyCoupon('NOPE')).toBe(false);
    expect($coupon.get()).toEqual(NO_COUPON);
    expect(couponStorage.getItem(COUPON_KEY)).toBeNull();
    expect(api.remove).toHaveBeenCalledWith(7);
    expect($toasts.get().map((t) => t.text)).toEqual(['errors.couponNotValid']);
  });

  it('says "error while applying" for other failures', async () => {
    expect(await applyCoupon('DOWN')).toBe(false);
    expect($toasts.get().map((t) => t.text)).toEqual(['errors.couponApplyFailed']);
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('removes the coupon from the cart', async () => {
    await applyCoupon('BENVENUTO10');
    expect(await removeCoupon()).toBe(true);
    expect($coupon.get()).toEqual(NO_COUPON);
    expect(api.remove).toHaveBeenCalledWith(7);
  });

  it('re-applies an existing coupon when the cart is read again', async () => {
    await applyCoupon('BENVENUTO10');
    await reloadCart();
    await settle();
    expect(api.apply).toHaveBeenCalledTimes(2);
  });

  it('takes over a coupon the cart already carries', async () => {
    coupon = { code: 'BENVENUTO10', type: 'percentage', value: 10, discount: 10, is_valid: true };
    await reloadCart();
    await settle();
    expect($coupon.get()).toEqual({ code: 'BENVENUTO10', discount: 10, finalPrice: 90, type: 'percentage' });
  });

  it('forgets the coupon on sign-out and customer change', async () => {
    await applyCoupon('BENVENUTO10');
    chooseCustomer({ id: 1, name: 'Cantina', kind: 'b2b' });
    expect($coupon.get()).toEqual(NO_COUPON);
    await applyCoupon('BENVENUTO10');
    markSessionInvalid();
    expect($coupon.get()).toEqual(NO_COUPON);
  });
});
