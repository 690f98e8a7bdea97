// The checkout summary (issue 14): the chosen payment method's fee is in the total, and a business
// of another EU state sees 0 % VAT, by the same rules the API places the order with.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../api/result';
import { memoryStorage, writeJson } from '../browser/storage';
import type { Address } from '../contract/addresses';
import type { CurrentUser } from '../contract/auth';
import type { CartHeader, CartRow } from '../contract/cart';
import type { CheckoutInitResponse } from '../contract/checkout';
import type { PaymentMethod, ShippingPolicy } from '../contract/shop';
import { $checkout, checkoutTotals, checkoutVatTreatment, choosePaymentMethod, configureCheckout, loadCheckout, type CheckoutApi } from './checkout';
import { setStoreTranslator } from './notify';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, configureSession, USER_KEY } from './session';

const user: CurrentUser = {
  id: 11, first_name: 'L', last_name: 'M', email: 'lucia@sierranorte.example', is_agent: false, agent_profile: null,
  customer_profile: { id: 5, business_name: 'Bodega', first_name: '', last_name: '', kind: 'b2b' }, must_change_password: false,
};
const address = (id: number, type: 'Billing' | 'Shipping', country: string): Address => ({
  id, customer: 5, user: null, type, is_default: true, create_date: '2026-01-01', name: `A${id}`, company: null, street: 'Calle Mayor 21',
  city: 'Logroño', postal_code: '26001', province: null, country, phone: null, email: null, vat_number: null,
});
const policy: ShippingPolicy = { id: 10, code: 'courier-eu', name: 'Courier', description: '', zone: { code: 'EU', name: 'EU' }, base_price: 24.9, price: 24.9, free_from: null, delivery_days: 6 };
const method = (id: number, fee: number): PaymentMethod => ({ id, code: `m${id}`, name: `Method ${id}`, description: '', is_contract: false, fee, shop_context: 'all' });
const row = { id: 1, product: 5, total: 100, product_detail: { vat_rate: 22 } } as unknown as CartRow;

function answer(kind: 'b2b' | 'b2c', vatNumber: string | null, country: string): CheckoutInitResponse {
  return {
    customer: { id: 5, business_name: 'Bodega', first_name: '', last_name: '', email: 'x@example.com', kind, vat_number: vatNumber },
    billing_addresses: [address(1, 'Billing', country)],
    shipping_addresses: [address(2, 'Shipping', country)],
    shipping_address: 2,
    billing_address: 1,
    payment_methods: [method(1, 0), method(2, 3.28)],
    shipping_policies: [policy],
    cart: { id: 7, promotion: null } as unknown as CartHeader,
    rows: [row],
    totals: { subtotal: 100, promotion_discount: 0, coupon_discount: 0, discount: 0, final_price: 100, shipping: 0, payment_fee: 0, tax: 22, total: 122, vat: [] },
    problems: [],
  };
}

function useAnswer(init: CheckoutInitResponse) {
  const api: CheckoutApi = {
    init: vi.fn<CheckoutApi['init']>(async () => ok(init)),
    place: vi.fn<CheckoutApi['place']>(async () => fail(500, 'unused')),
    createAddress: vi.fn<CheckoutApi['createAddress']>(async () => fail(500, 'unused')),
    order: vi.fn<CheckoutApi['order']>(async () => fail(500, 'unused')),
  };
  configureCheckout({ api, storage: memoryStorage() });
}

beforeEach(() => {
  const session = memoryStorage();
  session.setItem(AUTH_TOKEN_KEY, 'tok');
  session.setItem(AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  writeJson(session, USER_KEY, user);
  configureSession({ storage: session });
  setStoreTranslator((key) => key);
});

describe('the checkout summary', () => {
  it('adds the chosen payment method fee, with VAT, to the total', async () => {
    useAnswer(answer('b2c', null, 'IT'));
    await loadCheckout(7);
    choosePaymentMethod(1);
    expect(checkoutTotals($checkout.get())!.total).toBeCloseTo(100 + 24.9 + 27.48, 2);
    choosePaymentMethod(2);
    const totals = checkoutTotals($checkout.get())!;
    expect(totals.paymentFee).toBe(3.28);
    expect(totals.total).toBeCloseTo(100 + 24.9 + 3.28 + 28.2, 2);
  });

  it('shows 0 % VAT to a Spanish company with a VAT number, and 22 % to a Spanish consumer', async () => {
    useAnswer(answer('b2b', 'ESB12345678', 'ES'));
    await loadCheckout(7);
    expect(checkoutVatTreatment($checkout.get())).toBe('reverse_charge');
    expect(checkoutTotals($checkout.get())).toMatchObject({ tax: 0, total: 124.9 });

    useAnswer(answer('b2c', 'ESB12345678', 'ES'));
    await loadCheckout(7);
    expect(checkoutVatTreatment($checkout.get())).toBe('standard');
    expect(checkoutTotals($checkout.get())!.tax).toBeCloseTo(27.48, 2);
  });
});
