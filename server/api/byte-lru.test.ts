import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru';

const sized = (bytes: number) => ({ bytes });

describe('ByteLru', () => {
  it('evicts the least recently used entries once the bytes pass the bound', () => {
    const lru = new ByteLru<{ bytes: number }>(300, 2);
    lru.set('a', sized(100));
    lru.set('b', sized(100));
    lru.get('a'); // b is now the oldest
    lru.set('c', sized(100));
    expect([lru.get('a'), lru.get('b'), lru.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(lru.bytes).toBe(202); // values and their keys
  });

  it('does not keep one value above its share, and keeps the bytes right on replace and delete', () => {
    const lru = new ByteLru<{ bytes: number }>(800, 8);
    lru.set('big', sized(200));
    expect(lru.size).toBe(0);
    lru.set('k', sized(50));
    lru.set('k', sized(20));
    expect(lru.bytes).toBe(21);
    lru.delete('k');
    expect(lru.bytes).toBe(0);
  });
});
