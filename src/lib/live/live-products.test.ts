import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiResult } from '../api/result';
import { memoryStorage, type KeyValueStorage } from '../browser/storage';
import type { CurrentUser } from '../contract/auth';
import { MAX_LIVE_IDS, type LiveProductValues, type LiveValuesAnswer } from '../contract/live-values';
import type { ProductSummary } from '../contract/products';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, chooseCustomer, configureSession, SEASON_KEY } from '../stores/session';
import { $liveProducts, $liveStatus, configureLiveLoader, LIVE_CHUNK_SIZE, requestLiveProducts, seedLiveProducts, type FetchLive } from './live-products';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const LATER = '2026-11-22T20:00:00.000Z';

const values = (id: number, quantity = 10): LiveProductValues => ({
  id,
  quantity,
  is_backorderable: false,
  stock_state: quantity > 5 ? 'available' : quantity > 0 ? 'low' : 'unavailable',
  price: { standard_price: 10, special_price: null, price: 10, vat_rate: 22, vat_included: true, shown_price: 12.2 },
  variants: [],
});

/** A fake products/live/ answering every id below 1000 as a published product. */
function fakeLive(answer?: (ids: number[]) => ApiResult<LiveValuesAnswer>) {
  const queries: Record<string, unknown>[] = [];
  const fetchLive = vi.fn<FetchLive>(async (query) => {
    queries.push(query);
    const ids = String(query.ids).split(',').map(Number);
    if (answer) return answer(ids);
    const results = ids.filter((id) => id < 1000).map((id) => values(id));
    return ok({ results, count: results.length });
  });
  return { fetchLive, queries };
}

