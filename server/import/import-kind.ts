// What every kind of import file provides, so the runner (and kinds added later, such as stock and
// prices) share the reading, the all-or-nothing transaction, the dry run and the summary.
import type { Db } from '../db/client';
import type { ColumnSet } from './column-set';
import type { ImportProblem } from './import-problems';
import type { SourceTable } from './read-rows';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ImportOptions {
  /** Records of this kind that the file does not name are retired (each kind says how). */
  deleteMissing: boolean;
  /** Folder the picture file names are looked up in; without it they must be in the shop's media already. */
  imagesDir?: string;
  /** The shop's media folder (served at /media). */
  mediaDir?: string;
  dryRun: boolean;
  /** Users kinds: mail the users of the file who never signed in a link to choose their password. */
  invite?: boolean;
  /** The shop's public address, for the links mailed with --invite. */
  siteUrl?: string;
  /** Progress for long files, one line at a time (the CLI prints it on stderr). */
  progress: (message: string) => void;
  /** Written in the import's own transaction after the rows, on a real run only (the management API's audit entry). */
  afterWrite?: (tx: Tx, counts: ImportCounts[]) => Promise<void>;
}

/** What happened to the records of one kind (products, variants, categories…). */
export interface ImportCounts {
  records: string;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Retired by --delete-missing (unpublished, deactivated or deleted: the kind's notes say). */
  retired: number;
  /** Lines that explain a figure, e.g. why a variant was kept. */
  notes: string[];
}

export const emptyCounts = (records: string): ImportCounts => ({ records, created: 0, updated: 0, unchanged: 0, skipped: 0, retired: 0, notes: [] });

/** A checked file, ready to write inside the runner's transaction. */
export interface ImportPlan {
  /** Work outside the database that must happen before the rows are written (copying pictures). */
  prepareFiles?: () => Promise<void>;
  write(tx: Tx): Promise<ImportCounts[]>;
}

export interface ImportKind {
  name: string;
  columns: ColumnSet;
  /** Reads and checks every row against the file and the database; writes nothing. */
  plan(db: Db, table: SourceTable, options: ImportOptions): Promise<{ problems: ImportProblem[]; plan?: ImportPlan }>;
}
