// npm run export -- orders --since 2026-01-01 [--format csv|json] [--out FILE]: the orders for the
// owner's ERP or spreadsheet (ADR 0029, docs/orders-out.md). A file is written beside its name
// and renamed once whole, so an export that fails half way leaves no half file behind. Exit code
// 2 for a command line it cannot run, 1 for a failure while exporting. On PGlite run it while the
// shop is stopped (one process per data folder); on PostgreSQL at any time.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { EXPORT_USAGE, ExportUsageError, parseExportArgs, type ExportOptions } from './export-args';
import { writeOrderExport } from './order-export';

const say = (m: string) => console.error(`[export] ${m}`);

function optionsOrExit(argv: string[]): ExportOptions {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(EXPORT_USAGE);
    process.exit(0);
  }
  try {
    return parseExportArgs(argv);
  } catch (error) {
    if (!(error instanceof ExportUsageError)) throw error;
    say(error.message);
    console.error(`${EXPORT_USAGE.split('\n')[0]}\n(npm run export -- --help says what each option does)`);
    process.exit(2);
  }
}

const options = optionsOrExit(process.argv.slice(2));
const database = await openConfiguredDatabase(loadConfig());
const partial = options.out ? `${options.out}.partial` : undefined;
try {
  await database.migrate();
  const out = partial ? createWriteStream(partial) : process.stdout;
  const counts = await writeOrderExport(database.db, { ...options, end: partial !== undefined }, out);
  if (partial && options.out) await rename(partial, options.out);
  const since = options.since.getTime() === 0 ? 'ever' : `since ${options.since.toISOString()}`;
  say(`${counts.orders} order(s) placed ${since}, ${counts.rows} row(s), written as ${options.format.toUpperCase()} to ${options.out ?? 'standard output'}`);
} catch (error) {
  if (partial) await rm(partial, { force: true });
  // A file system error names its system call; anything else came from the database.
  const onFile = typeof (error as NodeJS.ErrnoException).syscall === 'string';
  const message = error instanceof Error ? error.message : String(error);
  say(onFile && options.out ? `cannot write ${options.out}: ${message}` : `the export failed: ${message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
