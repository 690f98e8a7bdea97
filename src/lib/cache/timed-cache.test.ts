import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../browser/storage';
import { cachedItem, DEFAULT_CACHE_TTL_MS, readCached, SETTINGS_CACHE_TTL_MS } from './timed-cache';

describe('cachedItem', () => {
  it('loads once, then answers from the cache until the item is 30 minutes old', async () => {
    let time = 0;
    const storage = memoryStorage();
    const load = vi.fn(async () => `v${load.mock.calls.length}`);
    const options = { storage, now: () => time };
    expect(await cachedItem('k', load, options)).toBe('v1');
    time = DEFAULT_CACHE_TTL_MS - 1;
    expect(await cachedItem('k', load, options)).toBe('v1');
    time = DEFAULT_CACHE_TTL_MS;
    expect(await cachedItem('k', load, options)).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refetches when forced, and keeps the old value when a load fails', async () => {
    const storage = memoryStorage();
    const options = { storage, now: () => 0 };
    await cachedItem('k', async () => 'old', options);
    expect(await cachedItem('k', async () => 'new', { ...options, force: true })).toBe('new');
    expect(await cachedItem('k', async () => undefined, { ...options, force: true })).toBeUndefined();
    expect(readCached('k', options)).toBe('new');
  });

  it('keeps settings for 12 hours', async () => {
    let time = 0;
    const storage = memoryStorage();
    const options = { storage, now: () => time, ttlMs: SETTINGS_CACHE_TTL_MS };
    await cachedItem('SEASONS_ENABLED', async () => 'false', options);
    time = 11 * 60 * 60 * 1000;
    expect(readCached('SEASONS_ENABLED', options)).toBe('false');
    time = 12 * 60 * 60 * 1000;
    expect(readCached('SEASONS_ENABLED', options)).toBeUndefined();
  });
});
