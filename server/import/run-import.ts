// One import, all or nothing: the whole file is read and checked first; a file with any problem
// writes nothing; a good one is written in one transaction (in batches of rows). A dry run
// writes too, inside a transaction it rolls back, so its summary is exactly what a real run does.
import type { Db } from '../db/client';
import type { ImportCounts, ImportKind, ImportOptions } from './import-kind';
import { sortProblems, type ImportProblem } from './import-problems';
import { readRows } from './read-rows';

export type ImportOutcome = { ok: true; counts: ImportCounts[]; dryRun: boolean } | { ok: false; problems: ImportProblem[] };

class DryRunRollback extends Error {
  constructor(readonly counts: ImportCounts[]) {
    super('dry run: rolled back');
  }
}

export async function runImport(db: Db, kind: ImportKind, file: { bytes: Uint8Array; name: string }, options: ImportOptions): Promise<ImportOutcome> {
  const read = readRows(file.bytes, file.name);
  if (!read.table) return { ok: false, problems: read.problems };
  options.progress(`${kind.name}: ${read.table.rows.length} rows read, checking`);
  const checked = await kind.plan(db, read.table, options);
  if (checked.problems.length || !checked.plan) return { ok: false, problems: sortProblems(checked.problems) };
  const plan = checked.plan;
  options.progress(`${kind.name}: checked, ${options.dryRun ? 'trying the writes (rolled back)' : 'writing'}`);
  if (!options.dryRun) await plan.prepareFiles?.();
  try {
    const counts = await db.transaction(async (tx) => {
      const written = await plan.write(tx);
      if (options.dryRun) throw new DryRunRollback(written);
      await options.afterWrite?.(tx, written);
      return written;
    });
    return { ok: true, counts, dryRun: false };
  } catch (error) {
    if (error instanceof DryRunRollback) return { ok: true, counts: error.counts, dryRun: true };
    throw error;
  }
}

export function formatCounts(c: ImportCounts): string {
  const retired = c.retired ? `, ${c.retired} retired` : '';
  return `${c.records}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped${retired}`;
}
