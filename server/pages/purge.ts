// Tells a CDN what changed after pages were regenerated: POST {paths, tags} as JSON to
// PAGE_PURGE_URL (a small adapter there turns it into the CDN's purge call). Never blocks the
// regeneration: a few tries with growing pauses, then a log line.
const TRIES = 4;
const TIMEOUT_MS = 5_000;

export function purgeNotifier(url: string | undefined, log: (m: string) => void) {
  if (!url) return undefined;
  return (change: { paths: string[]; tags: string[] }) => {
    void (async () => {
      for (let attempt = 1; attempt <= TRIES; attempt++) {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(change),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          if (response.ok) return;
          log(`[pages] purge answered ${response.status} (try ${attempt} of ${TRIES})`);
        } catch (error) {
          log(`[pages] purge failed (try ${attempt} of ${TRIES}): ${error instanceof Error ? error.message : String(error)}`);
        }
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt).unref());
      }
    })();
  };
}
