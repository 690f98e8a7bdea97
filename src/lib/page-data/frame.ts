import type { Paged, Locale } from '../contract/common';
import type { CategoryMenuItem } from '../contract/content';
import { fetchPageData } from './server-client';

export interface FrameData {
  menu: CategoryMenuItem[];
}

// One menu fetch per locale per process: every page of a build shares it.
const cache = new Map<Locale, Promise<FrameData>>();
const MENU_TTL_MS = 3 * 60 * 60 * 1000;
let cachedAt = Date.now();

export function loadFrame(locale: Locale): Promise<FrameData> {
  if (Date.now() - cachedAt > MENU_TTL_MS) {
    cache.clear();
    cachedAt = Date.now();
  }
  let entry = cache.get(locale);
  if (!entry) {
    entry = fetchPageData<Paged<CategoryMenuItem>>(locale, 'categories/menu/').then(
      (m) => ({ menu: m.results }),
      (error: unknown) => {
        // An error page must still render when the API is down: without a menu, and not cached.
        console.error('[frame] menu unavailable:', error instanceof Error ? error.message : error);
        cache.delete(locale);
        return { menu: [] };
      },
    );
    cache.set(locale, entry);
  }
  return entry;
}
