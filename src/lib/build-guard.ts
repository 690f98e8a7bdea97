// Notices a new deploy while a tab stays open: pages carry their build id, the server answers
// the current one; a tab on an old build reloads, at most once per RELOAD_GUARD_MS.

export const BUILD_MANIFEST_PATH = '/build-manifest.json';
export const RELOAD_GUARD_MS = 10_000;
const LAST_RELOAD_KEY = 'shop:build-reload-at';

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Whether a tab built as `pageBuildId` should reload, given the server's build id now. */
export function shouldReload(pageBuildId: string | null, currentBuildId: string | null, lastReloadAt: number, now: number): boolean {
  if (!pageBuildId || !currentBuildId || pageBuildId === currentBuildId) return false;
  return now - lastReloadAt >= RELOAD_GUARD_MS;
}

export async function checkBuild(
  pageBuildId: string | null,
  deps: { fetch: typeof fetch; storage: GuardStorage; reload: () => void; now: () => number },
): Promise<boolean> {
  try {
    const response = await deps.fetch(BUILD_MANIFEST_PATH, { cache: 'no-store' });
    if (!response.ok) return false;
    const { buildId } = (await response.json()) as { buildId: string | null };
    const last = Number(deps.storage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (!shouldReload(pageBuildId, buildId, last, deps.now())) return false;
    deps.storage.setItem(LAST_RELOAD_KEY, String(deps.now()));
    deps.reload();
    return true;
  } catch {
    return false;
  }
}

/** Checks when the tab comes back into view and every few minutes while it is open. */
export function startBuildGuard(pageBuildId: string | null): void {
  const run = () =>
    void checkBuild(pageBuildId, { fetch: window.fetch.bind(window), storage: sessionStorage, reload: () => location.reload(), now: Date.now });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') run();
  });
  setInterval(run, 5 * 60 * 1000);
}
