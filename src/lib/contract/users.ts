// users/, users/{id}/ and users/customers/ of the shop API.
import * as v from 'valibot';
import { AGENT_CUSTOMER_ORDERS } from './b2b-codes';
import { ContextQuerySchema, PageQuerySchema } from './common';

const Search = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text is too long.')));

export const USER_ORDER_FIELDS = ['last_name', 'first_name', 'email'] as const;
export type UserOrderField = (typeof USER_ORDER_FIELDS)[number];

/** GET users/: search on first name, last name and email. */
export const UserListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  search: Search,
});

/**
 * GET users/customers/ (agents): search on business name, first and last name, customer code and
 * the city of any of its addresses; `order_by` recent (default: last served by this agent first,
 * by its last order or cart change for the customer, then by name) or name.
 */
export const CustomerListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  search: Search,
  order_by: v.optional(v.picklist(AGENT_CUSTOMER_ORDERS, 'order_by must be recent or name.'), 'recent'),
});

export const CustomerProfileSchema = v.object({
  id: v.number(),
  code: v.string(),
  kind: v.picklist(['b2b', 'b2c']),
  business_name: v.nullable(v.string()),
  first_name: v.string(),
  last_name: v.string(),
});
export type CustomerProfile = v.InferOutput<typeof CustomerProfileSchema>;

/** A custom field's value on a user, as stored and in the caller's language. */
const UserCustomFieldSchema = v.object({ key: v.string(), value: v.string(), localized_value: v.string() });

/** A user as others see it (never the password). */
export const ShopUserSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  is_agent: v.boolean(),
  agent_profile: v.nullable(v.object({ id: v.number() })),
  customer_profile: v.nullable(CustomerProfileSchema),
  custom_fields: v.array(UserCustomFieldSchema),
});
export type ShopUser = v.InferOutput<typeof ShopUserSchema>;

/** A customer an agent may act for (users/customers/). */
export const CustomerSummarySchema = v.object({
  ...CustomerProfileSchema.entries,
  email: v.string(),
  phone: v.nullable(v.string()),
  vat_number: v.nullable(v.string()),
  /** City of its default billing address (else of any address); null without one. */
  city: v.nullable(v.string()),
  /** When this agent last served it: its last order or cart change for the customer (ISO 8601). */
  last_served_at: v.nullable(v.string()),
  /** Rows of the customer's open carts. */
  open_cart_rows: v.number(),
  /** Their subtotal at the customer's prices, VAT excluded, before discounts. */
  open_cart_total: v.number(),
});
export type CustomerSummary = v.InferOutput<typeof CustomerSummarySchema>;
