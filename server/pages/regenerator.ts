// Regenerates pages in the background: every interval it looks for new change notes, claims
// them (one instance per range), renders the pages they touch in every locale, writes the files
// and tells the CDN (purge webhook). Stock changes write no note, so sales regenerate nothing.
import { LOCALES } from '../../src/lib/i18n/locales';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/faults';
import { adoptBuild, changesAfter, claim, cursorAt, done, postsPublishedBetween, pruneChanges, release, sharedCursor, type PageChange } from './page-changes';
import { FRAME_SETTINGS, pagesFor, type PageTarget } from './page-targets';
import type { PageWriter } from './page-writer';
import { publicPathOf, tagsOfPage } from './page-tags';

export const REGEN_INTERVAL_MS = 2_000;
/** Notes claimed at once: a large import is regenerated in several rounds. */
const BATCH = 500;
/** Files rendered at the same time (each render waits on the database as much as on the CPU). */
const CONCURRENCY = 4;
/**
 * Rounds a range of notes is tried again when some of its pages did not render (the database
 * dropped the connection mid-round): then it is marked done anyway, so one page that never
 * renders does not hold every later change back.
 */
const ROUND_RETRIES = 3;

export interface RegeneratorOptions {
  db: Db;
  writer: PageWriter;
  build: { buildId: string; dataAsOf: Date; changesAsOf?: number };
  intervalMs?: number;
  /** Called with what changed after each round (the CDN purge). */
  onRegenerated?: (change: { paths: string[]; tags: string[] }) => void;
  log?: (message: string) => void;
}

export interface Regenerator {
  /** One round now: claims and renders what is waiting; answers the number of files written or deleted. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

export function createRegenerator(options: RegeneratorOptions): Regenerator {
  const { db, writer } = options;
  const log = options.log ?? ((m: string) => console.log(`[pages] ${m}`));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let adopted = false;
  let publishedCheck = options.build.dataAsOf;
  let retried = { to: -1, times: 0 };
  let unavailableLogged = false;

  async function render(targets: PageTarget[]): Promise<{ files: number; failed: number; paths: string[]; tags: Set<string> }> {
    const jobs = targets.flatMap((t) => LOCALES.flatMap((locale) => [{ locale, t, payload: false }, ...(t.payload ? [{ locale, t, payload: true }] : [])]));
    const paths = new Set<string>();
    const tags = new Set<string>();
    let files = 0;
    let failed = 0;
    await inPool(jobs, CONCURRENCY, async ({ locale, t, payload }) => {
      try {
        const { outcome } = await writer.write(locale, t.page, payload);
        if (outcome === 'failed') {
          failed++;
          return log(`could not render ${locale}/${t.page}${payload ? '/payload.json' : ''}`);
        }
        files++;
        paths.add(publicPathOf(t.page, payload));
        for (const tag of tagsOfPage(t.page)) tags.add(tag);
        tags.add(`locale:${locale}`);
      } catch (error) {
        failed++;
        log(`could not render ${locale}/${t.page}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return { files, failed, paths: [...paths], tags };
  }

  async function round(): Promise<number> {
    if (!adopted) {
      await adoptBuild(db, options.build.buildId, options.build.changesAsOf ?? (await cursorAt(db, options.build.dataAsOf)));
      adopted = true;
    }
    const from = await sharedCursor(db);
    if (from === null) {
      adopted = false;
      return 0;
    }
    const notes: PageChange[] = await changesAfter(db, from, BATCH);
    // Posts scheduled for later appear on their publication time, with no write to note.
    const now = new Date();
    const due = await postsPublishedBetween(db, publishedCheck, now);
    publishedCheck = now;
    const scheduled: PageChange[] = due.map((p) => ({ id: 0, kind: 'post', refId: p.id, slug: p.slug }));
    if (notes.length === 0 && scheduled.length === 0) return 0;
    const to = notes.length > 0 ? notes[notes.length - 1]!.id : from;
    if (notes.length > 0 && !(await claim(db, from, to))) return 0; // another instance has them
    const started = Date.now();
    // The menu (categories) and the owner's extra scripts are in every page's frame.
    if (notes.some((n) => n.kind === 'category' || (n.kind === 'setting' && n.slug !== null && FRAME_SETTINGS.has(n.slug)))) {
      const g = globalThis as { __SHOP_FRAME_VERSION__?: number };
      g.__SHOP_FRAME_VERSION__ = (g.__SHOP_FRAME_VERSION__ ?? 0) + 1;
    }
    const targets = await pagesFor(db, [...notes, ...scheduled], { allPages: writer.listPages });
    const { files, failed, paths, tags } = await render(targets);
    log(`${notes.length + scheduled.length} change(s): ${files} file(s) regenerated in ${Date.now() - started} ms${failed ? `, ${failed} failed` : ''}`);
    if (files > 0) options.onRegenerated?.({ paths, tags: [...tags] });
    if (failed > 0 && notes.length > 0) {
      retried = retried.to === to ? { to, times: retried.times + 1 } : { to, times: 1 };
      if (retried.times <= ROUND_RETRIES) {
        await release(db, from, to);
        throw new Error(`${failed} page(s) of changes ${from + 1}-${to} did not render (try ${retried.times} of ${ROUND_RETRIES})`);
      }
    }
    if (notes.length > 0) await done(db, from, to);
    if (notes.length > 0) await pruneChanges(db, from).catch(() => {});
    return files;
  }

  const runOnce = () => {
    running ??= round().finally(() => (running = undefined));
    return running;
  };

  return {
    runOnce,
    start() {
      const tick = () => {
        runOnce()
          .then(() => (unavailableLogged = false))
          .catch((error: unknown) => {
            // A database that is away is said once per outage, not every interval.
            const unavailable = isDatabaseUnavailable(error);
            if (unavailable && !unavailableLogged) log('round failed: the database is unavailable (retried every round, said once per outage)');
            else if (!unavailable) log(`round failed (retried next time): ${error instanceof Error ? error.message : String(error)}`);
            unavailableLogged = unavailable;
          })
          .finally(() => {
            if (timer) timer = setTimeout(tick, options.intervalMs ?? REGEN_INTERVAL_MS).unref();
          });
      };
      timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
