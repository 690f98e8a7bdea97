// CUSTOMER_SELECTION_ENFORCED (spec sections 2 and 9; on by default): whether an agent must choose
// a customer before the customer pages, and is sent to /customers after signing in. Read like
// the other settings: from the API, kept 12 hours in local storage. The route guard decides
// before a page shows, so it takes the kept value at once (the default until one is kept) and
// refreshes it for the next page.
import { call } from '../api/call';
import { localStore, type KeyValueStorage } from '../browser/storage';
import { cachedItem, readCached, SETTINGS_CACHE_TTL_MS } from '../cache/timed-cache';
import { sessionClient } from './session';

export const CUSTOMER_SELECTION_KEY = 'CUSTOMER_SELECTION_ENFORCED';
const CACHE_KEY = `SHOP_SETTING_${CUSTOMER_SELECTION_KEY}`;

/** Only an explicit "off" turns the gate off: a missing or unreadable setting keeps the default. */
export const parseEnforced = (value: string | null | undefined): boolean => !/^(false|0|no|off)$/i.test((value ?? '').trim());

type ReadSetting = () => Promise<string | undefined>;
const httpRead: ReadSetting = async () => {
  const result = await call(sessionClient(), 'getSystemSetting', { params: { key: CUSTOMER_SELECTION_KEY } });
  return result.ok ? result.data.value : undefined;
};

let read: ReadSetting = httpRead;
let storage: KeyValueStorage = localStore;

/** Tests swap the call and the storage; `null` restores the real ones. */
export function configureCustomerSelection(options: { read?: ReadSetting; storage?: KeyValueStorage } | null): void {
  read = options?.read ?? httpRead;
  storage = options?.storage ?? localStore;
}

/** The setting, from the cache or the API (the default when the API does not answer). */
export async function customerSelectionEnforced(): Promise<boolean> {
  return parseEnforced(await cachedItem(CACHE_KEY, read, { storage, ttlMs: SETTINGS_CACHE_TTL_MS }).catch(() => undefined));
}

/** The kept value now, without waiting (the default when none is kept). */
export const knownCustomerSelectionEnforced = (): boolean => parseEnforced(readCached<string>(CACHE_KEY, { storage, ttlMs: SETTINGS_CACHE_TTL_MS }));
