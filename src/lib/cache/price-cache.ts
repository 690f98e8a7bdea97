// The signed-in customer's prices (products/p/price/{code}/), through the price cache of spec
// section 9: 200 entries, 3 hours, least recently used out, in session storage. Cleared when
// the customer changes or the session ends, so one customer never sees another's prices.
import { getJson } from '../api/client';
import type { ApiResult } from '../api/result';
import { sessionStore } from '../browser/storage';
import type { ProductPriceAnswer } from '../contract/products';
import { $session, onCustomerChange, onSignOut, sessionClient } from '../stores/session';
import { createLruCache } from './lru-cache';

export const PRICE_CACHE_KEY = 'SHOP_PRICE_CACHE';
export const PRICE_CACHE_MAX_ENTRIES = 200;
export const PRICE_CACHE_TTL_MS = 3 * 60 * 60 * 1000;

export const priceCache = createLruCache<ProductPriceAnswer>({
  storage: sessionStore,
  storageKey: PRICE_CACHE_KEY,
  maxEntries: PRICE_CACHE_MAX_ENTRIES,
  ttlMs: PRICE_CACHE_TTL_MS,
});

onCustomerChange(() => priceCache.clear());
onSignOut(() => priceCache.clear());

export const priceCacheKey = (customer: number, season: number | null, code: string) => `${customer}:${season ?? ''}:${code}`;

/** The customer's price for a product code, from the cache or the API; null without a customer. */
export async function customerPrice(code: string): Promise<ApiResult<ProductPriceAnswer> | null> {
  const { customer, season, reason } = $session.get();
  if (reason !== 'valid' || !customer) return null;
  const key = priceCacheKey(customer.id, season, code);
  const hit = priceCache.get(key);
  if (hit) return { ok: true, data: hit };
  const result = await getJson<ProductPriceAnswer>(sessionClient(), `products/p/price/${encodeURIComponent(code)}/`, {
    customer: customer.id,
    ...(season ? { season } : {}),
  });
  if (result.ok) priceCache.set(key, result.data);
  return result;
}
