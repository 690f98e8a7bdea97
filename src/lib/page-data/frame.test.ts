import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFrame } from './frame';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const menu = [{ id: 1, slug: 'enologia', name: 'Enologia' }];

/** The in-process API: the menu and the settings, or 503 (no Retry-After, so no wait) while `down`. */
function api(state: { down: boolean }) {
  globalThis.__SHOP_API_FETCH__ = (request) => {
    if (state.down) return Promise.resolve(json({ detail: 'The shop is temporarily unavailable, try again in a moment.', error_list: [] }, 503));
    const path = new URL(request.url).pathname;
    if (path.endsWith('/categories/menu/')) return Promise.resolve(json({ count: 1, next: null, previous: null, results: menu }));
    return Promise.resolve(json({ detail: 'Unexpexted error', error_list: [], code: 'SettingNotFound' }, 500));
  };
}

afterEach(() => {
  globalThis.__SHOP_API_FETCH__ = undefined;
  vi.restoreAllMocks();
});

describe('loadFrame with the API away', () => {
  it('keeps the last menu that loaded instead of an empty one, and loads again once the API is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = { down: false };
    api(state);
    const g = globalThis as { __SHOP_FRAME_VERSION__?: number };
    const bump = () => (g.__SHOP_FRAME_VERSION__ = (g.__SHOP_FRAME_VERSION__ ?? 0) + 1);
    bump();
    expect((await loadFrame('en')).menu).toEqual(menu);
    state.down = true;
    bump();
    expect((await loadFrame('en')).menu).toEqual(menu);
    // A locale never loaded has no menu to keep: the page renders without one.
    expect((await loadFrame('es')).menu).toEqual([]);
    state.down = false;
    expect((await loadFrame('es')).menu).toEqual(menu);
  });
});
