import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../api/result';
import { memoryStorage, writeJson, type KeyValueStorage } from '../browser/storage';
import type { Address } from '../contract/addresses';
import type { CurrentUser } from '../contract/auth';
import type { CartHeader, CartRow } from '../contract/cart';
import type { CheckoutInitResponse } from '../contract/checkout';
import type { OrderDetail } from '../contract/orders';
import type { PaymentMethod, ShippingPolicy } from '../contract/shop';
import { configureCart, type CartApi } from './cart';
import {
  $checkout, addressErrors, applyFreeShippingCode, checkoutTotals, CHECKOUT_KEY_STORAGE, choosePaymentMethod, chooseShippingAddress, chooseShippingMethod,
  configureCheckout, createShippingAddress, LAST_ORDER_STORAGE, lastOrder, loadCheckout, loadOrder, placeOrder, startCheckout, type CheckoutApi,
} from './checkout';
import { $coupon, configureCoupon } from './coupon';
import { setStoreTranslator } from './notify';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, configureSession, USER_KEY } from './session';
import { $toasts } from './toasts';

const user: CurrentUser = {
  id: 11, first_name: 'A', last_name: 'B', email: 'b2b@example.com', is_agent: false, agent_profile: null,
  customer_profile: { id: 1, business_name: 'Cantina', first_name: '', last_name: '', kind: 'b2b' }, must_change_password: false,
};
const address = (id: number, type: 'Billing' | 'Shipping', country = 'IT'): Address => ({
  id, customer: 1, user: null, type, is_default: false, create_date: '2026-01-01', name: `A${id}`, company: null, street: 'Via Roma 1',
  city: 'Asti', postal_code: '14100', province: 'AT', country, phone: null, email: null, vat_number: null,
});
const policy = (id: number, price: number): ShippingPolicy => ({
  id, code: `p${id}`, name: `Policy ${id}`, description: '', zone: { code: 'IT', name: 'Italia' }, base_price: price, price, free_from: null, delivery_days: 3,
});
const method = (id: number, isContract = false): PaymentMethod => ({ id, code: `m${id}`, name: `Method ${id}`, description: '', is_contract: isContract, fee: 0, shop_context: 'b2b' });
const cartHeader = { id: 7, promotion: null } as unknown as CartHeader;
const cartRow = { id: 1, product: 5, total: 100, product_detail: { vat_rate: 22 } } as unknown as CartRow;

function initAnswer(shippingAddress: number, policies: ShippingPolicy[]): CheckoutInitResponse {
  return {
    customer: { id: 1, business_name: 'Cantina', first_name: '', last_name: '', email: 'x@example.com', kind: 'b2b' },
    billing_addresses: [address(1, 'Billing')],
    shipping_addresses: [address(2, 'Shipping'), address(3, 'Shipping', 'FR'), address(9, 'Shipping')],
    shipping_address: shippingAddress,
    billing_address: 1,
    payment_methods: [method(1), method(2, true)],
    shipping_policies: policies,
    cart: cartHeader,
    rows: [cartRow],
    totals: { subtotal: 100, promotion_discount: 0, coupon_discount: 10, discount: 10, final_price: 90, shipping: 0, payment_fee: 0, tax: 19.8, total: 109.8, vat: [] },
    problems: [],
  };
}

const order = { id: 42, number: '2026-000042', total: 120 } as OrderDetail;

function fakeApi() {
  const api: CheckoutApi = {
    init: vi.fn<CheckoutApi['init']>(async (body) => {
      if (body.shipping_address === 3) return ok(initAnswer(3, []));
      const policies = body.free_shipping_code === 'SPEDIZIONEGRATIS' ? [policy(10, 9.9), policy(11, 0)] : [policy(10, 9.9)];
      return ok(initAnswer(body.shipping_address ?? 2, policies));
    }),
    place: vi.fn<CheckoutApi['place']>(async () => ok(order)),
    createAddress: vi.fn<CheckoutApi['createAddress']>(async () => ok(address(9, 'Shipping'))),
    order: vi.fn<CheckoutApi['order']>(async (id) => (id === 77 ? ok({ ...order, id: 77 }) : fail(404, 'Not found'))),
  };
  return api;
}

let storage: KeyValueStorage;
let api: CheckoutApi;
const cartApi: CartApi = {
  getOrCreate: async () => ok({ ...cartHeader, rows_count: 0 } as CartHeader),
  rows: async () => ok({ results: [], count: 0 }),
  setRow: async () => fail(500, 'unused'),
  deleteRow: async () => fail(500, 'unused'),
  setting: async () => undefined,
};

