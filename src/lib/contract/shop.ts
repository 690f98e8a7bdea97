// shop/ (spec section 7): payment methods, seasons and shipping policies.
//
// Payment methods: `shop/payment-methods-b2b/` (the spec's call) and its alias
// `shop/payment-methods/` both answer the active methods of the request's shop_context
// (b2b by default, which includes "as per contract"; shop_context=b2c gives the consumer ones).
import * as v from 'valibot';
import { ContextQuerySchema, SHOP_CONTEXTS } from './common';

export const PaymentMethodSchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  description: v.string(),
  /** "As per contract": the terms agreed with a business customer. */
  is_contract: v.boolean(),
  /** Added to the order when chosen (net; VAT as on shipping), e.g. cash on delivery. */
  fee: v.optional(v.number(), 0),
  shop_context: v.picklist([...SHOP_CONTEXTS, 'all']),
  /** At checkout, for the contract method: the customer's agreed terms. */
  payment_terms: v.optional(v.nullable(v.string())),
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

export const SeasonSchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  starts_on: v.nullable(v.string()),
  ends_on: v.nullable(v.string()),
  custom_field_value_detail: v.nullable(v.object({ value: v.string(), localized_value: v.string() })),
});
export type Season = v.InferOutput<typeof SeasonSchema>;

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
