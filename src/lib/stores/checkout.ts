// Checkout (spec sections 2, 5 and 8): what checkout/init/ offers for the cart, the shopper's
// four choices (billing and shipping address, shipping and payment method), notes and the
// free-shipping code, a new shipping address added on the spot, and placing the order once:
// one Idempotency-Key per checkout attempt, kept in session storage until the order exists.
import { atom, type ReadableAtom } from 'nanostores';
import { call } from '../api/call';
import type { ApiResult } from '../api/result';
import { readJson, sessionStore, writeJson, type KeyValueStorage } from '../browser/storage';
import type { Address, AddressCreateBody } from '../contract/addresses';
import type { CheckoutBody, CheckoutInitResponse } from '../contract/checkout';
import type { OperationBody, OperationResponse } from '../contract/operation-io';
import type { OrderDetail } from '../contract/orders';
import { fieldErrors } from '../errors/api-messages';
import { validateAddress } from '../rules/address';
import { missingCheckoutFields, orderTotals, type CheckoutRequiredField, type OrderTotals } from '../rules/checkout';
import { isReverseCharge, vatTreatment, type VatTreatment } from '../rules/vat-treatment';
import { cartOwnerBody, reloadCart } from './cart';
import { clearCoupon } from './coupon';
import { notify, notifyFailure } from './notify';
import { $session, sessionClient } from './session';

export const CHECKOUT_KEY_STORAGE = 'SHOP_CHECKOUT_KEY';
export const LAST_ORDER_STORAGE = 'SHOP_LAST_ORDER';

export interface CheckoutChoice {
  billingAddress: number | null;
  shippingAddress: number | null;
  shippingMethod: number | null;
  paymentMethod: number | null;
  notes: string;
  freeShippingCode: string;
}

export interface CheckoutState extends CheckoutChoice {
  /**
   * `placed` keeps the form shut while the browser moves to the thank-you page; `empty`: the
   * customer has no open cart, or nothing in it.
   */
  status: 'idle' | 'loading' | 'ready' | 'empty' | 'failed' | 'placing' | 'placed';
  cart: number | null;
  data: CheckoutInitResponse | null;
  /** An `errors.*` key shown above the form. */
  error: string | null;
  /** Required choices still missing after a confirmation attempt. */
  missing: CheckoutRequiredField[];
}

export type CheckoutInitInput = OperationBody<'initCheckout'>;

export interface CheckoutApi {
  init(body: CheckoutInitInput): Promise<ApiResult<OperationResponse<'initCheckout'>>>;
  place(body: CheckoutBody, idempotencyKey: string): Promise<ApiResult<OperationResponse<'placeOrder'>>>;
  createAddress(body: AddressCreateBody): Promise<ApiResult<Address>>;
  order(id: number): Promise<ApiResult<OperationResponse<'getOrder'>>>;
}

const httpCheckoutApi: CheckoutApi = {
  init: (body) => call(sessionClient(), 'initCheckout', { body }),
  place: (body, key) => call(sessionClient(), 'placeOrder', { body, headers: { 'Idempotency-Key': key } }),
  createAddress: (body) => call(sessionClient(), 'createAddress', { body }),
  order: (id) => call(sessionClient(), 'getOrder', { params: { id } }),
};

let api: CheckoutApi = httpCheckoutApi;
let storage: KeyValueStorage = sessionStore;
let newKey: () => string = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const INITIAL: CheckoutState = {
  status: 'idle',
  cart: null,
  data: null,
  error: null,
  missing: [],
  billingAddress: null,
  shippingAddress: null,
  shippingMethod: null,
  paymentMethod: null,
  notes: '',
  freeShippingCode: '',
};

const $state = atom<CheckoutState>(INITIAL);
export const $checkout: ReadableAtom<CheckoutState> = $state;
const patch = (change: Partial<CheckoutState>) => $state.set({ ...$state.get(), ...change });

export function configureCheckout(options: { api?: CheckoutApi; storage?: KeyValueStorage; newKey?: () => string }): void {
  if (options.api) api = options.api;
  if (options.storage) storage = options.storage;
  if (options.newKey) newKey = options.newKey;
  $state.set(INITIAL);
}

