// The customer's address book (spec sections 2 and 7, addresses/): a paged list with search and
// a type filter, delete after a confirmation, and a new address checked in the browser with the
// API's own rules (AddressCreateBodySchema) before it is sent.
import { atom } from 'nanostores';
import { call } from '../api/call';
import type { ErrorItem } from '../contract/common';
import type { Address, AddressType } from '../contract/addresses';
import { FIELD_CODES } from '../contract/error-codes';
import { failureMessageKey } from '../errors/api-messages';
import { ADDRESS_FIELDS, ADDRESS_LIMITS, validateAddress, type AddressErrorCode, type AddressErrors, type AddressField, type AddressFieldError, type AddressInput } from '../rules/address';
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


const customerId = () => $customer.get()?.id;

let listCall = 0;
export async function loadAddresses(options: { type?: AddressType | null; search?: string; page?: number } = {}): Promise<void> {
  const state = $addressBook.get();
  const type = options.type === undefined ? state.type : options.type;
  const search = (options.search ?? state.search).trim();
  const page = options.page ?? (type === state.type && search === state.search ? state.page : 1);
  const mine = ++listCall;
  $addressBook.set({ ...state, type, search, page, loading: true, error: null });
  const result = await call(sessionClient(), 'listAddresses', {
    query: { customer: customerId(), type: type ?? undefined, search: search || undefined, page, page_size: ADDRESSES_PAGE_SIZE },
  });
  if (mine !== listCall) return;
  const now = $addressBook.get();
  if (result.ok) $addressBook.set({ ...now, results: result.data.results, count: result.data.count, loading: false, ready: true });
  else $addressBook.set({ ...now, results: [], count: 0, loading: false, ready: true, error: failureMessageKey('addresses', result.error) });
}

/** DELETE addresses/{id}/, then the page is read again. Answers an `errors.*` key on failure. */
export async function deleteAddress(id: number): Promise<string | null> {
  const result = await call(sessionClient(), 'deleteAddress', { params: { id } });
  if (!result.ok) return result.error.status === 0 ? 'errors.network' : 'errors.unknownServerError';
  const state = $addressBook.get();
  // The last address of a page gone: show the page before.
  const page = state.results.length === 1 && state.page > 1 ? state.page - 1 : state.page;
  await loadAddresses({ page });
  return null;
}

export {
  ADDRESS_FIELDS, ADDRESS_LIMITS, ADDRESS_REQUIRED, isAddressType, validateAddress,
  type AddressErrorCode, type AddressErrors, type AddressField, type AddressFieldError, type AddressInput, type AddressTextField,
} from '../rules/address';

const isField = (name: string | null | undefined): name is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(name ?? '');

/** The API's per-field errors, by their codes, in the form's own words. */
export function addressErrorsFromApi(list: readonly ErrorItem[]): AddressErrors {
  const errors: AddressErrors = {};
  for (const item of list) {
    if (!isField(item.field) || errors[item.field]) continue;
    errors[item.field] = addressErrorOf(item.field, item.code);
  }
  return errors;
}

/** The form's own message for a rule the API names by code (its English message is never shown). */
function addressErrorOf(field: AddressField, code: string): AddressFieldError {
  if (code === 'non_empty' || code === FIELD_CODES.required) return { code: 'required' };
  if (code === 'max_length' && field !== 'type' && field !== 'is_default') return { code: 'maxLength', max: ADDRESS_LIMITS[field] };
  if (code === 'regex' || code === 'email' || code === 'check' || code === 'union') {
    const byField: Partial<Record<AddressField, AddressErrorCode>> = { postal_code: 'postalCode', phone: 'phone', vat_number: 'vatNumber', email: 'email', country: 'country' };
    return { code: byField[field] ?? 'invalid' };
  }
  return { code: 'invalid' };
}

export type CreateAddressOutcome =
  | { ok: true; address: Address }
  | { ok: false; errors: AddressErrors; failure: string | null };

/** Checks and sends a new address for the customer shown; a toast says when it was created. */
export async function createAddress(input: AddressInput): Promise<CreateAddressOutcome> {
  const checked = validateAddress(input);
  if (!checked.ok) return { ok: false, errors: checked.errors, failure: null };
  const id = customerId();
  const result = await call(sessionClient(), 'createAddress', { body: { ...checked.body, ...(id ? { customer: id } : {}) } });
  if (!result.ok) {
    const errors = result.error.status === 400 ? addressErrorsFromApi(result.error.errorList) : {};
    const failure = Object.keys(errors).length > 0 ? null : failureMessageKey('addressCreate', result.error);
    return { ok: false, errors, failure };
  }
  notify('success', 'toasts.addressCreated');
  await loadAddresses({ page: 1 });
  return { ok: true, address: result.data };
}

export type SaveAddressOutcome = CreateAddressOutcome;

/**
 * PATCH addresses/{id}/ with the whole form, checked with the same rules as a new address. The
 * API keeps one default address per type (a new default replaces the old one), so the page is
 * read again; a toast says it was saved.
 */
export async function updateAddress(id: number, input: AddressInput): Promise<SaveAddressOutcome> {
  const checked = validateAddress(input);
  if (!checked.ok) return { ok: false, errors: checked.errors, failure: null };
  const result = await call(sessionClient(), 'updateAddress', { params: { id }, body: checked.body });
  if (!result.ok) {
    const errors = result.error.status === 400 ? addressErrorsFromApi(result.error.errorList) : {};
    const failure = Object.keys(errors).length > 0 ? null : failureMessageKey('addressCreate', result.error);
    return { ok: false, errors, failure };
  }
  notify('success', 'toasts.addressUpdated');
  await loadAddresses();
  return { ok: true, address: result.data };
}

/** Every current country, named in the page's language: Italy and the shop's countries first. */
export { countryOptions, type CountryOption } from '../contract/constants';
