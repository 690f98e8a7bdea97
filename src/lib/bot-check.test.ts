import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECAPTCHA_POLL_MS, waitForRecaptcha } from './bot-check';

afterEach(() => vi.useRealTimers());

describe('waitForRecaptcha', () => {
  it('polls every 25 ms until the script has defined grecaptcha', async () => {
    vi.useFakeTimers();
    const win: { grecaptcha?: object } = {};
    const waiting = waitForRecaptcha(win, 1000);
    await vi.advanceTimersByTimeAsync(RECAPTCHA_POLL_MS * 3);
    const api = { ready: (cb: () => void) => cb(), execute: async () => 'token' };
    win.grecaptcha = api;
    await vi.advanceTimersByTimeAsync(RECAPTCHA_POLL_MS);
    await expect(waiting).resolves.toBe(api);
  });

  it('gives up after the timeout (script blocked)', async () => {
    vi.useFakeTimers();
    const waiting = waitForRecaptcha({}, 100);
    const outcome = expect(waiting).rejects.toThrow('did not load');
    await vi.advanceTimersByTimeAsync(150);
    await outcome;
  });
});
