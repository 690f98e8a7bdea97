// users/, users/{id}/ and users/customers/ of the shop API.
import * as v from 'valibot';
import { ContextQuerySchema, PageQuerySchema } from './common';
import type { CustomFieldValue } from './products';

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

/** GET users/customers/ (agents): search on business name, first and last name. */
export const CustomerListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  search: Search,
});

export interface CustomerProfile {
  id: number;
  code: string;
  kind: 'b2b' | 'b2c';
  business_name: string | null;
  first_name: string;
  last_name: string;
}

/** A user as others see it (never the password). */
export interface ShopUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_agent: boolean;
  agent_profile: { id: number } | null;
  customer_profile: CustomerProfile | null;
  custom_fields: CustomFieldValue[];
}

/** A customer an agent may act for (users/customers/). */
export interface CustomerSummary extends CustomerProfile {
  email: string;
  phone: string | null;
  vat_number: string | null;
}