/** The customer named in calls: an agent must name the one it shops for. */
const customerId = () => $session.get().customer?.id;

const keepIfOffered = <T extends { id: number }>(current: number | null, offered: T[]) => (offered.some((o) => o.id === current) ? current : null);

/**
 * POST checkout/init/ for the cart: addresses, methods, shipping policies for the shipping
 * address, totals and stock problems. Choices still offered are kept; otherwise the API's
 * default addresses and the first shipping policy are taken (payment is left to the shopper).
 * Without a cart id it asks for the customer's open cart, so the page is usable after one round
 * trip instead of waiting for the cart's own calls (carts/get-or-create/, then its rows) first.
 */
export async function loadCheckout(cart: number | null, shippingAddress?: number | null): Promise<boolean> {
  const state = $state.get();
  const body = cart === null ? openCartBody(shippingAddress, state.freeShippingCode) : initBody(cart, shippingAddress, state.freeShippingCode);
  if (!body) {
    patch({ status: 'empty', cart: null, data: null, error: null });
    return false;
  }
  patch({ status: 'loading', cart, error: null });
  const result = await api.init(body);
  if (!result.ok) {
    if (cart === null && result.error.status === 404) patch({ status: 'empty', data: null });
    else patch({ status: 'failed', error: result.error.status === 404 ? 'errors.invalidOrder' : 'errors.checkoutFailed' });
    return false;
  }
  applyInit(result.data);
  return true;
}

/** The checkout page's first call: checkout/init/ for the customer's open cart, whatever its id. */
export const startCheckout = (): Promise<boolean> => loadCheckout(null);

const choiceBody = (shippingAddress: number | null | undefined, freeShippingCode: string) => {
  const code = freeShippingCode.trim();
  return { ...(shippingAddress ? { shipping_address: shippingAddress } : {}), ...(code ? { free_shipping_code: code } : {}) };
};

function initBody(cart: number, shippingAddress: number | null | undefined, freeShippingCode: string): CheckoutInitInput {
  const customer = customerId();
  return { cart, ...(customer ? { customer } : {}), ...choiceBody(shippingAddress, freeShippingCode) };
}

/** For the open cart: the same owner carts/get-or-create/ is asked for (customer, season, agent). */
function openCartBody(shippingAddress: number | null | undefined, freeShippingCode: string): CheckoutInitInput | null {
  const owner = cartOwnerBody();
  if (!owner) return null;
  const { customer, season, agent } = owner;
  return { ...(customer ? { customer } : {}), ...(season ? { season } : {}), ...(agent ? { agent } : {}), ...choiceBody(shippingAddress, freeShippingCode) };
}

function applyInit(data: CheckoutInitResponse): void {
  const now = $state.get();
  if (data.rows.length === 0) {
    patch({ status: 'empty', cart: data.cart.id, data: null, error: null });
    return;
  }
  patch({
    status: 'ready',
    cart: data.cart.id,
    data,
    error: null,
    billingAddress: keepIfOffered(now.billingAddress, data.billing_addresses) ?? data.billing_address,
    shippingAddress: data.shipping_address,
    shippingMethod: keepIfOffered(now.shippingMethod, data.shipping_policies) ?? data.shipping_policies[0]?.id ?? null,
    paymentMethod: keepIfOffered(now.paymentMethod, data.payment_methods),
  });
}

/**
 * Asks checkout/init/ again for the shipping policies (a new address, a free-shipping code). When
 * that fails on a checkout already shown, the checkout stays as it was (address, code, policies)
 * and an error toast says "Unable to load shipping policies" (spec section 8).
 */
async function reloadShippingPolicies(cart: number, change: Partial<Pick<CheckoutState, 'shippingAddress' | 'freeShippingCode'>>): Promise<void> {
  const before = $state.get();
  patch(change);
  if (before.status !== 'ready' || before.data === null) {
    await loadCheckout(cart, $state.get().shippingAddress);
    return;
  }
  patch({ status: 'loading', cart, error: null });
  const loaded = await api.init(initBody(cart, $state.get().shippingAddress, $state.get().freeShippingCode));
  if (!loaded.ok) {
    patch({ status: 'ready', shippingAddress: before.shippingAddress, freeShippingCode: before.freeShippingCode });
    notifyFailure('shippingPolicies', loaded.error);
    return;
  }
  applyInit(loaded.data);
}

