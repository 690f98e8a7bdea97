// Cached items with an age limit (spec sections 4 and 9): system settings for 12 hours in local
// storage, anything else for 30 minutes unless told otherwise; refetched when old or forced.
import { readJson, writeJson, type KeyValueStorage } from '../browser/storage';

export const DEFAULT_CACHE_TTL_MS = 30 * 60 * 1000;
export const SETTINGS_CACHE_TTL_MS = 12 * 60 * 60 * 1000;
export const MENU_CACHE_TTL_MS = 3 * 60 * 60 * 1000;

interface Stored<V> {
  value: V;
  storedAt: number;
}

export interface TimedCacheOptions {
  storage: KeyValueStorage;
  ttlMs?: number;
  now?: () => number;
  force?: boolean;
}

/** The fresh stored value of `key`, or undefined when missing or expired. */
export function readCached<V>(key: string, options: Omit<TimedCacheOptions, 'force'>): V | undefined {
  const stored = readJson<Stored<V>>(options.storage, key);
  const now = options.now ?? Date.now;
  if (!stored || typeof stored.storedAt !== 'number') return undefined;
  if (now() - stored.storedAt >= (options.ttlMs ?? DEFAULT_CACHE_TTL_MS)) return undefined;
  return stored.value;
}

export const writeCached = <V>(key: string, value: V, options: Pick<TimedCacheOptions, 'storage' | 'now'>) =>
  writeJson(options.storage, key, { value, storedAt: (options.now ?? Date.now)() } satisfies Stored<V>);

/**
 * The cached value, or a fresh one from `load` (stored when it succeeds). A failed load leaves
 * the old entry alone and answers undefined, so callers keep what they show.
 */
export async function cachedItem<V>(key: string, load: () => Promise<V | undefined>, options: TimedCacheOptions): Promise<V | undefined> {
  if (!options.force) {
    const hit = readCached<V>(key, options);
    if (hit !== undefined) return hit;
  }
  const fresh = await load();
  if (fresh !== undefined) writeCached(key, fresh, options);
  return fresh;
}
