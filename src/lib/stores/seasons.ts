// Selling seasons (spec sections 1, 4 and 9): off unless the system setting SEASONS_ENABLED is
// "true". The setting is cached for 12 hours in local storage, the season list for 30 minutes
// per language in session storage; the chosen season itself lives in the session store.
import { atom } from 'nanostores';
import { call } from '../api/call';
import { createClient } from '../api/client';
import { localStore, sessionStore, type KeyValueStorage } from '../browser/storage';
import { cachedItem, DEFAULT_CACHE_TTL_MS, SETTINGS_CACHE_TTL_MS } from '../cache/timed-cache';
import type { Locale } from '../contract/common';
import type { Season } from '../contract/shop';
import { seasonsEnabledValue } from '../header/account-view';

export const SEASONS_ENABLED_KEY = 'SEASONS_ENABLED';
export const SEASONS_SETTING_CACHE_KEY = 'SHOP_SETTING_SEASONS_ENABLED';
export const seasonsCacheKey = (locale: Locale) => `SHOP_SEASONS_${locale}`;

export const $seasonsEnabled = atom(false);
export const $seasons = atom<Season[]>([]);

export interface SeasonSources {
  /** The setting's value, null when the shop does not define it, undefined when unreachable. */
  fetchSetting: () => Promise<string | null | undefined>;
  fetchSeasons: (locale: Locale) => Promise<Season[] | undefined>;
  settingsStorage: KeyValueStorage;
  listStorage: KeyValueStorage;
  now?: () => number;
}

function apiSources(locale: Locale): SeasonSources {
  const client = createClient({ locale });
  return {
    async fetchSetting() {
      const result = await call(client, 'getSystemSetting', { params: { key: SEASONS_ENABLED_KEY } });
      if (result.ok) return result.data.value;
      // An undefined setting means the default: seasons off (cached like any answer).
      return result.error.code === 'SettingNotFound' || result.error.status === 404 ? null : undefined;
    },
    async fetchSeasons() {
      const result = await call(client, 'listSeasons');
      return result.ok ? result.data.results : undefined;
    },
    settingsStorage: localStore,
    listStorage: sessionStore,
  };
}

let pending: Promise<boolean> | null = null;

/**
 * Reads whether seasons are on and, if so, the seasons; safe to call from several places (the
 * header and the customers page share one load). A failure leaves seasons off.
 */
export function loadSeasons(locale: Locale, sources: SeasonSources = apiSources(locale)): Promise<boolean> {
  pending ??= (async () => {
    const { settingsStorage, listStorage, now } = sources;
    // Stored as a string ("false" for a missing setting) so the cache can tell "off" from "unknown".
    const setting = await cachedItem<string>(SEASONS_SETTING_CACHE_KEY, async () => {
      const value = await sources.fetchSetting();
      return value === undefined ? undefined : (value ?? 'false');
    }, { storage: settingsStorage, ttlMs: SETTINGS_CACHE_TTL_MS, now });
    const enabled = seasonsEnabledValue(setting);
    if (!enabled) {
      $seasonsEnabled.set(false);
      return false;
    }
    const seasons = await cachedItem<Season[]>(seasonsCacheKey(locale), () => sources.fetchSeasons(locale), { storage: listStorage, ttlMs: DEFAULT_CACHE_TTL_MS, now });
    $seasons.set(seasons ?? []);
    // Nothing to choose from is the same as seasons off.
    $seasonsEnabled.set((seasons ?? []).length > 0);
    return $seasonsEnabled.get();
  })();
  return pending;
}

/** Tests start over. */
export function resetSeasons(): void {
  pending = null;
  $seasonsEnabled.set(false);
  $seasons.set([]);
}

/** The label of a season in the select: its localized value when it has one. */
export const seasonLabel = (season: Season) => season.custom_field_value_detail?.localized_value || season.name;
