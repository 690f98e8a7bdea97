// A small least-recently-used cache with an age limit, kept in a browser storage so it outlives
// page loads (spec section 9: the price cache holds 200 entries for 3 hours in session storage).
import { readJson, writeJson, type KeyValueStorage } from '../browser/storage';

export interface LruCacheOptions {
  storage: KeyValueStorage;
  storageKey: string;
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

interface Entry<V> {
  key: string;
  value: V;
  storedAt: number;
}

export interface LruCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  clear(): void;
  size(): number;
}

export function createLruCache<V>(options: LruCacheOptions): LruCache<V> {
  const now = options.now ?? Date.now;
  // Most recently used last; the array is small (a few hundred) so order changes are cheap.
  const load = (): Entry<V>[] => {
    const entries = readJson<Entry<V>[]>(options.storage, options.storageKey);
    return Array.isArray(entries) ? entries.filter((e) => now() - e.storedAt < options.ttlMs) : [];
  };
  const save = (entries: Entry<V>[]) => writeJson(options.storage, options.storageKey, entries);
  return {
    get(key) {
      const entries = load();
      const index = entries.findIndex((e) => e.key === key);
      if (index < 0) return undefined;
      const [entry] = entries.splice(index, 1);
      entries.push(entry!);
      save(entries);
      return entry!.value;
    },
    set(key, value) {
      const entries = load().filter((e) => e.key !== key);
      entries.push({ key, value, storedAt: now() });
      while (entries.length > options.maxEntries) entries.shift();
      save(entries);
    },
    delete(key) {
      save(load().filter((e) => e.key !== key));
    },
    clear() {
      options.storage.removeItem(options.storageKey);
    },
    size: () => load().length,
  };
}
