// One in-process memo with an age limit, for values made on the server and shared by many
// requests or by the pages of a build (sitemap, robots, settings the HTTP server reads, page
// data): one load in flight per key, a failure never remembered, and the last value that loaded
// kept apart, for callers that would rather show it than nothing while the source is away.

export interface TtlMemoOptions {
  ttlMs: number;
  /** A failed load answers the last value that loaded for the key instead, when there is one. */
  staleOnError?: boolean;
  now?: () => number;
}

export interface TtlMemo<K, V> {
  /** The value of `key`, loaded again when older than ttlMs. */
  get(key: K): Promise<V>;
  /** The last value that loaded for `key`, however old; `clear()` keeps it. */
  lastGood(key: K): V | undefined;
  /** Forgets every value (the next get loads again), keeping only `lastGood`. */
  clear(): void;
}

export function ttlMemo<V, K = void>(load: (key: K) => Promise<V>, options: TtlMemoOptions): TtlMemo<K, V> {
  const now = options.now ?? Date.now;
  const fresh = new Map<K, { value: V; at: number }>();
  const pending = new Map<K, Promise<V>>();
  const last = new Map<K, V>();
  return {
    get(key) {
      const hit = fresh.get(key);
      if (hit && now() - hit.at < options.ttlMs) return Promise.resolve(hit.value);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const loading = load(key).then(
        (value) => {
          // A clear() while this was loading: the value may predate what cleared it.
          if (pending.get(key) === loading) fresh.set(key, { value, at: now() });
          last.set(key, value);
          return value;
        },
        (error: unknown) => {
          if (options.staleOnError && last.has(key)) return last.get(key)!;
          throw error;
        },
      );
      pending.set(key, loading);
      const settle = () => {
        if (pending.get(key) === loading) pending.delete(key);
      };
      loading.then(settle, settle);
      return loading;
    },
    lastGood: (key) => last.get(key),
    clear() {
      fresh.clear();
      pending.clear();
    },
  };
}
