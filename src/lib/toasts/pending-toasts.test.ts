import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../browser/storage';
import { $toasts, $toastSwitches, clearToasts } from '../stores/toasts';
import { keepToastForNextPage, PENDING_TOASTS_KEY, showKeptToasts } from './pending-toasts';

afterEach(() => {
  clearToasts();
  $toastSwitches.set({ enabled: true, kinds: { error: true, warning: true, success: true, info: true } });
});

describe('toasts kept for the next page', () => {
  it('shows a kept toast once, on the next page', () => {
    const storage = memoryStorage();
    keepToastForNextPage({ type: 'error', text: 'Unknown server error' }, storage);
    expect(showKeptToasts(storage)).toBe(1);
    expect($toasts.get().map((t) => `${t.type}:${t.text}`)).toEqual(['error:Unknown server error']);
    clearToasts();
    expect(showKeptToasts(storage)).toBe(0);
    expect(storage.getItem(PENDING_TOASTS_KEY)).toBeNull();
  });

  it('obeys the switches and ignores what it cannot read', () => {
    const storage = memoryStorage();
    $toastSwitches.set({ enabled: true, kinds: { error: false, warning: true, success: true, info: true } });
    keepToastForNextPage({ type: 'error', text: 'x' }, storage);
    expect(showKeptToasts(storage)).toBe(0);
    storage.setItem(PENDING_TOASTS_KEY, '[{"type":"boom","text":"y"},{"type":"warning"}]');
    expect(showKeptToasts(storage)).toBe(0);
    storage.setItem(PENDING_TOASTS_KEY, 'not json');
    expect(showKeptToasts(storage)).toBe(0);
    expect($toasts.get()).toEqual([]);
  });
});
