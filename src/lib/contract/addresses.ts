// addresses/ (spec section 7): a customer's billing and shipping address book.
import * as v from 'valibot';
import { ContextQuerySchema, PageQuerySchema } from './common';
import { ADDRESS_TYPES, isCountryCode } from './constants';

export { ADDRESS_TYPES, isCountryCode, type AddressType } from './constants';
export const ADDRESS_ORDER_FIELDS = ['name', 'city', 'postal_code', 'create_date'] as const;

const idString = (field: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, `Invalid ${field} id.`), v.transform(Number));

/** GET addresses/: `search` looks in name, company, street, city and postal code. */
export const AddressListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  customer: v.optional(idString('customer')),
  type: v.optional(v.picklist(ADDRESS_TYPES, 'Type must be Billing or Shipping.')),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text is too long.'))),
});


const text = (label: string, max: number) =>
  v.pipe(v.string(`${label} must be text.`), v.trim(), v.nonEmpty(`${label} is required.`), v.maxLength(max, `${label} is too long.`));
const optionalText = (label: string, max: number) =>
  v.nullish(v.pipe(v.string(`${label} must be text.`), v.trim(), v.maxLength(max, `${label} is too long.`)));

const fields = {
  type: v.picklist(ADDRESS_TYPES, 'Type must be Billing or Shipping.'),
  name: text('Name', 120),
  company: optionalText('Company', 120),
  street: text('Street', 200),
  city: text('City', 100),
  postal_code: v.pipe(text('Postal code', 12), v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'Invalid postal code.')),
  province: optionalText('Province', 60),
  country: v.pipe(
    v.string('Country must be text.'),
    v.trim(),
    v.toUpperCase(),
    v.check(isCountryCode, 'Country must be a current two-letter ISO 3166-1 code, like IT.'),
  ),
  phone: v.nullish(v.pipe(v.string(), v.trim(), v.regex(/^(\+?[0-9][0-9 ()./-]{4,24})?$/, 'Invalid phone number.'))),
  email: v.nullish(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('Invalid email.'), v.maxLength(254, 'The email is too long.'))], 'Invalid email.')),
  vat_number: v.nullish(v.pipe(v.string(), v.trim(), v.regex(/^([A-Za-z]{2})?[A-Za-z0-9]{0,14}$/, 'Invalid VAT number.'))),
  is_default: v.optional(v.boolean('is_default must be true or false.')),
};

/** POST addresses/: created for the resolved customer (an agent names it), by the caller. */
export const AddressCreateBodySchema = v.strictObject({
  customer: v.optional(v.pipe(v.number('Invalid customer id.'), v.integer('Invalid customer id.'), v.minValue(1, 'Invalid customer id.'), v.maxValue(2_147_483_647, 'Invalid customer id.'))),
  ...fields,
});
export type AddressCreateBody = v.InferOutput<typeof AddressCreateBodySchema>;

/** PATCH addresses/{id}/: any of the fields. */
export const AddressPatchBodySchema = v.strictObject({
  type: v.optional(fields.type),
  name: v.optional(fields.name),
  company: fields.company,
  street: v.optional(fields.street),
  city: v.optional(fields.city),
  postal_code: v.optional(fields.postal_code),
  province: fields.province,
  country: v.optional(fields.country),
  phone: fields.phone,
  email: fields.email,
  vat_number: fields.vat_number,
  is_default: fields.is_default,
});
export type AddressPatchBody = v.InferOutput<typeof AddressPatchBodySchema>;

/** An address as kept on an order. */
export const AddressSnapshotOutSchema = v.object({
  name: v.string(),
  company: v.nullable(v.string()),
  street: v.string(),
  city: v.string(),
  postal_code: v.string(),
  province: v.nullable(v.string()),
  country: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  vat_number: v.nullable(v.string()),
});
export type AddressSnapshotOut = v.InferOutput<typeof AddressSnapshotOutSchema>;

export const AddressSchema = v.object({
  id: v.number(),
  customer: v.number(),
  /** The user who created it (null for addresses that came with the account). */
  user: v.nullable(v.number()),
  type: v.picklist(ADDRESS_TYPES),
  ...AddressSnapshotOutSchema.entries,
  is_default: v.boolean(),
  create_date: v.string(),
});
export type Address = v.InferOutput<typeof AddressSchema>;
