// Address rules of addresses/ (AddressCreateBodySchema in src/lib/contract/addresses.ts),
// checked in the browser before sending by the address book and the checkout's new address.
import { ADDRESS_TYPES, isCountryCode, type AddressCreateBody, type AddressType } from '../contract/addresses';

export const isAddressType = (value: string): value is AddressType => (ADDRESS_TYPES as readonly string[]).includes(value);

export const ADDRESS_FIELDS = [
  'type', 'name', 'company', 'street', 'city', 'postal_code', 'province', 'country', 'phone', 'email', 'vat_number', 'is_default',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressTextField = Exclude<AddressField, 'type' | 'is_default'>;

/** Limits of AddressCreateBodySchema (src/lib/contract/addresses.ts). */
export const ADDRESS_LIMITS: Record<AddressTextField, number> = {
  name: 120, company: 120, street: 200, city: 100, postal_code: 12, province: 60, country: 2, phone: 25, email: 254, vat_number: 16,
};
export const ADDRESS_REQUIRED: readonly AddressField[] = ['type', 'name', 'street', 'city', 'postal_code', 'country'];

export interface AddressInput {
  type: string;
  name: string;
  company: string;
  street: string;
  city: string;
  postal_code: string;
  province: string;
  country: string;
  phone: string;
  email: string;
  vat_number: string;
  is_default: boolean;
}

export type AddressErrorCode = 'required' | 'maxLength' | 'invalid' | 'email' | 'postalCode' | 'phone' | 'vatNumber' | 'country';
/** A code the form translates, or the API's own message when it named something else. */
export interface AddressFieldError {
  code: AddressErrorCode | 'api';
  max?: number;
  message?: string;
}
export type AddressErrors = Partial<Record<AddressField, AddressFieldError>>;

const PATTERNS: Partial<Record<AddressTextField, [RegExp, AddressErrorCode]>> = {
  postal_code: [/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'postalCode'],
  phone: [/^\+?[0-9][0-9 ()./-]{4,24}$/, 'phone'],
  vat_number: [/^([A-Za-z]{2})?[A-Za-z0-9]{0,14}$/, 'vatNumber'],
  email: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'email'],
};

/** The request body, or the first problem of each field (same rules as the API). */
export function validateAddress(input: AddressInput): { ok: true; body: AddressCreateBody } | { ok: false; errors: AddressErrors } {
  const errors: AddressErrors = {};
  if (!isAddressType(input.type)) errors.type = { code: 'required' };
  const text: Partial<Record<AddressTextField, string>> = {};
  for (const field of Object.keys(ADDRESS_LIMITS) as AddressTextField[]) {
    const value = input[field].trim();
    text[field] = value;
    if (!value) {
      if (ADDRESS_REQUIRED.includes(field)) errors[field] = { code: 'required' };
      continue;
    }
    if (field !== 'country' && value.length > ADDRESS_LIMITS[field]) {
      errors[field] = { code: 'maxLength', max: ADDRESS_LIMITS[field] };
      continue;
    }
    const pattern = PATTERNS[field];
    if (pattern && !pattern[0].test(value)) errors[field] = { code: pattern[1] };
  }
  const country = (text.country ?? '').toUpperCase();
  if (country && !isCountryCode(country)) errors.country = { code: 'country' };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const orNull = (field: AddressTextField) => text[field] || null;
  return {
    ok: true,
    body: {
      type: input.type as AddressType,
      name: text.name!,
      company: orNull('company'),
      street: text.street!,
      city: text.city!,
      postal_code: text.postal_code!,
      province: orNull('province'),
      country,
      phone: orNull('phone'),
      email: orNull('email'),
      vat_number: orNull('vat_number'),
      is_default: input.is_default,
    },
  };
}
