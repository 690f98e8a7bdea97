import type { Locale } from '../contract/common';
import type { CategoryMenuItem } from '../contract/content';
import { ttlMemo } from '../cache/ttl-memo';
import { callPageData } from './server-client';
import { loadSetting } from './settings';

/** Snippets the shop owner sets (analytics, banners): injected on every page. */
export interface ExtraScripts {
  head: string;
  body: string;
}

export interface FrameData {
  menu: CategoryMenuItem[];
  scripts: ExtraScripts;
}

// One fetch per locale per process and 3 hours (spec: menu cache): every page of a build
// shares it, and on-demand pages do not ask each time.
const FRAME_TTL_MS = 3 * 60 * 60 * 1000;
const EMPTY_FRAME: FrameData = { menu: [], scripts: { head: '', body: '' } };

async function fetchFrame(locale: Locale): Promise<FrameData> {
  const [menu, head, ecsysHead, body] = await Promise.all([
    callPageData(locale, 'getCategoryMenu').then((m) => m.results),
    loadSetting('DEFAULT_EXTRA_SCRIPT_HEAD'),
    loadSetting('ECSYS_EXTRA_SCRIPT_HEAD'),
    loadSetting('DEFAULT_EXTRA_SCRIPT'),
  ]);
  return { menu, scripts: { head: [head, ecsysHead].filter(Boolean).join('\n'), body } };
}

/**
 * Moved by the server's page regeneration when the menu or the extra scripts changed, so the
 * pages regenerated after it show the new ones at once.
 */
const frameVersion = () => (globalThis as { __SHOP_FRAME_VERSION__?: number }).__SHOP_FRAME_VERSION__ ?? 0;
let cachedVersion = frameVersion();

const frames = ttlMemo(fetchFrame, { ttlMs: FRAME_TTL_MS });

export function loadFrame(locale: Locale): Promise<FrameData> {
  if (frameVersion() !== cachedVersion) {
    cachedVersion = frameVersion();
    frames.clear();
  }
  return frames.get(locale).catch((error: unknown) => {
    // An error page must still render when the API is down: with the last menu that loaded
    // (or none), and not remembered, so the next page asks again.
    console.error('[frame] unavailable:', error instanceof Error ? error.message : error);
    return frames.lastGood(locale) ?? EMPTY_FRAME;
  });
}
