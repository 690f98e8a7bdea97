// Browser storage that never throws: private modes, full quotas and server rendering all read as
// "nothing stored". Tests and server code get an in-memory store.

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const fallbackLocal = memoryStorage();
const fallbackSession = memoryStorage();

function guarded(pick: () => Storage, fallback: KeyValueStorage): KeyValueStorage {
  const target = (): KeyValueStorage => {
    try {
      return typeof window === 'undefined' ? fallback : pick();
    } catch {
      return fallback;
    }
  };
  return {
    getItem(key) {
      try {
        return target().getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        target().setItem(key, value);
      } catch {
        // Quota or privacy mode: the value lives only as long as the page.
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        target().removeItem(key);
      } catch {
        fallback.removeItem(key);
      }
    },
  };
}

export const localStore: KeyValueStorage = guarded(() => window.localStorage, fallbackLocal);
export const sessionStore: KeyValueStorage = guarded(() => window.sessionStorage, fallbackSession);

export function readJson<T>(storage: KeyValueStorage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

export const writeJson = (storage: KeyValueStorage, key: string, value: unknown) => storage.setItem(key, JSON.stringify(value));
