import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../browser/storage';
import { createLruCache } from './lru-cache';

function setup(maxEntries = 3, ttlMs = 1000) {
  let time = 0;
  const storage = memoryStorage();
  const cache = createLruCache<number>({ storage, storageKey: 'K', maxEntries, ttlMs, now: () => time });
  return { cache, storage, advance: (ms: number) => (time += ms) };
}

describe('createLruCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const { cache } = setup(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.get('d')).toBe(4);
    expect(cache.size()).toBe(3);
  });

  it('forgets entries older than the age limit', () => {
    const { cache, advance } = setup(3, 1000);
    cache.set('a', 1);
    advance(999);
    expect(cache.get('a')).toBe(1);
    advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('survives a reload from its storage and a corrupt value', () => {
    const { cache, storage } = setup();
    cache.set('a', 1);
    const again = createLruCache<number>({ storage, storageKey: 'K', maxEntries: 3, ttlMs: 1000, now: () => 0 });
    expect(again.get('a')).toBe(1);
    storage.setItem('K', '{not json');
    expect(again.get('a')).toBeUndefined();
    again.set('b', 2);
    expect(again.get('b')).toBe(2);
  });

  it('holds the 200 price entries of the spec', () => {
    const { cache } = setup(200, 3 * 60 * 60 * 1000);
    for (let i = 0; i < 250; i++) cache.set(`p${i}`, i);
    expect(cache.size()).toBe(200);
    expect(cache.get('p49')).toBeUndefined();
    expect(cache.get('p50')).toBe(50);
    cache.clear();
    expect(cache.size()).toBe(0);
  });
});
