import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../browser/storage';
import { MENU_CACHE_TTL_MS } from '../cache/timed-cache';
import type { CategoryMenuItem } from '../contract/content';
import { cachedMenu, menuSignature } from './menu-cache';

const item = (slug: string, name: string, children: CategoryMenuItem[] = []): CategoryMenuItem => ({ id: 1, slug, name, color: null, parent_id: null, has_children: children.length > 0, children });

describe('menu cache (spec section 9: 3 hours)', () => {
  it('asks the API once, then again only after 3 hours', async () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const load = vi.fn(async () => [item('enologia', 'Enologia')]);
    const options = { storage, load, now: () => now };
    expect(await cachedMenu('it', options)).toEqual([item('enologia', 'Enologia')]);
    now += MENU_CACHE_TTL_MS - 1;
    await cachedMenu('it', options);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    load.mockResolvedValueOnce([item('birra', 'Birra')]);
    expect(await cachedMenu('it', options)).toEqual([item('birra', 'Birra')]);
    expect(load).toHaveBeenCalledTimes(2);
    // Each language has its own copy.
    await cachedMenu('en', options);
    expect(load).toHaveBeenLastCalledWith('en');
  });

  it('answers undefined when the API fails, so the page keeps its built menu', async () => {
    expect(await cachedMenu('it', { storage: memoryStorage(), load: async () => { throw new Error('down'); } })).toBeUndefined();
    expect(await cachedMenu('it', { storage: memoryStorage(), load: async () => undefined })).toBeUndefined();
  });

  it('tells a changed menu (name, order, sub-category) from the same one', () => {
    const a = [item('enologia', 'Enologia', [item('lieviti', 'Lieviti')]), item('birra', 'Birra')];
    expect(menuSignature(a)).toBe(menuSignature(structuredClone(a)));
    expect(menuSignature(a)).not.toBe(menuSignature([a[1]!, a[0]!]));
    expect(menuSignature(a)).not.toBe(menuSignature([item('enologia', 'Enologia', [item('lieviti', 'Lieviti secchi')]), a[1]!]));
  });
});