/** Shipping policies depend on the address: a new address asks checkout/init/ again. */
export async function chooseShippingAddress(id: number): Promise<void> {
  const { cart } = $state.get();
  if (cart) await reloadShippingPolicies(cart, { shippingAddress: id });
  else patch({ shippingAddress: id });
}

export const chooseBillingAddress = (id: number) => patch({ billingAddress: id, missing: $state.get().missing.filter((f) => f !== 'billing_address') });
export const chooseShippingMethod = (id: number) => patch({ shippingMethod: id, missing: $state.get().missing.filter((f) => f !== 'shipping_method') });
export const choosePaymentMethod = (id: number) => patch({ paymentMethod: id, missing: $state.get().missing.filter((f) => f !== 'payment_method') });
export const setCheckoutNotes = (notes: string) => patch({ notes });

/** The free-shipping code may unlock a policy: the policies are asked for again with it. */
export async function applyFreeShippingCode(code: string): Promise<void> {
  const { cart } = $state.get();
  if (cart) await reloadShippingPolicies(cart, { freeShippingCode: code.trim() });
  else patch({ freeShippingCode: code.trim() });
}

export type AddressInput = Pick<AddressCreateBody, 'name' | 'street' | 'city' | 'postal_code' | 'country'> & {
  company?: string;
  province?: string;
  phone?: string;
};

export type AddressField = keyof AddressInput;
/** `validation.*` keys per field. */
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_FIELDS: AddressField[] = ['name', 'company', 'street', 'postal_code', 'city', 'province', 'country', 'phone'];

/** The body to send for a new shipping address, with the address book's rules. */
function checkAddress(input: AddressInput): { ok: true; body: AddressCreateBody } | { ok: false; errors: AddressErrors } {
  const checked = validateAddress({
    type: 'Shipping', name: input.name, company: input.company ?? '', street: input.street, city: input.city, postal_code: input.postal_code,
    province: input.province ?? '', country: input.country, phone: input.phone ?? '', email: '', vat_number: '', is_default: false,
  });
  if (checked.ok) return checked;
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const problem = checked.errors[field];
    if (problem) errors[field] = problem.code === 'required' ? 'validation.required' : 'validation.invalidFormat';
  }
  return { ok: false, errors };
}

/** The checks of addresses/ done before sending, with the catalogue's messages. */
export function addressErrors(input: AddressInput): AddressErrors {
  const checked = checkAddress(input);
  return checked.ok ? {} : checked.errors;
}

/**
 * POST addresses/ with a new shipping address, then checkout/init/ for it. Answers the field
 * errors to show (none when it was created).
 */
export async function createShippingAddress(input: AddressInput): Promise<AddressErrors | null> {
  const checked = checkAddress(input);
  if (!checked.ok) return checked.errors;
  const customer = customerId();
  const result = await api.createAddress({ ...checked.body, ...(customer ? { customer } : {}) });
  if (!result.ok) {
    const byField = fieldErrors(result.error);
    const known = Object.fromEntries(
      Object.keys(byField)
        .filter((f): f is AddressField => (ADDRESS_FIELDS as string[]).includes(f))
        .map((f) => [f, 'validation.invalidFormat']),
    ) as AddressErrors;
    if (Object.keys(known).length) return known;
    notifyFailure('addressCreate', result.error);
    return {};
  }
  notify('success', 'toasts.addressCreated');
  const { cart } = $state.get();
  if (cart) await loadCheckout(cart, result.data.id);
  return null;
}

/** How the order will be taxed for the chosen addresses (ADR 0024): the API decides the same way. */
export function checkoutVatTreatment(state: CheckoutState): VatTreatment {
  const data = state.data;
  if (!data) return 'standard';
  const billing = data.billing_addresses.find((a) => a.id === state.billingAddress);
  const shipping = data.shipping_addresses.find((a) => a.id === state.shippingAddress);
  if (!billing || !shipping) return 'standard';
  return vatTreatment({
    customerKind: data.customer.kind,
    vatNumber: billing.vat_number || data.customer.vat_number,
    shippingCountry: shipping.country,
    billingCountry: billing.country,
  }).treatment;
}

