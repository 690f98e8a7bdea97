// Spec section 8: "Messages can be switched off globally or per kind." The shop owner switches
// them in the shop's configuration, two public system settings read like the others (spec
// section 9: kept 12 hours in local storage):
//   TOAST_MESSAGES_ENABLED  "false" (or 0, no, off) switches every toast off; anything else keeps them.
//   TOAST_MESSAGE_KINDS     the kinds shown, comma separated ("error,warning"); "none" shows none.
// A setting the shop does not define keeps the default: every kind shown.
import { call } from '../api/call';
import { createClient } from '../api/client';
import { localStore, type KeyValueStorage } from '../browser/storage';
import { cachedItem, readCached, SETTINGS_CACHE_TTL_MS } from '../cache/timed-cache';
import { isLocale, DEFAULT_LOCALE } from '../i18n/locales';
import { $toastSwitches, TOAST_KINDS, type ToastKind, type ToastSwitches } from '../stores/toasts';

export const TOASTS_ENABLED_KEY = 'TOAST_MESSAGES_ENABLED';
export const TOAST_KINDS_KEY = 'TOAST_MESSAGE_KINDS';
export const TOAST_SETTING_KEYS = [TOASTS_ENABLED_KEY, TOAST_KINDS_KEY] as const;
const cacheKey = (key: string) => `SHOP_SETTING_${key}`;

/** What a setting says: its value, or null when the shop does not define it. */
type SettingValue = { value: string | null };

const OFF = /^(false|0|no|off)$/i;

/** The switches two settings' values make (null or undefined: not defined, so the default). */
export function parseToastSwitches(enabled: string | null | undefined, kinds: string | null | undefined): ToastSwitches {
  const on = !OFF.test((enabled ?? '').trim());
  const listed = (kinds ?? '').toLowerCase().split(/[\s,;]+/).filter(Boolean);
  // Not defined or blank: the default, every kind.
  const all = listed.length === 0;
  const kindSwitches = Object.fromEntries(TOAST_KINDS.map((kind) => [kind, all || listed.includes(kind)])) as Record<ToastKind, boolean>;
  return { enabled: on, kinds: kindSwitches };
}

export interface ToastSwitchSources {
  /** A setting's value; null when the shop does not define it, undefined when it cannot be read. */
  read: (key: string) => Promise<string | null | undefined>;
  storage: KeyValueStorage;
  now?: () => number;
}

function httpSources(): ToastSwitchSources {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  const client = createClient({ locale: isLocale(lang) ? lang : DEFAULT_LOCALE });
  return {
    async read(key) {
      const result = await call(client, 'getSystemSetting', { params: { key } });
      if (result.ok) return result.data.value;
      // An unknown key is the spec's 500 "Unexpexted error" (code SettingNotFound): not defined.
      return result.error.code === 'SettingNotFound' || result.error.status === 404 ? null : undefined;
    },
    storage: localStore,
  };
}

/**
 * Applies the switches at once from what is kept (so a toast shown while the page starts obeys
 * them), then reads the settings that are not kept or too old and applies them again.
 */
export async function loadToastSwitches(sources: ToastSwitchSources = httpSources()): Promise<ToastSwitches> {
  const options = { storage: sources.storage, ttlMs: SETTINGS_CACHE_TTL_MS, now: sources.now };
  const kept = TOAST_SETTING_KEYS.map((key) => readCached<SettingValue>(cacheKey(key), options));
  if (kept.some((k) => k !== undefined)) $toastSwitches.set(parseToastSwitches(kept[0]?.value, kept[1]?.value));
  const [enabled, kinds] = await Promise.all(
    TOAST_SETTING_KEYS.map((key) =>
      cachedItem<SettingValue>(cacheKey(key), async () => {
        const value = await sources.read(key).catch(() => undefined);
        return value === undefined ? undefined : { value };
      }, options),
    ),
  );
  const switches = parseToastSwitches(enabled?.value, kinds?.value);
  $toastSwitches.set(switches);
  return switches;
}
