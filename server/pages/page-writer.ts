// Renders one page (or payload) of one locale through the on-demand routes and writes it where
// the server and nginx read static files, atomically and precompressed; a page that no longer
// renders (404) has its files deleted. Concurrent requests for the same file share one render.
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES } from '../../src/lib/contract/locales';
import type { Locale } from '../../src/lib/i18n/locales';
import { brotliQualityOf, compressBeside, writeAtomically } from '../build-site';
import { freshRouteOf } from './shell-pages';

export interface Rendered {
  status: number;
  body: Buffer;
}

/** Renders an on-demand route ("/fresh/it/p/tappo") in this process. */
export type RenderRoute = (url: string) => Promise<Rendered>;

export const PAYLOAD_FILE = 'payload.json';

/** The file of a page or of its payload, relative to dist/client. */
export const pageFileOf = (locale: Locale, page: string, payload: boolean) => `${locale}/${page}/${payload ? PAYLOAD_FILE : 'index.html'}`;

export type WriteOutcome = 'written' | 'deleted' | 'failed';

export interface PageWriter {
  /** Renders and writes (or deletes) one file; answers what it did and what was rendered. */
  write(locale: Locale, page: string, payload: boolean): Promise<{ outcome: WriteOutcome; rendered?: Rendered }>;
  /** Every page that has a file now (paths without locale), for changes every page carries. */
  listPages?(): Promise<string[]>;
}

/** Page paths of the files in the locale folders ("p/tappo", "cart", "home"). */
async function pagesOnDisk(clientDir: string): Promise<string[]> {
  const pages = new Set<string>();
  for (const locale of LOCALES) {
    const root = path.join(clientDir, locale);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isFile() && entry.name === 'index.html') {
        const dir = path.relative(root, entry.parentPath);
        if (dir) pages.add(dir.split(path.sep).join('/'));
      }
    }
  }
  return [...pages];
}

export function pageWriter(clientDir: string, render: RenderRoute, onFileChanged: (relative: string) => void): PageWriter {
  const inFlight = new Map<string, Promise<{ outcome: WriteOutcome; rendered?: Rendered }>>();

  async function writeNow(locale: Locale, page: string, payload: boolean) {
    const relative = pageFileOf(locale, page, payload);
    const file = path.join(clientDir, relative);
    const rendered = await render(freshRouteOf(locale, page, payload));
    if (rendered.status === 404) {
      await Promise.all(['', '.br', '.gz'].map((ext) => rm(file + ext, { force: true })));
      onFileChanged(relative);
      return { outcome: 'deleted' as const, rendered };
    }
    if (rendered.status !== 200) return { outcome: 'failed' as const, rendered };
    await mkdir(path.dirname(file), { recursive: true });
    // Compressed copies first: a reader that sees the new page never gets an older .br of it.
    if (!(await compressBeside(file, rendered.body, brotliQualityOf(relative)))) {
      await Promise.all(['.br', '.gz'].map((ext) => rm(file + ext, { force: true })));
    }
    await writeAtomically(file, rendered.body);
    onFileChanged(relative);
    return { outcome: 'written' as const, rendered };
  }

  return {
    listPages: () => pagesOnDisk(clientDir),
    write(locale, page, payload) {
      const key = pageFileOf(locale, page, payload);
      let running = inFlight.get(key);
      if (!running) {
        running = writeNow(locale, page, payload).finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      return running;
    },
  };
}
