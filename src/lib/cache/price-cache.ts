// The signed-in customer's prices, as the live values answered them, in the price cache of spec
// section 9: 200 entries, 3 hours, least recently used out, in session storage. The buy box falls
// back to it when a live call fails. The session clears it itself whenever the customer changes or
// the session ends (spec section 4), whichever modules the page has loaded, so one customer never
// sees another's prices; that is why this module imports nothing of the session.
import { sessionStore, type KeyValueStorage } from '../browser/storage';
import type { LivePrice } from '../contract/live-values';
import { createLruCache, type LruCache } from './lru-cache';

export const PRICE_CACHE_KEY = 'SHOP_PRICE_CACHE';
export const PRICE_CACHE_MAX_ENTRIES = 200;
export const PRICE_CACHE_TTL_MS = 3 * 60 * 60 * 1000;

const create = (storage: KeyValueStorage, now?: () => number) =>
  createLruCache<LivePrice>({ storage, storageKey: PRICE_CACHE_KEY, maxEntries: PRICE_CACHE_MAX_ENTRIES, ttlMs: PRICE_CACHE_TTL_MS, now });

let cache: LruCache<LivePrice> = create(sessionStore);

/** Tests swap the storage and the clock. */
export function configurePriceCache(options: { storage: KeyValueStorage; now?: () => number }): void {
  cache = create(options.storage, options.now);
}

/** One price per customer, season, product and variant. */
export const priceCacheKey = (customer: number, season: number | null, product: number, variant: number | null = null) =>
  `${customer}:${season ?? ''}:${product}:${variant ?? ''}`;

export const cachedPrice = (key: string): LivePrice | undefined => cache.get(key);
export const keepPrice = (key: string, price: LivePrice) => cache.set(key, price);
export const clearPriceCache = () => cache.clear();
export const priceCacheSize = () => cache.size();
