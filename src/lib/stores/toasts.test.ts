import { afterEach, describe, expect, it } from 'vitest';
import { $toasts, clearToasts, DEFAULT_TOAST_MS, dismissToast, setToastClock, setToastsEnabled, showToast, tickToasts, toastProgress } from './toasts';

let time = 0;
setToastClock(() => time);

afterEach(() => {
  clearToasts();
  setToastsEnabled(true);
  for (const kind of ['error', 'warning', 'success', 'info'] as const) setToastsEnabled(true, kind);
  time = 0;
});

describe('toasts', () => {
  it('counts progress from 1 to 0 over 5 seconds by default, then vanish', () => {
    showToast({ type: 'success', text: 'Product added to the cart' });
    expect($toasts.get()[0]).toMatchObject({ progress: 1, duration: DEFAULT_TOAST_MS, title: null });
    time = 2500;
    tickToasts();
    expect($toasts.get()[0]!.progress).toBeCloseTo(0.5);
    time = 5000;
    tickToasts();
    expect($toasts.get()).toEqual([]);
  });

  it('keeps a toast with a negative duration until it is dismissed', () => {
    const id = showToast({ type: 'error', text: 'Error while checking out', duration: -1 })!;
    time = 60_000;
    tickToasts();
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]!.progress).toBe(1);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });

  it('can be switched off globally and per kind', () => {
    setToastsEnabled(false, 'success');
    expect(showToast({ type: 'success', text: 'x' })).toBeNull();
    expect(showToast({ type: 'error', text: 'y' })).not.toBeNull();
    setToastsEnabled(false);
    expect(showToast({ type: 'error', text: 'z' })).toBeNull();
    expect($toasts.get().map((t) => t.text)).toEqual(['y']);
  });

  it('computes progress without going out of range', () => {
    expect(toastProgress({ duration: 1000, createdAt: 0 }, -50)).toBe(1);
    expect(toastProgress({ duration: 1000, createdAt: 0 }, 2000)).toBe(0);
    expect(toastProgress({ duration: 0, createdAt: 0 }, 0)).toBe(0);
  });
});