/** Runs the scheduled flush now (the default scheduler is setTimeout 0). */
let pending: (() => void)[] = [];
const schedule = (run: () => void) => void pending.push(run);
async function settle() {
  while (pending.length) {
    const runs = pending;
    pending = [];
    runs.forEach((run) => run());
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

let storage: KeyValueStorage;
beforeEach(() => {
  pending = [];
  storage = memoryStorage();
  configureSession({ storage, now: () => NOW });
  configureLiveLoader({ reset: true, schedule });
});
afterEach(() => {
  globalThis.__SHOP_API_FETCH__ = undefined;
});

describe('requestLiveProducts', () => {
  it('makes one call for every id asked in the same tick', async () => {
    const { fetchLive, queries } = fakeLive();
    configureLiveLoader({ fetchLive });
    requestLiveProducts([1, 2]);
    requestLiveProducts([2, 3, 1000]);
    requestLiveProducts([4]);
    expect($liveStatus.get()).toEqual({ 1: 'loading', 2: 'loading', 3: 'loading', 4: 'loading', 1000: 'loading' });
    await settle();
    expect(fetchLive).toHaveBeenCalledTimes(1);
    expect(queries[0]).toEqual({ ids: '1,2,3,1000,4' });
    expect($liveProducts.get()[3]).toEqual(values(3));
    // An id the API leaves out is not a published product: missing, and not asked again.
    expect($liveStatus.get()).toMatchObject({ 1: 'ready', 4: 'ready', 1000: 'missing' });
    requestLiveProducts([1, 2, 1000]);
    await settle();
    expect(fetchLive).toHaveBeenCalledTimes(1);
  });

  it('splits many ids into calls of at most 100, the API limit', async () => {
    expect(LIVE_CHUNK_SIZE).toBe(MAX_LIVE_IDS);
    const { fetchLive, queries } = fakeLive();
    configureLiveLoader({ fetchLive });
    requestLiveProducts(Array.from({ length: 250 }, (_, i) => i + 1));
    await settle();
    expect(fetchLive).toHaveBeenCalledTimes(3);
    expect(queries.map((q) => String(q.ids).split(',').length)).toEqual([100, 100, 50]);
    expect(Object.keys($liveProducts.get())).toHaveLength(250);
  });

  it('ignores ids that are not positive whole numbers', async () => {
    const { fetchLive } = fakeLive();
    configureLiveLoader({ fetchLive });
    requestLiveProducts([0, -1, 1.5, Number.NaN]);
    await settle();
    expect(fetchLive).not.toHaveBeenCalled();
  });

  it('leaves products neutral when the call fails or throws, and does not throw', async () => {
    configureLiveLoader({ fetchLive: async () => fail(503, 'Service Unavailable') });
    expect(() => requestLiveProducts([1, 2])).not.toThrow();
    await settle();
    expect($liveProducts.get()).toEqual({});
    expect($liveStatus.get()).toEqual({ 1: 'failed', 2: 'failed' });

    configureLiveLoader({ fetchLive: () => Promise.reject(new Error('offline')) });
    requestLiveProducts([3]);
    await settle();
    expect($liveStatus.get()[3]).toBe('failed');
    expect($liveProducts.get()[3]).toBeUndefined();
  });

  it('calls products/live/ through the API client with the signed-in customer and season', async () => {
    const user: CurrentUser = {
      id: 5, first_name: 'Giulia', last_name: 'Ferrero', email: 'b2b@example.com', is_agent: false, agent_profile: null,
      customer_profile: { id: 11, business_name: 'Cantina dei Colli', first_name: 'Giulia', last_name: 'Ferrero', kind: 'b2b' },
      must_change_password: false,
    };
    storage.setItem(AUTH_TOKEN_KEY, 'tok');
    storage.setItem(AUTH_TOKEN_EXPIRE_KEY, LATER);
    storage.setItem('SHOP_USER', JSON.stringify(user));
    storage.setItem(SEASON_KEY, '3');
    configureSession({ storage });
    const requests: Request[] = [];
    globalThis.__SHOP_API_FETCH__ = async (request) => {
      requests.push(request);
      const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').map(Number);
      const results = ids.map((id) => values(id, 2));
      return new Response(JSON.stringify({ results, count: results.length }), { headers: { 'Content-Type': 'application/json' } });
    };
    configureLiveLoader({ reset: true, schedule });
    // reset restores the default fetch: the real API client.
    requestLiveProducts([7, 8]);
    await settle();
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/v3/client/products/live/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ ids: '7,8', customer: '11', season: '3' });
    expect(requests[0]!.headers.get('Authorization')).toBe('Token tok');
    expect($liveProducts.get()[8]).toMatchObject({ quantity: 2, stock_state: 'low' });
  });

  it('asks again for every known product when the customer changes', async () => {
    const agent: CurrentUser = {
      id: 2, first_name: 'Aldo', last_name: 'Agente', email: 'agent@example.com', is_agent: true, agent_profile: { id: 2 }, customer_profile: null,
      must_change_password: false,
    };
    storage.setItem(AUTH_TOKEN_KEY, 'tok');
    storage.setItem(AUTH_TOKEN_EXPIRE_KEY, LATER);
    storage.setItem('SHOP_USER', JSON.stringify(agent));
    configureSession({ storage });
    const { fetchLive, queries } = fakeLive();
    configureLiveLoader({ fetchLive });
    requestLiveProducts([1, 2]);
    await settle();
    expect(queries).toEqual([{ ids: '1,2' }]);
    chooseCustomer({ id: 42, name: 'Cantina', kind: 'b2b' });
    expect($liveStatus.get()).toEqual({ 1: 'loading', 2: 'loading' });
    await settle();
    expect(fetchLive).toHaveBeenCalledTimes(2);
    expect(queries[1]).toEqual({ ids: '1,2', customer: 42 });
    expect($liveStatus.get()).toEqual({ 1: 'ready', 2: 'ready' });
  });

  it('drops an answer for the previous customer that arrives after the change', async () => {
    let release: (() => void) | undefined;
    const slow: FetchLive = (query) =>
      new Promise((resolve) => {
        release = () => resolve(ok({ results: [{ ...values(Number(query.ids)), quantity: 99 }], count: 1 }));
      });
    configureLiveLoader({ fetchLive: slow });
    requestLiveProducts([5]);
    await settle();
    const first = release!;
    const { fetchLive } = fakeLive();
    configureLiveLoader({ fetchLive });
    storage.setItem(AUTH_TOKEN_KEY, 'tok');
    storage.setItem(AUTH_TOKEN_EXPIRE_KEY, LATER);
    storage.setItem('SHOP_USER', JSON.stringify({ id: 9, is_agent: false, customer_profile: { id: 3, business_name: 'X', first_name: '', last_name: '', kind: 'b2b' } }));
    configureSession({ storage });
    await settle();
    first();
    await settle();
    expect($liveProducts.get()[5]?.quantity).toBe(10);
  });
});

describe('seedLiveProducts', () => {
  const summary = (id: number, quantity: number): ProductSummary =>
    ({ id, quantity, is_backorderable: false, stock_state: quantity > 5 ? 'available' : 'low', price: { standard_price: 20, special_price: 15 } }) as ProductSummary;

  it('fills stock from a product list, so nothing more is asked for it', async () => {
    const { fetchLive } = fakeLive();
    configureLiveLoader({ fetchLive });
    seedLiveProducts([summary(1, 3), summary(2, 30)]);
    expect($liveProducts.get()[1]).toMatchObject({ quantity: 3, stock_state: 'low', price: { price: 15 }, variants: null });
    expect($liveStatus.get()).toEqual({ 1: 'ready', 2: 'ready' });
    requestLiveProducts([1, 2]);
    await settle();
    expect(fetchLive).not.toHaveBeenCalled();
  });

  it('still asks when variants and the customer price are needed (complete)', async () => {
    const { fetchLive } = fakeLive();
    configureLiveLoader({ fetchLive });
    seedLiveProducts([summary(1, 3)]);
    requestLiveProducts([1], { complete: true });
    await settle();
    expect(fetchLive).toHaveBeenCalledTimes(1);
    expect($liveProducts.get()[1]?.variants).toEqual([]);
    // Complete values are kept when a later list brings newer stock.
    seedLiveProducts([summary(1, 0)]);
    expect($liveProducts.get()[1]).toMatchObject({ quantity: 0, variants: [] });
  });
});
