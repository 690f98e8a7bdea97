import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiResult } from '../api/result';
import { memoryStorage } from '../browser/storage';

const getJson = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
const sendJson = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
const notify = vi.fn();
vi.mock('../api/client', () => ({
  createClient: () => ({}),
  getJson: (...args: unknown[]) => getJson(...args),
  sendJson: (...args: unknown[]) => sendJson(...args),
}));
vi.mock('./notify', () => ({ notify: (...args: unknown[]) => notify(...args) }));

const session = await import('./session');
const { $addressBook, ADDRESS_LIMITS, addressErrorsFromApi, countryOptions, createAddress, deleteAddress, loadAddresses, updateAddress, validateAddress } = await import('./account-addresses');

const input = {
  type: 'Shipping', name: ' Magazzino ', company: '', street: 'Via Roma 1', city: 'Aosta', postal_code: '11100', province: 'AO', country: 'it',
  phone: '', email: '', vat_number: '', is_default: false,
};

beforeEach(() => {
  getJson.mockReset();
  sendJson.mockReset();
  notify.mockReset();
  const storage = memoryStorage();
  storage.setItem(session.AUTH_TOKEN_KEY, 't');
  storage.setItem(session.AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  storage.setItem(session.USER_KEY, JSON.stringify({
    id: 9, first_name: 'A', last_name: 'B', email: 'a@b.c', is_agent: false, agent_profile: null,
    customer_profile: { id: 2, business_name: 'Birrificio', first_name: 'M', last_name: 'B', kind: 'b2b' }, must_change_password: false,
  }));
  session.configureSession({ storage });
  $addressBook.set({ type: null, search: '', page: 1, count: 0, results: [], loading: false, error: null, ready: false });
  getJson.mockResolvedValue(ok({ results: [], count: 0 }));
});

describe('validateAddress', () => {
  it('builds the body: trimmed, blanks as null, country upper case', () => {
    expect(validateAddress(input)).toEqual({
      ok: true,
      body: { type: 'Shipping', name: 'Magazzino', company: null, street: 'Via Roma 1', city: 'Aosta', postal_code: '11100', province: 'AO', country: 'IT', phone: null, email: null, vat_number: null, is_default: false },
    });
  });

  it('applies the API rules', () => {
    const result = validateAddress({ ...input, type: '', name: '', postal_code: '1', country: 'ZZ', email: 'nope', phone: 'abc', vat_number: 'IT-1', city: 'x'.repeat(101) });
    expect(result).toEqual({
      ok: false,
      errors: {
        type: { code: 'required' }, name: { code: 'required' }, postal_code: { code: 'postalCode' }, country: { code: 'country' }, email: { code: 'email' },
        phone: { code: 'phone' }, vat_number: { code: 'vatNumber' }, city: { code: 'maxLength', max: 100 },
      },
    });
  });
});

describe('the API', () => {
  it('lists with customer, type, search and page', async () => {
    await loadAddresses({ type: 'Billing', search: ' Aosta ' });
    expect(getJson).toHaveBeenCalledWith({}, 'addresses/', { customer: 2, type: 'Billing', search: 'Aosta', page: 1, page_size: 10 }, undefined);
    getJson.mockResolvedValueOnce(fail(500, 'x'));
    await loadAddresses({ page: 2 });
    expect($addressBook.get()).toMatchObject({ page: 2, type: 'Billing', search: 'Aosta', error: 'errors.addressesLoadFailed' });
  });

  it('creates for the customer, says so and reloads', async () => {
    sendJson.mockResolvedValue(ok({ id: 7 }));
    const outcome = await createAddress(input);
    expect(outcome).toEqual({ ok: true, address: { id: 7 } });
    expect(sendJson).toHaveBeenCalledWith({}, 'post', 'addresses/', expect.objectContaining({ customer: 2, name: 'Magazzino', country: 'IT' }), undefined, undefined);
    expect(notify).toHaveBeenCalledWith('success', 'toasts.addressCreated');
    expect(getJson).toHaveBeenCalled();
  });

  it('edits an address in place: PATCH addresses/{id}/ with the whole form, a toast, the page read again (issue 14 item 9)', async () => {
    sendJson.mockResolvedValue(ok({ id: 7 }));
    const outcome = await updateAddress(7, { ...input, is_default: true });
    expect(outcome).toEqual({ ok: true, address: { id: 7 } });
    expect(sendJson).toHaveBeenCalledWith({}, 'patch', 'addresses/7/', expect.objectContaining({ name: 'Magazzino', country: 'IT', is_default: true }), undefined, undefined);
    expect(sendJson.mock.calls[0]![3]).not.toHaveProperty('customer');
    expect(notify).toHaveBeenCalledWith('success', 'toasts.addressUpdated');
    expect(getJson).toHaveBeenCalled();
    sendJson.mockReset();
    expect(await updateAddress(7, { ...input, country: 'YU' })).toMatchObject({ ok: false, errors: { country: { code: 'country' } } });
    expect(sendJson).not.toHaveBeenCalled();
  });

  it('does not send an invalid address; shows the API field errors', async () => {
    expect(await createAddress({ ...input, name: '' })).toMatchObject({ ok: false, errors: { name: { code: 'required' } } });
    expect(sendJson).not.toHaveBeenCalled();
    sendJson.mockResolvedValue(fail(400, 'Invalid', [{ field: 'postal_code', code: 'regex', message: 'Invalid postal code.' }]));
    expect(await createAddress(input)).toEqual({ ok: false, errors: { postal_code: { code: 'postalCode' } }, failure: null });
    expect(addressErrorsFromApi([
      { field: 'city', code: 'max_length', message: 'City is too long.' },
      { field: 'name', code: 'non_empty', message: 'Name is required.' },
      { field: 'country', code: 'check', message: 'Country must be a two-letter ISO code, like IT.' },
      { field: 'street', code: 'invalid_characters', message: 'x' },
    ])).toEqual({ city: { code: 'maxLength', max: ADDRESS_LIMITS.city }, name: { code: 'required' }, country: { code: 'country' }, street: { code: 'invalid' } });
    sendJson.mockResolvedValue(fail(500, 'x'));
    expect(await createAddress(input)).toEqual({ ok: false, errors: {}, failure: 'errors.unknownServerError' });
    expect(addressErrorsFromApi([{ field: null, code: 'x', message: 'y' }])).toEqual({});
  });

  it('deletes, and goes back a page when the last one empties', async () => {
    $addressBook.set({ ...$addressBook.get(), page: 2, results: [{ id: 3 } as never] });
    sendJson.mockResolvedValue(ok(undefined));
    expect(await deleteAddress(3)).toBeNull();
    expect(sendJson).toHaveBeenCalledWith({}, 'delete', 'addresses/3/', undefined, undefined, undefined);
    expect(getJson).toHaveBeenLastCalledWith({}, 'addresses/', expect.objectContaining({ page: 1 }), undefined);
    sendJson.mockResolvedValue(fail(500, 'x'));
    expect(await deleteAddress(3)).toBe('errors.unknownServerError');
  });
});

describe('countryOptions', () => {
  it('names the countries in the language, sorted', () => {
    const it = countryOptions('it');
    expect(it.find((c) => c.code === 'DE')?.name).toBe('Germania');
    expect(it.some((c) => c.code === 'EU')).toBe(false);
    expect(it.length).toBeGreaterThan(200);
  });
});