/** Subtotal, discounts, the chosen shipping, the chosen payment's fee and VAT (spec: order review). */
export function checkoutTotals(state: CheckoutState): OrderTotals | null {
  const data = state.data;
  if (!data) return null;
  const promotion = data.cart.promotion;
  const policy = data.shipping_policies.find((p) => p.id === state.shippingMethod);
  const payment = data.payment_methods.find((m) => m.id === state.paymentMethod);
  return orderTotals({
    paymentFee: payment?.fee ?? 0,
    reverseCharge: isReverseCharge(checkoutVatTreatment(state)),
    lines: data.rows.map((r) => ({
      total: r.total,
      vatRate: r.product_detail.vat_rate,
      inPromotion: !!promotion && (promotion.products.length === 0 || promotion.products.includes(r.product)),
    })),
    promotionDiscount: data.totals.promotion_discount,
    couponDiscount: data.totals.coupon_discount,
    shipping: policy?.price ?? 0,
  });
}

/** The key of this checkout attempt: the same for every retry until the order exists. */
function attemptKey(): string {
  const stored = storage.getItem(CHECKOUT_KEY_STORAGE);
  if (stored) return stored;
  const key = newKey();
  storage.setItem(CHECKOUT_KEY_STORAGE, key);
  return key;
}

/** The order just placed, for the thank-you page. */
export const lastOrder = (): OrderDetail | null => readJson<OrderDetail>(storage, LAST_ORDER_STORAGE);

/**
 * A missing choice the shopper cannot make: the customer has no billing address at all (only
 * the shop can add one). Everything else (an address, a method) can be chosen or added.
 */
export function missingIsFault(missing: readonly CheckoutRequiredField[], data: CheckoutInitResponse | null): boolean {
  return missing.includes('billing_address') && (data?.billing_addresses.length ?? 0) === 0;
}

/**
 * POST checkout/. Refuses while an order is being sent; a missing choice stops it and is named
 * beside its field, "contact technical support" only when it is a fault (spec section 8). On success the coupon is forgotten, the cart read again
 * and the order kept for the thank-you page; answers the order.
 */
export async function placeOrder(): Promise<OrderDetail | null> {
  const state = $state.get();
  if (state.status === 'placing' || state.status === 'placed' || !state.cart) return null;
  const choice = {
    billing_address: state.billingAddress,
    shipping_address: state.shippingAddress,
    shipping_method: state.shippingMethod,
    payment_method: state.paymentMethod,
  };
  const missing = missingCheckoutFields(choice).map((p) => p.field);
  if (missing.length) {
    // A choice the shopper can still make is named beside its field (the page moves the focus
    // there); "contact technical support" is kept for a fault: no billing address to choose.
    patch({ missing, error: missingIsFault(missing, state.data) ? 'errors.checkoutMissingData' : null });
    return null;
  }
  patch({ status: 'placing', error: null, missing: [] });
  const customer = customerId();
  const code = state.freeShippingCode.trim();
  const result = await api.place(
    {
      cart: state.cart,
      ...(customer ? { customer } : {}),
      billing_address: choice.billing_address,
      shipping_address: choice.shipping_address,
      shipping_method: choice.shipping_method,
      payment_method: choice.payment_method,
      notes: state.notes.trim(),
      ...(code ? { free_shipping_code: code } : {}),
    },
    attemptKey(),
  );
  if (!result.ok) {
    // The key belongs to an order placed with other choices: keeping it would refuse every try.
    if (result.error.code === 'IdempotencyKeyReused') storage.removeItem(CHECKOUT_KEY_STORAGE);
    const error = notifyFailure('checkout', result.error);
    patch({ status: 'ready', error });
    return null;
  }
  storage.removeItem(CHECKOUT_KEY_STORAGE);
  writeJson(storage, LAST_ORDER_STORAGE, result.data);
  clearCoupon();
  patch({ status: 'placed' });
  await reloadCart();
  return result.data;
}

/** The order for the thank-you page: the one just placed, else GET orders/{id}/. */
export async function loadOrder(id: number): Promise<ApiResult<OrderDetail>> {
  const stored = lastOrder();
  if (stored && stored.id === id) return { ok: true, data: stored };
  return api.order(id);
}
