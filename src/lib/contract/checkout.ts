// checkout/ (spec section 7): what the checkout page needs, and placing the order.
import * as v from 'valibot';
import type { Address } from './addresses';
import type { CartHeader, CartRow } from './cart';
import type { ErrorItem } from './common';
import type { OrderDetail } from './orders';
import type { PaymentMethod, ShippingPolicy } from './shop';

const id = (label: string) => v.pipe(v.number(`Invalid ${label} id.`), v.integer(`Invalid ${label} id.`), v.minValue(1, `Invalid ${label} id.`), v.maxValue(2_147_483_647, `Invalid ${label} id.`));

/** POST checkout/init/ */
export const CheckoutInitBodySchema = v.strictObject({
  customer: v.optional(id('customer')),
  cart: id('cart'),
  shipping_address: v.optional(v.nullable(id('address'))),
  free_shipping_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'The code is too long.'))),
});

/**
 * POST checkout/. The four choices are optional here so that each missing one is reported as
 * `required` by the checkout rules (src/lib/rules/checkout.ts).
 * Header `Idempotency-Key`: a retry with the same key answers the same order (200); the same key
 * with another cart content or choice answers 409.
 */
export const CheckoutBodySchema = v.strictObject({
  customer: v.optional(id('customer')),
  cart: id('cart'),
  billing_address: v.optional(v.nullable(id('address'))),
  shipping_address: v.optional(v.nullable(id('address'))),
  shipping_method: v.optional(v.nullable(id('shipping method'))),
  payment_method: v.optional(v.nullable(id('payment method'))),
  notes: v.optional(v.pipe(v.string('Notes must be text.'), v.trim(), v.maxLength(2000, 'Notes are too long.')), ''),
  free_shipping_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'The code is too long.'))),
});
export type CheckoutBody = v.InferOutput<typeof CheckoutBodySchema>;

export { IDEMPOTENCY_KEY_REUSED } from './constants';

export const IdempotencyKeySchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9._:-]{1,200}$/, 'Idempotency-Key must be 1-200 letters, digits or . _ : -'),
);

export interface CheckoutTotals {
  subtotal: number;
  promotion_discount: number;
  coupon_discount: number;
  discount: number;
  /** Goods after discounts (the cart's final price). */
  final_price: number;
  shipping: number;
  tax: number;
  total: number;
  /** VAT by rate; discounts lower the base of the lines they come off. */
  vat: { rate: number; base: number; tax: number }[];
}

export interface CheckoutInitResponse {
  customer: { id: number; business_name: string | null; first_name: string; last_name: string; email: string; kind: 'b2b' | 'b2c' };
  billing_addresses: Address[];
  shipping_addresses: Address[];
  /** The shipping address the policies are for: the one asked for, else the default one. */
  shipping_address: number | null;
  billing_address: number | null;
  payment_methods: PaymentMethod[];
  /** Empty: no policy ships there, the storefront shows "contact us". */
  shipping_policies: ShippingPolicy[];
  cart: CartHeader;
  rows: CartRow[];
  /**
   * Without shipping: add the chosen policy's price with orderTotals (src/lib/rules/checkout.ts)
   * to preview the total.
   */
  totals: CheckoutTotals;
  /** Rows the stock no longer covers (checkout would answer 409 for them). */
  problems: ErrorItem[];
}

export type CheckoutResponse = OrderDetail;
