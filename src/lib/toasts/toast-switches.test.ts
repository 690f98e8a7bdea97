import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../browser/storage';
import { $toasts, $toastSwitches, clearToasts, showToast } from '../stores/toasts';
import { loadToastSwitches, parseToastSwitches, TOAST_KINDS_KEY, TOASTS_ENABLED_KEY } from './toast-switches';

const ALL_ON = { enabled: true, kinds: { error: true, warning: true, success: true, info: true } };

afterEach(() => {
  clearToasts();
  $toastSwitches.set(ALL_ON);
});

/** The shop's settings as config/system/{key}/ answers them (null: the key is not defined). */
function settings(values: Record<string, string | null | undefined>) {
  const asked: string[] = [];
  return {
    asked,
    read: (key: string) => {
      asked.push(key);
      return Promise.resolve(values[key]);
    },
  };
}

describe('toast switches from the shop configuration', () => {
  it('reads the global switch and the kinds shown', () => {
    expect(parseToastSwitches(null, null)).toEqual(ALL_ON);
    expect(parseToastSwitches('true', '')).toEqual(ALL_ON);
    expect(parseToastSwitches('OFF', null)).toEqual({ ...ALL_ON, enabled: false });
    expect(parseToastSwitches('1', 'error, Warning')).toEqual({ enabled: true, kinds: { error: true, warning: true, success: false, info: false } });
    expect(parseToastSwitches(undefined, 'none').kinds).toEqual({ error: false, warning: false, success: false, info: false });
  });

  it('switches every toast off when the shop says so', async () => {
    const shop = settings({ [TOASTS_ENABLED_KEY]: 'false', [TOAST_KINDS_KEY]: null });
    await loadToastSwitches({ read: shop.read, storage: memoryStorage() });
    expect(showToast({ type: 'error', text: 'Error while checking out' })).toBeNull();
    expect(showToast({ type: 'success', text: 'Product added to the cart' })).toBeNull();
    expect($toasts.get()).toEqual([]);
  });

  it('shows only the kinds the shop lists', async () => {
    const shop = settings({ [TOASTS_ENABLED_KEY]: 'true', [TOAST_KINDS_KEY]: 'error,warning' });
    await loadToastSwitches({ read: shop.read, storage: memoryStorage() });
    expect(showToast({ type: 'success', text: 'Product added to the cart' })).toBeNull();
    expect(showToast({ type: 'info', text: 'i' })).toBeNull();
    expect(showToast({ type: 'error', text: 'Error while checking out' })).not.toBeNull();
    expect(showToast({ type: 'warning', text: 'Product already in the wishlist' })).not.toBeNull();
    expect($toasts.get().map((t) => t.type)).toEqual(['error', 'warning']);
  });

  it('keeps the settings 12 hours in local storage and applies the kept ones before any call answers', async () => {
    const storage = memoryStorage();
    let time = 0;
    const first = settings({ [TOASTS_ENABLED_KEY]: 'true', [TOAST_KINDS_KEY]: 'error' });
    await loadToastSwitches({ read: first.read, storage, now: () => time });
    $toastSwitches.set(ALL_ON);
    time = 11 * 60 * 60 * 1000;
    const never = { read: () => new Promise<string | null>(() => {}), storage, now: () => time };
    void loadToastSwitches(never);
    // Applied at once from storage, without waiting for the API.
    expect($toastSwitches.get().kinds.success).toBe(false);
    time = 13 * 60 * 60 * 1000;
    const second = settings({ [TOASTS_ENABLED_KEY]: 'true', [TOAST_KINDS_KEY]: null });
    await loadToastSwitches({ read: second.read, storage, now: () => time });
    expect(second.asked.sort()).toEqual([TOASTS_ENABLED_KEY, TOAST_KINDS_KEY].sort());
    expect($toastSwitches.get()).toEqual(ALL_ON);
  });

  it('shows every kind when the settings cannot be read', async () => {
    await loadToastSwitches({ read: () => Promise.resolve(undefined), storage: memoryStorage() });
    expect($toastSwitches.get()).toEqual(ALL_ON);
  });
});
