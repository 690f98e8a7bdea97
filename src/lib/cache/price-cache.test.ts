import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../browser/storage';
import { configureLiveLoader, requestLiveProducts } from '../live/live-products';
import { $session, chooseCustomer, configureSession, exitCustomerView, markSessionInvalid } from '../stores/session';
import { cachedPrice, configurePriceCache, keepPrice, priceCacheKey, priceCacheSize, PRICE_CACHE_MAX_ENTRIES } from './price-cache';

const price = (p: number) => ({ standard_price: p, special_price: null, price: p, vat_rate: 22, vat_included: false, shown_price: p });
const flushes: (() => void)[] = [];
const runFlushes = async () => {
  while (flushes.length) flushes.shift()!();
  await new Promise((r) => setTimeout(r, 0));
};

beforeEach(() => {
  configurePriceCache({ storage: memoryStorage() });
  configureSession({ storage: memoryStorage() });
  $session.set({ token: 't', expiry: '2999-01-01T00:00:00Z', username: 'agent', user: { is_agent: true } as never, customer: { id: 7 } as never, season: null, reason: 'valid' });
});
afterEach(() => configureLiveLoader({ reset: true }));

describe('price cache (spec sections 4 and 9)', () => {
  it('keeps the live prices of the session customer, per product and variant', async () => {
    configureLiveLoader({
      reset: true,
      schedule: (run) => flushes.push(run),
      fetchLive: async () => ({ ok: true, data: { count: 1, results: [{ id: 3, quantity: 5, is_backorderable: false, price: price(9), variants: [{ id: 31, quantity: 1, is_backorderable: false, price: price(11) }] } as never] } }),
    });
    requestLiveProducts([3]);
    await runFlushes();
    expect(cachedPrice(priceCacheKey(7, null, 3))?.price).toBe(9);
    expect(cachedPrice(priceCacheKey(7, null, 3, 31))?.price).toBe(11);
  });

  it('is emptied when the customer changes, when the agent leaves the customer view and when the session ends', () => {
    keepPrice(priceCacheKey(7, null, 1), price(5));
    chooseCustomer({ id: 8 } as never);
    expect(priceCacheSize()).toBe(0);
    keepPrice(priceCacheKey(8, null, 1), price(6));
    exitCustomerView();
    expect(priceCacheSize()).toBe(0);
    keepPrice(priceCacheKey(8, null, 1), price(6));
    markSessionInvalid();
    expect(priceCacheSize()).toBe(0);
  });

  it('holds at most 200 entries, the least recently used out first', () => {
    for (let i = 0; i <= PRICE_CACHE_MAX_ENTRIES; i++) keepPrice(priceCacheKey(7, null, i), price(i));
    expect(priceCacheSize()).toBe(PRICE_CACHE_MAX_ENTRIES);
    expect(cachedPrice(priceCacheKey(7, null, 0))).toBeUndefined();
  });
});
