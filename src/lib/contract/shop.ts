// shop/ (spec section 7): payment methods, seasons and shipping policies.
//
// Payment methods: `shop/payment-methods-b2b/` (the spec's call) and its alias
// `shop/payment-methods/` both answer the active methods of the request's shop_context
// (b2b by default, which includes "as per contract"; shop_context=b2c gives the consumer ones).
import * as v from 'valibot';
import { ContextQuerySchema } from './common';

export const PaymentMethodSchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  description: v.string(),
  /** "As per contract": the terms agreed with a business customer. */
  is_contract: v.boolean(),
  shop_context: v.picklist(['b2b', 'b2c', 'all']),
  /** At checkout, for the contract method: the customer's agreed terms. */
  payment_terms: v.optional(v.nullable(v.string())),
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

export interface Season {
  id: number;
  code: string;
  name: string;
  starts_on: string | null;
  ends_on: string | null;
  custom_field_value_detail: { value: string; localized_value: string } | null;
}

export const ShippingPolicySchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  description: v.string(),
  zone: v.object({ code: v.string(), name: v.string() }),
  /** The list price. */
  base_price: v.number(),
  /** What the customer pays for the given subtotal (0 from free_from). */
  price: v.number(),
  free_from: v.nullable(v.number()),
  delivery_days: v.number(),
});
export type ShippingPolicy = v.InferOutput<typeof ShippingPolicySchema>;

const amount = v.pipe(v.string(), v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'subtotal must be an amount like 12.50.'), v.transform(Number));

/** GET shop/shipping-policies/?address=<id>&subtotal=&free_shipping_code= */
export const ShippingPoliciesQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  address: v.pipe(v.string('Choose an address.'), v.regex(/^\d{1,9}$/, 'Invalid address id.'), v.transform(Number)),
  subtotal: v.optional(amount),
  free_shipping_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'The code is too long.'))),
});