beforeEach(() => {
  const session = memoryStorage();
  session.setItem(AUTH_TOKEN_KEY, 'tok');
  session.setItem(AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  writeJson(session, USER_KEY, user);
  configureSession({ storage: session });
  setStoreTranslator((key) => key);
  $toasts.set([]);
  storage = memoryStorage();
  api = fakeApi();
  let n = 0;
  configureCheckout({ api, storage, newKey: () => `key-${++n}` });
  configureCart({ api: cartApi, reset: true });
});

describe('the checkout store', () => {
  it('starts with one call for the open cart, naming its owner, not its id, and keeps the id it answers', async () => {
    expect(await startCheckout()).toBe(true);
    expect(api.init).toHaveBeenCalledTimes(1);
    expect(api.init).toHaveBeenCalledWith({ customer: 1 });
    expect($checkout.get()).toMatchObject({ status: 'ready', cart: 7, shippingMethod: 10 });
    await placeOrder();
    expect(vi.mocked(api.place).mock.calls).toEqual([]);
    choosePaymentMethod(1);
    await placeOrder();
    expect(vi.mocked(api.place).mock.calls[0]?.[0]).toMatchObject({ cart: 7 });
  });

  it('shows an empty checkout when there is no open cart (404) or nothing in it, and a fault otherwise', async () => {
    vi.mocked(api.init).mockResolvedValueOnce(fail(404, 'Not found'));
    expect(await startCheckout()).toBe(false);
    expect($checkout.get()).toMatchObject({ status: 'empty', data: null, error: null });
    vi.mocked(api.init).mockResolvedValueOnce(ok({ ...initAnswer(2, [policy(10, 9.9)]), rows: [] }));
    await startCheckout();
    expect($checkout.get()).toMatchObject({ status: 'empty', cart: 7, data: null });
    vi.mocked(api.init).mockResolvedValueOnce(fail(500, 'boom'));
    await startCheckout();
    expect($checkout.get()).toMatchObject({ status: 'failed', error: 'errors.checkoutFailed' });
  });

  it('takes the default addresses and the first policy, and leaves payment to the shopper', async () => {
    expect(await loadCheckout(7)).toBe(true);
    expect(api.init).toHaveBeenCalledWith({ cart: 7, customer: 1 });
    expect($checkout.get()).toMatchObject({ status: 'ready', billingAddress: 1, shippingAddress: 2, shippingMethod: 10, paymentMethod: null });
  });

  it('asks again for the policies of a new shipping address; none there leaves no method', async () => {
    await loadCheckout(7);
    await chooseShippingAddress(3);
    expect(api.init).toHaveBeenLastCalledWith({ cart: 7, customer: 1, shipping_address: 3 });
    expect($checkout.get()).toMatchObject({ shippingAddress: 3, shippingMethod: null });
    expect($checkout.get().data?.shipping_policies).toEqual([]);
  });

  it('says "Unable to load shipping policies" when a new address\'s policies do not load, and keeps the checkout as it was', async () => {
    await loadCheckout(7);
    chooseShippingMethod(11);
    const shown = $checkout.get().data;
    vi.mocked(api.init).mockResolvedValueOnce(fail(500, 'Unknown server error'));
    await chooseShippingAddress(3);
    expect($toasts.get().map((t) => `${t.type}:${t.text}`)).toEqual(['error:errors.shippingPoliciesLoadFailed']);
    expect($checkout.get()).toMatchObject({ status: 'ready', shippingAddress: 2, shippingMethod: 11, error: null });
    expect($checkout.get().data).toBe(shown);
    vi.mocked(api.init).mockResolvedValueOnce(fail(500, 'boom'));
    await applyFreeShippingCode('SPEDIZIONEGRATIS');
    expect($toasts.get().at(-1)?.text).toBe('errors.shippingPoliciesLoadFailed');
    expect($checkout.get()).toMatchObject({ status: 'ready', freeShippingCode: '' });
  });

  it('sends the free-shipping code and keeps the chosen method while still offered', async () => {
    await loadCheckout(7);
    chooseShippingMethod(10);
    await applyFreeShippingCode(' SPEDIZIONEGRATIS ');
    expect(api.init).toHaveBeenLastCalledWith({ cart: 7, customer: 1, shipping_address: 2, free_shipping_code: 'SPEDIZIONEGRATIS' });
    expect($checkout.get().shippingMethod).toBe(10);
    expect($checkout.get().data?.shipping_policies.map((p) => p.id)).toEqual([10, 11]);
  });

  it('adds the chosen shipping with 22% VAT to the totals', async () => {
    await loadCheckout(7);
    const totals = checkoutTotals($checkout.get())!;
    expect(totals).toMatchObject({ subtotal: 100, couponDiscount: 10, goods: 90, shipping: 9.9 });
    expect(totals.tax).toBeCloseTo(19.8 + 2.18, 2);
    expect(totals.total).toBeCloseTo(90 + 9.9 + 21.98, 2);
  });

  it('stops while a choice is missing and names it beside its field, not "contact technical support" (issue 14 item 6)', async () => {
    await loadCheckout(7);
    expect(await placeOrder()).toBeNull();
    expect($checkout.get()).toMatchObject({ error: null, missing: ['payment_method'] });
    expect(api.place).not.toHaveBeenCalled();
    choosePaymentMethod(2);
    expect($checkout.get().missing).toEqual([]);
  });

  it('keeps "contact technical support" for a fault: no billing address to choose', async () => {
    vi.mocked(api.init).mockResolvedValueOnce(ok({ ...initAnswer(2, [policy(10, 9.9)]), billing_addresses: [], billing_address: null }));
    await loadCheckout(7);
    choosePaymentMethod(2);
    expect(await placeOrder()).toBeNull();
    expect($checkout.get()).toMatchObject({ error: 'errors.checkoutMissingData', missing: ['billing_address'] });
    expect(api.place).not.toHaveBeenCalled();
  });

  it('places one order for a double click, with one Idempotency-Key', async () => {
    await loadCheckout(7);
    choosePaymentMethod(2);
    setCouponForTest();
    const [first, second] = await Promise.all([placeOrder(), placeOrder()]);
    expect(first).toEqual(order);
    expect(second).toBeNull();
    expect(api.place).toHaveBeenCalledTimes(1);
    expect(api.place).toHaveBeenCalledWith(
      { cart: 7, customer: 1, billing_address: 1, shipping_address: 2, shipping_method: 10, payment_method: 2, notes: '' },
      'key-1',
    );
    expect(storage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
    expect(lastOrder()).toEqual(order);
    expect($coupon.get().code).toBeNull();
    expect($checkout.get().status).toBe('placed');
  });

  it('keeps the key of a failed attempt for the retry', async () => {
    await loadCheckout(7);
    choosePaymentMethod(2);
    vi.mocked(api.place).mockResolvedValueOnce(fail(409, 'quantity_not_available', [], 'OutOfStock'));
    expect(await placeOrder()).toBeNull();
    expect($checkout.get()).toMatchObject({ status: 'ready', error: 'errors.quantityNotAvailable' });
    await placeOrder();
    expect(vi.mocked(api.place).mock.calls.map((c) => c[1])).toEqual(['key-1', 'key-1']);
  });

  it('drops a key the API says was used for a different order, so the next try can succeed', async () => {
    await loadCheckout(7);
    choosePaymentMethod(2);
    vi.mocked(api.place).mockResolvedValueOnce(fail(409, 'This Idempotency-Key was already used for a different order.', [], 'IdempotencyKeyReused'));
    expect(await placeOrder()).toBeNull();
    expect($checkout.get()).toMatchObject({ status: 'ready', error: 'errors.idempotencyKeyReused' });
    expect(storage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
    await placeOrder();
    expect(vi.mocked(api.place).mock.calls.map((c) => c[1])).toEqual(['key-1', 'key-2']);
  });

  it('checks a new address before sending, then creates it and selects it', async () => {
    await loadCheckout(7);
    const empty = { name: '', street: '', city: '', postal_code: '', country: '' };
    expect(await createShippingAddress(empty)).toEqual({
      name: 'validation.required', street: 'validation.required', city: 'validation.required', postal_code: 'validation.required', country: 'validation.required',
    });
    expect(addressErrors({ name: 'x', street: 'y', city: 'z', postal_code: '!', country: 'XX1' })).toEqual({ postal_code: 'validation.invalidFormat', country: 'validation.invalidFormat' });
    expect(await createShippingAddress({ name: 'Magazzino', street: 'Via Po 2', city: 'Alba', postal_code: '12051', country: 'it' })).toBeNull();
    expect(api.createAddress).toHaveBeenCalledWith(expect.objectContaining({ customer: 1, type: 'Shipping', country: 'IT', company: null }));
    expect($toasts.get().map((t) => t.text)).toEqual(['toasts.addressCreated']);
    expect($checkout.get().shippingAddress).toBe(9);
  });

  it("shows the API's field errors for a new address", async () => {
    await loadCheckout(7);
    vi.mocked(api.createAddress).mockResolvedValueOnce(fail(400, 'Some fields are not valid.', [{ field: 'postal_code', code: 'regex', message: 'Invalid postal code.' }]));
    expect(await createShippingAddress({ name: 'M', street: 'V', city: 'A', postal_code: '12051', country: 'IT' })).toEqual({ postal_code: 'validation.invalidFormat' });
  });

  it('finds the order for the thank-you page in session storage, else asks the API', async () => {
    writeJson(storage, LAST_ORDER_STORAGE, order);
    expect(await loadOrder(42)).toEqual({ ok: true, data: order });
    expect(api.order).not.toHaveBeenCalled();
    expect(await loadOrder(77)).toMatchObject({ ok: true, data: { id: 77 } });
  });
});

function setCouponForTest() {
  configureCoupon({ storage: (() => {
    const s = memoryStorage();
    writeJson(s, 'SHOP_COUPON', { code: 'BENVENUTO10', discount: 10, finalPrice: 90, type: 'percentage' });
    return s;
  })() });
  expect($coupon.get().code).toBe('BENVENUTO10');
}
