import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../api/result';
import {
  $customerList, configureCustomers, customersQuery, goToCustomerPage, loadCustomers, resetCustomers, searchCustomers, searchCustomersNow,
  type CustomerRow, type CustomersQuery, type FetchCustomers,
} from './customers';

const row = (n: number): CustomerRow => ({
  id: n,
  code: `C${String(n).padStart(4, '0')}`,
  kind: 'b2b',
  business_name: `Customer ${n}`,
  first_name: 'Anna',
  last_name: `Rossi ${n}`,
  email: `c${n}@example.com`,
  city: null,
  last_served_at: null,
  open_cart_rows: 0,
  open_cart_total: 0,
  phone: null,
  vat_number: null,
});

/** A fake API with `total` customers named "Customer n"; the search keeps names containing it. */
function fakeApi(total: number) {
  const all = Array.from({ length: total }, (_, i) => row(i + 1));
  const queries: CustomersQuery[] = [];
  const fetch = vi.fn<FetchCustomers>(async (query) => {
    queries.push(query);
    const search = typeof query.search === 'string' ? query.search.toLowerCase() : '';
    const found = all.filter((c) => c.business_name!.toLowerCase().includes(search));
    const from = (Number(query.page) - 1) * Number(query.page_size);
    return ok({ results: found.slice(from, from + Number(query.page_size)), count: found.length });
  });
  return { fetch, queries };
}

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    set: (fn: () => void) => {
      pending.set(++next, fn);
      return next;
    },
    clear: (id: unknown) => void pending.delete(id as number),
    fire: () => {
      const fns = [...pending.values()];
      pending.clear();
      fns.forEach((fn) => fn());
    },
    get size() {
      return pending.size;
    },
  };
}

let timers: ReturnType<typeof manualTimers>;
beforeEach(() => {
  timers = manualTimers();
  configureCustomers({ timers });
  resetCustomers();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('customer list store', () => {
  it('builds the query: pages of 12, search only when typed', () => {
    expect(customersQuery('', 1)).toEqual({ page: 1, page_size: 12 });
    expect(customersQuery('  Sierra ', 2)).toEqual({ page: 2, page_size: 12, search: 'Sierra' });
  });

  it('loads the first page with its count and page count, showing loading meanwhile', async () => {
    const api = fakeApi(30);
    configureCustomers({ fetch: api.fetch });
    const loading = loadCustomers();
    expect($customerList.get().loading).toBe(true);
    await loading;
    expect($customerList.get()).toMatchObject({ page: 1, count: 30, pageCount: 3, loading: false, error: false, initial: false });
    expect($customerList.get().customers).toHaveLength(12);
  });

  it('pages within the page count', async () => {
    const api = fakeApi(30);
    configureCustomers({ fetch: api.fetch });
    await loadCustomers();
    await goToCustomerPage(3);
    expect($customerList.get().customers.map((c) => c.id)).toEqual([25, 26, 27, 28, 29, 30]);
    await goToCustomerPage(9);
    expect($customerList.get().page).toBe(3);
  });

  it('searches after a pause, once for several keystrokes, back on page 1', async () => {
    const api = fakeApi(30);
    configureCustomers({ fetch: api.fetch });
    await loadCustomers();
    await goToCustomerPage(2);
    searchCustomers('Customer 1');
    searchCustomers('Customer 12');
    expect($customerList.get().query).toBe('Customer 12');
    expect(timers.size).toBe(1);
    timers.fire();
    await settle();
    expect(api.queries.at(-1)).toEqual({ page: 1, page_size: 12, search: 'Customer 12' });
    expect($customerList.get()).toMatchObject({ page: 1, count: 1, shownQuery: 'Customer 12' });
    expect(api.fetch).toHaveBeenCalledTimes(3);
  });

  it('searches at once when the form is sent', async () => {
    const api = fakeApi(5);
    configureCustomers({ fetch: api.fetch });
    searchCustomers('Customer 5');
    await searchCustomersNow();
    expect(timers.size).toBe(0);
    expect($customerList.get().customers.map((c) => c.code)).toEqual(['C0005']);
  });

  it('shows only the latest answer when an older one comes back late', async () => {
    let release: (() => void) | undefined;
    const api = fakeApi(30);
    configureCustomers({
      fetch: async (query) => {
        if (query.search === 'slow') await new Promise<void>((resolve) => (release = resolve));
        return api.fetch(query);
      },
    });
    const slow = load('slow');
    const fast = load('Customer 3');
    await fast;
    release?.();
    await slow;
    expect($customerList.get().shownQuery).toBe('Customer 3');

    function load(query: string) {
      searchCustomers(query);
      return searchCustomersNow();
    }
  });

  it('reports an error, an empty search, and recovers on retry', async () => {
    const api = fakeApi(3);
    configureCustomers({ fetch: async () => fail(500, 'boom') });
    await loadCustomers();
    expect($customerList.get()).toMatchObject({ error: true, loading: false, customers: [], count: 0 });
    configureCustomers({ fetch: api.fetch });
    await loadCustomers();
    expect($customerList.get()).toMatchObject({ error: false, count: 3 });
    searchCustomers('nobody');
    await searchCustomersNow();
    expect($customerList.get()).toMatchObject({ count: 0, pageCount: 0, customers: [], shownQuery: 'nobody', error: false });
  });
});
