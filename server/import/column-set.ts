// The columns a kind of import file accepts, and a reader of one row's cells against them. A
// column that is absent leaves what it stands for untouched; a cell that is empty clears it (or
// takes the default); a required column must be there and filled on every row.
import { LOCALES, type Locale } from '../../src/lib/contract/locales';
import { readCell, type CellSchema } from './cell-values';
import type { ImportProblem, ImportProblemCode } from './import-problems';
import type { SourceRow, SourceTable } from './read-rows';

export interface ColumnSet {
  kind: string;
  /** Plain column names. */
  fixed: readonly string[];
  /** Columns given per language: `name` is written name_it, name_en, name_es. */
  localized: readonly string[];
  /** Whether `cf_<key>` columns (custom fields) are accepted. */
  customFields: boolean;
  required: readonly string[];
}

export const localizedName = (column: string, locale: Locale) => `${column}_${locale}`;

export const CUSTOM_FIELD_PREFIX = 'cf_';
const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export function accepts(set: ColumnSet, name: string): boolean {
  if (set.fixed.includes(name)) return true;
  if (set.localized.some((c) => LOCALES.some((l) => localizedName(c, l) === name))) return true;
  return set.customFields && name.startsWith(CUSTOM_FIELD_PREFIX) && CUSTOM_FIELD_KEY.test(name.slice(CUSTOM_FIELD_PREFIX.length));
}

/** Unknown, repeated and missing columns: a file with any of them is refused before its rows are read. */
export function checkColumns(set: ColumnSet, table: SourceTable): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const firstLineOf = (column: string) => (table.format === 'csv' ? table.headerLine : (table.rows.find((r) => r.cells.has(column))?.line ?? 1));
  const seen = new Set<string>();
  for (const column of table.columns) {
    if (seen.has(column)) problems.push({ line: firstLineOf(column), column, message: 'is named twice in the header', code: 'duplicate' });
    seen.add(column);
    if (!accepts(set, column)) {
      problems.push({ line: firstLineOf(column), column, message: `is not a ${set.kind} column (the columns are listed in docs/import.md)`, code: 'unknown_column' });
    }
  }
  for (const column of set.required) {
    if (!seen.has(column)) problems.push({ line: table.format === 'csv' ? table.headerLine : 0, column, message: 'is required and missing from the file', code: 'required' });
  }
  return problems;
}

export const customFieldColumns = (table: SourceTable) =>
  table.columns.filter((c) => c.startsWith(CUSTOM_FIELD_PREFIX)).map((c) => ({ column: c, key: c.slice(CUSTOM_FIELD_PREFIX.length) }));

/** One row's cells, read by type; every refusal lands in `problems` with the row's line. */
export class RowCells {
  constructor(
    readonly row: SourceRow,
    private readonly problems: ImportProblem[],
  ) {}

  get line() {
    return this.row.line;
  }

  has(column: string): boolean {
    return this.row.cells.has(column);
  }

  raw(column: string): string | undefined {
    return this.row.cells.get(column);
  }

  problem(column: string | undefined, message: string, value?: string, code?: ImportProblemCode) {
    this.problems.push({ line: this.row.line, column, value, message, code });
  }

  /** The value; undefined when the column is absent, the cell empty, or the value refused. */
  read<T>(column: string, schema: CellSchema<T>, options: { required?: boolean } = {}): T | undefined {
    const raw = this.row.cells.get(column);
    if (raw === undefined || raw.trim() === '') {
      if (options.required) this.problem(column, 'is empty; every row needs it', undefined, 'required');
      return undefined;
    }
    const cell = readCell(schema, raw);
    if (cell.ok) return cell.value;
    this.problem(column, cell.message, raw);
    return undefined;
  }
}

/**
 * The business keys a file has listed so far. A key listed again is a `duplicate` problem on its
 * row, naming the line it was first on; every kind says the same thing the same way.
 */
export class ListedOnce {
  private readonly lineOf = new Map<string, number>();

  /** True the first time `key` is seen; after that, notes the problem (`why` follows the line number). */
  first(cells: RowCells, column: string, key: string, value: string, why: string): boolean {
    const earlier = this.lineOf.get(key);
    if (earlier !== undefined) {
      cells.problem(column, `is already on line ${earlier}${why}`, value, 'duplicate');
      return false;
    }
    this.lineOf.set(key, cells.line);
    return true;
  }
}
