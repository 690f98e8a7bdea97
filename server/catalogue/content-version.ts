// The catalogue's change marker: the newest page_changes note (migration 0003). Database triggers
// write a note for every change to what a page shows, whoever makes it, and never for a sale, so
// the marker moves with content and not with stock. Reading it is one index probe on the primary
// key; it is still read at most once per interval, whatever the number of requests, and the
// instances of one database all see the same marker.
import type { Db } from '../db/client';
import { lastChangeId } from '../pages/page-changes';

export interface ContentVersion {
  /** The marker, read again when the last reading is older than the interval. */
  current(db: Db): Promise<number>;
}

export function contentVersion(options: { intervalMs: number; clock?: () => number }): ContentVersion {
  const clock = options.clock ?? Date.now;
  let known: { id: number; readAt: number } | undefined;
  // Requests that find the reading stale together share one query.
  let reading: Promise<number> | undefined;
  return {
    current(db) {
      if (known && clock() - known.readAt < options.intervalMs) return Promise.resolve(known.id);
      reading ??= lastChangeId(db)
        .then((id) => {
          known = { id, readAt: clock() };
          return id;
        })
        .finally(() => (reading = undefined));
      return reading;
    },
  };
}
