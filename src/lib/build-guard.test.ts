import { describe, expect, it, vi } from 'vitest';
import { checkBuild, RELOAD_GUARD_MS, shouldReload } from './build-guard';

describe('reload guard', () => {
  it('reloads only an old build, at most once per 10 seconds', () => {
    expect(shouldReload('a', 'a', 0, 100_000)).toBe(false);
    expect(shouldReload('a', 'b', 0, 100_000)).toBe(true);
    expect(shouldReload('a', 'b', 95_000, 100_000)).toBe(false);
    expect(shouldReload('a', 'b', 100_000 - RELOAD_GUARD_MS, 100_000)).toBe(true);
    expect(shouldReload(null, 'b', 0, 100_000)).toBe(false);
  });

  it('asks the server, remembers the reload time and reloads', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ buildId: 'new' }))) as unknown as typeof globalThis.fetch;
    expect(await checkBuild('old', { fetch, storage, reload, now: () => 50_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await checkBuild('old', { fetch, storage, reload, now: () => 55_000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => Promise.reject(new Error('offline'))) as unknown as typeof globalThis.fetch;
    expect(await checkBuild('old', { fetch: failing, storage, reload, now: () => 90_000 })).toBe(false);
  });
});
