// The demo shop's data files (samples/demo/), in the formats an owner imports, loaded through the
// same import functions `npm run import` runs: every first start proves the importer.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../config';
import type { Db } from '../db/client';
import type { ImportCounts } from '../import/import-kind';
import { formatProblem } from '../import/import-problems';
import { importKind } from '../import/kinds';
import { readRows } from '../import/read-rows';
import { runImport } from '../import/run-import';
import { syncPrices } from '../sync/price-sync';
import { readPriceRows } from '../sync/read-rows';

export const DEMO_DIR = path.join(ROOT_DIR, 'samples/demo');

/** The demo files in the order they import (each names what the ones before created), with their kind. */
export const DEMO_IMPORTS = [
  { kind: 'categories', file: 'categories.csv' },
  { kind: 'products', file: 'products.jsonl' },
  { kind: 'users', file: 'agents.csv' },
  { kind: 'customers', file: 'customers.csv' },
  { kind: 'users', file: 'users.csv' },
  { kind: 'addresses', file: 'addresses.csv' },
  { kind: 'prices', file: 'prices.csv' },
  { kind: 'season-prices', file: 'season-prices.csv' },
] as const;
export type DemoFile = (typeof DEMO_IMPORTS)[number]['file'];

const demoFile = async (file: string) => ({ bytes: new Uint8Array(await readFile(path.join(DEMO_DIR, file))), name: file });

/** The rows of a demo file that is no import (pictures.csv), as named cells. */
export async function demoFileRows(file: string): Promise<Map<string, string>[]> {
  const read = readRows((await demoFile(file)).bytes, file);
  if (!read.table) throw new Error(`samples/demo/${file}: ${read.problems.map(formatProblem).join('; ')}`);
  return read.table.rows.map((r) => r.cells);
}

/**
 * Imports one demo file as `npm run import -- <kind> samples/demo/<file>` would (prices by the
 * price sync, like `npm run import -- prices`). A problem is a broken demo: it throws, naming it.
 */
export async function importDemoFile(db: Db, file: DemoFile, options: { mediaDir?: string; dryRun?: boolean } = {}): Promise<ImportCounts[]> {
  const { kind: kindName } = DEMO_IMPORTS.find((d) => d.file === file)!;
  const source = await demoFile(file);
  if (kindName === 'prices') {
    const read = readPriceRows({ text: new TextDecoder().decode(source.bytes) });
    if (read.problems.length) throw new Error(`samples/demo/${file}: ${JSON.stringify(read.problems.slice(0, 5))}`);
    const summary = await syncPrices(db, read.rows, { dryRun: options.dryRun });
    return [{ records: 'prices', created: summary.created ?? 0, updated: summary.updated ?? 0, unchanged: summary.unchanged ?? 0, skipped: 0, retired: 0, notes: [] }];
  }
  const outcome = await runImport(db, importKind(kindName)!, source, {
    dryRun: options.dryRun ?? false,
    deleteMissing: false,
    mediaDir: options.mediaDir,
    progress: () => {},
  });
  if (!outcome.ok) throw new Error(`samples/demo/${file} does not import: ${outcome.problems.slice(0, 5).map(formatProblem).join('; ')}`);
  return outcome.counts;
}
