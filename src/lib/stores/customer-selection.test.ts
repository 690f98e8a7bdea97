import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../browser/storage';
import { configureCustomerSelection, customerSelectionEnforced, knownCustomerSelectionEnforced, parseEnforced } from './customer-selection';

afterEach(() => configureCustomerSelection(null));

describe('CUSTOMER_SELECTION_ENFORCED', () => {
  it('is on unless the setting says off', () => {
    expect([undefined, null, '', 'true', '1', 'yes', 'garbage'].map(parseEnforced)).toEqual(Array(7).fill(true));
    expect(['false', 'FALSE', '0', 'no', 'off', ' false '].map(parseEnforced)).toEqual(Array(6).fill(false));
  });

  it('is read once and kept for the guard, which takes the default until then', async () => {
    const read = vi.fn(async () => 'false');
    configureCustomerSelection({ read, storage: memoryStorage() });
    expect(knownCustomerSelectionEnforced()).toBe(true);
    expect(await customerSelectionEnforced()).toBe(false);
    expect(await customerSelectionEnforced()).toBe(false);
    expect(read).toHaveBeenCalledTimes(1);
    expect(knownCustomerSelectionEnforced()).toBe(false);
  });

  it('keeps the default when the API does not answer', async () => {
    configureCustomerSelection({ read: async () => undefined, storage: memoryStorage() });
    expect(await customerSelectionEnforced()).toBe(true);
  });
});
