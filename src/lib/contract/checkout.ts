// checkout/ (spec section 7): what the checkout page needs, and placing the order.
import * as v from 'valibot';
import { AddressSchema } from './addresses';
import { CartHeaderSchema, CartRowSchema } from './cart';
import { ErrorItemSchema, SHOP_CONTEXTS } from './common';
import { OrderDetailSchema, type OrderDetail } from './orders';
import { PaymentMethodSchema, ShippingPolicySchema } from './shop';

const id = (label: string) => v.pipe(v.number(`Invalid ${label} id.`), v.integer(`Invalid ${label} id.`), v.minValue(1, `Invalid ${label} id.`), v.maxValue(2_147_483_647, `Invalid ${label} id.`));

/** POST checkout/init/ */
/**
 * POST checkout/init/. Without `cart`, the customer's open cart for the season (and agent) named
 * as in carts/get-or-create/: the checkout page asks at once, in one round trip, instead of
 * waiting for the cart's own calls first; 404 (field `cart`) when there is no open cart.
 */
export const CheckoutInitBodySchema = v.strictObject({
  customer: v.optional(id('customer')),
  cart: v.optional(id('cart')),
  season: v.optional(v.nullable(id('season'))),
  agent: v.optional(v.nullable(id('agent'))),
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

export const CheckoutTotalsSchema = v.object({
  subtotal: v.number(),
  promotion_discount: v.number(),
  coupon_discount: v.number(),
  discount: v.number(),
  /** Goods after discounts (the cart's final price). */
  final_price: v.number(),
  shipping: v.number(),
  /** The chosen payment method's fee (net); 0 in checkout/init/, which has no method chosen yet. */
  payment_fee: v.number(),
  tax: v.number(),
  total: v.number(),
  /** VAT by rate; discounts lower the base of the lines they come off. */
  vat: v.array(v.object({ rate: v.number(), base: v.number(), tax: v.number() })),
});
export type CheckoutTotals = v.InferOutput<typeof CheckoutTotalsSchema>;

export const CheckoutInitResponseSchema = v.object({
  customer: v.object({
    id: v.number(),
    business_name: v.nullable(v.string()),
    first_name: v.string(),
    last_name: v.string(),
    email: v.string(),
    kind: v.picklist(SHOP_CONTEXTS),
    /** For the VAT treatment preview (src/lib/rules/vat-treatment.ts), with the billing address's own. */
    vat_number: v.optional(v.nullable(v.string())),
  }),
  billing_addresses: v.array(AddressSchema),
  shipping_addresses: v.array(AddressSchema),
  /** The shipping address the policies are for: the one asked for, else the default one. */
  shipping_address: v.nullable(v.number()),
  billing_address: v.nullable(v.number()),
  payment_methods: v.array(PaymentMethodSchema),
  /** Empty: no policy ships there, the storefront shows "contact us". */
  shipping_policies: v.array(ShippingPolicySchema),
  cart: CartHeaderSchema,
  rows: v.array(CartRowSchema),
  /**
   * Without shipping: add the chosen policy's price with orderTotals (src/lib/rules/checkout.ts)
   * to preview the total.
   */
  totals: CheckoutTotalsSchema,
  /** Rows the stock no longer covers (checkout would answer 409 for them). */
  problems: v.array(ErrorItemSchema),
});
export type CheckoutInitResponse = v.InferOutput<typeof CheckoutInitResponseSchema>;

/** POST checkout/ answers the order (201 when placed, 200 for a retry with the same Idempotency-Key). */
export const CheckoutResponseSchema = OrderDetailSchema;
export type CheckoutResponse = OrderDetail;
