// The customer's address book (spec sections 2 and 7, addresses/): a paged list with search and
// a type filter, delete after a confirmation, and a new address checked in the browser with the
// API's own rules (AddressCreateBodySchema) before it is sent.
import { atom } from 'nanostores';
import { getJson, sendJson } from '../api/client';
import type { ErrorItem, Paged } from '../contract/common';
import { ADDRESS_TYPES, isCountryCode, type Address, type AddressCreateBody, type AddressType } from '../contract/addresses';
import { failureMessageKey } from '../errors/api-messages';
import { notify } from './notify';
import { $customer, sessionClient } from './session';

export const ADDRESSES_PAGE_SIZE = 10;

export interface AddressBookState {
  type: AddressType | null;
  search: string;
  page: number;
  count: number;
  results: Address[];
  loading: boolean;
  error: string | null;
  ready: boolean;
}

export const $addressBook = atom<AddressBookState>({ type: null, search: '', page: 1, count: 0, results: [], loading: false, error: null, ready: false });

export const isAddressType = (value: string): value is AddressType => (ADDRESS_TYPES as readonly string[]).includes(value);

const customerId = () => $customer.get()?.id;

let listCall = 0;
export async function loadAddresses(options: { type?: AddressType | null; search?: string; page?: number } = {}): Promise<void> {
  const state = $addressBook.get();
  const type = options.type === undefined ? state.type : options.type;
  const search = (options.search ?? state.search).trim();
  const page = options.page ?? (type === state.type && search === state.search ? state.page : 1);
  const mine = ++listCall;
  $addressBook.set({ ...state, type, search, page, loading: true, error: null });
  const result = await getJson<Paged<Address>>(sessionClient(), 'addresses/', {
    customer: customerId(),
    type: type ?? undefined,
    search: search || undefined,
    page,
    page_size: ADDRESSES_PAGE_SIZE,
  });
  if (mine !== listCall) return;
  const now = $addressBook.get();
  if (result.ok) $addressBook.set({ ...now, results: result.data.results, count: result.data.count, loading: false, ready: true });
  else $addressBook.set({ ...now, results: [], count: 0, loading: false, ready: true, error: failureMessageKey('addresses', result.error) });
}

/** DELETE addresses/{id}/, then the page is read again. Answers an `errors.*` key on failure. */
export async function deleteAddress(id: number): Promise<string | null> {
  const result = await sendJson<void>(sessionClient(), 'delete', `addresses/${id}/`);
  if (!result.ok) return result.error.status === 0 ? 'errors.network' : 'errors.unknownServerError';
  const state = $addressBook.get();
  // The last address of a page gone: show the page before.
  const page = state.results.length === 1 && state.page > 1 ? state.page - 1 : state.page;
  await loadAddresses({ page });
  return null;
}

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

const isField = (name: string | null | undefined): name is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(name ?? '');

/** The API's per-field errors: its message is shown as given (it is already specific). */
export function addressErrorsFromApi(list: readonly ErrorItem[]): AddressErrors {
  const errors: AddressErrors = {};
  for (const item of list) {
    if (!isField(item.field) || errors[item.field]) continue;
    errors[item.field] = { code: 'api', message: item.message };
  }
  return errors;
}

export type CreateAddressOutcome =
  | { ok: true; address: Address }
  | { ok: false; errors: AddressErrors; failure: string | null };

/** Checks and sends a new address for the customer shown; a toast says when it was created. */
export async function createAddress(input: AddressInput): Promise<CreateAddressOutcome> {
  const checked = validateAddress(input);
  if (!checked.ok) return { ok: false, errors: checked.errors, failure: null };
  const id = customerId();
  const result = await sendJson<Address>(sessionClient(), 'post', 'addresses/', { ...checked.body, ...(id ? { customer: id } : {}) });
  if (!result.ok) {
    const errors = result.error.status === 400 ? addressErrorsFromApi(result.error.errorList) : {};
    const failure = Object.keys(errors).length > 0 ? null : failureMessageKey('addressCreate', result.error);
    return { ok: false, errors, failure };
  }
  notify('success', 'toasts.addressCreated');
  await loadAddresses({ page: 1 });
  return { ok: true, address: result.data };
}

/** Regions the runtime names that are no country to ship to. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB']);

/** Every country the runtime knows, named in the page's language, sorted by name. */
export function countryOptions(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const out: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && isCountryCode(code)) out.push({ code, name: names.of(code) ?? code });
    }
  }
  return out.sort((x, y) => x.name.localeCompare(y.name, locale));
}
