// Sync rows from what an integration sends: a CSV file as spreadsheets and ERPs export it
// (semicolon, comma or tab; UTF-8 with or without BOM; quoted fields; an optional header line),
// or a JSON list of objects. Every problem is collected with its line, not only the first.
import { CsvError, parse } from 'csv-parse/sync';
import { MAX_SYNC_ROWS, SYNC_COLUMNS, readCode, readPrice, readQuantity, noteRepeats, type PriceRow, type RowProblem, type StockRow, type SyncKind } from './sync-rows';

export interface ReadRows<R> {
  rows: R[];
  problems: RowProblem[];
}

interface RawRow {
  line: number;
  unit: 'line' | 'item';
  /** The values by column name. */
  values: Record<string, unknown>;
}

/** The delimiter of the first line: a semicolon wins, as a decimal comma is common in prices. */
function delimiterOf(text: string): string {
  const first = /^[^\r\n]*\S[^\r\n]*$/m.exec(text)?.[0] ?? '';
  if (first.includes(';')) return ';';
  if (first.includes('\t')) return '\t';
  return ',';
}

function csvRows(kind: SyncKind, text: string, problems: RowProblem[]): RawRow[] {
  const columns: readonly string[] = SYNC_COLUMNS[kind];
  const records: { line: number; fields: string[] }[] = [];
  try {
    parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (fields: string[], context) => {
        records.push({ line: context.lines, fields });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : records.length + 1;
    problems.push({ line, column: null, problem: `cannot be read as CSV (${error.message.replace(/^Invalid [^:]*: /, '')})`, code: 'malformed' });
  }
  // A header line names the first column: it is skipped, not read as data.
  if (records[0]?.fields[0]?.trim().toLowerCase() === columns[0]) records.shift();
  const rows: RawRow[] = [];
  for (const { line, fields } of records) {
    if (fields.length !== columns.length) {
      problems.push({ line, column: null, problem: `has ${fields.length} columns; expected ${columns.length}: ${columns.join(';')}`, code: 'columns' });
      continue;
    }
    rows.push({ line, unit: 'line', values: Object.fromEntries(columns.map((c, i) => [c, fields[i]])) });
  }
  return rows;
}

function jsonRows(kind: SyncKind, data: unknown, problems: RowProblem[]): RawRow[] {
  const columns: readonly string[] = SYNC_COLUMNS[kind];
  if (!Array.isArray(data)) {
    problems.push({ line: 1, unit: 'item', column: null, problem: `the body must be a JSON list of objects with ${columns.join(', ')}`, code: 'type' });
    return [];
  }
  const rows: RawRow[] = [];
  data.forEach((item: unknown, i) => {
    const line = i + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ line, unit: 'item', column: null, problem: `is not an object with ${columns.join(', ')}`, code: 'type' });
      return;
    }
    const values = item as Record<string, unknown>;
    const unknown = Object.keys(values).filter((k) => !columns.includes(k));
    for (const key of unknown) problems.push({ line, unit: 'item', column: key.slice(0, 60), problem: `is not a field of a ${kind} row (${columns.join(', ')})`, code: 'unknown_field' });
    if (unknown.length === 0) rows.push({ line, unit: 'item', values });
  });
  return rows;
}

/** A code field of JSON must be text; a file's always is. */
function textOf(row: RawRow, column: string, problems: RowProblem[]): string | undefined {
  const value = row.values[column];
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) problems.push({ line: row.line, unit: row.unit, column, problem: 'is missing; a code is needed', code: 'required' });
  else problems.push({ line: row.line, unit: row.unit, column, value: JSON.stringify(value).slice(0, 60), problem: 'is not a code (text)', code: 'type' });
  return undefined;
}

/** The problems found from here on are about `row` (its unit: line or item). */
function about(row: RawRow, problems: RowProblem[], read: (into: RowProblem[]) => void): void {
  const found: RowProblem[] = [];
  read(found);
  for (const p of found) problems.push({ ...p, unit: row.unit });
}

function rawRows(kind: SyncKind, body: { text: string } | { json: unknown }, problems: RowProblem[]): RawRow[] {
  const rows = 'text' in body ? csvRows(kind, body.text, problems) : jsonRows(kind, body.json, problems);
  if (rows.length > MAX_SYNC_ROWS) {
    problems.push({ line: rows[MAX_SYNC_ROWS]!.line, unit: rows[0]!.unit, column: null, problem: `is past the limit of ${MAX_SYNC_ROWS} rows per call; send the rest in another call`, code: 'too_many' });
    return rows.slice(0, MAX_SYNC_ROWS);
  }
  return rows;
}

export function readStockRows(body: { text: string } | { json: unknown }): ReadRows<StockRow> {
  const problems: RowProblem[] = [];
  const rows: StockRow[] = [];
  for (const raw of rawRows('stock', body, problems)) {
    about(raw, problems, (found) => {
      const text = textOf(raw, 'code', found);
      const code = text === undefined ? undefined : readCode(raw.line, 'code', text, found);
      const quantity = readQuantity(raw.line, raw.values.quantity, found);
      if (code !== undefined && quantity !== undefined) rows.push({ line: raw.line, code, quantity });
    });
  }
  noteRepeats(rows, (r) => r.code, 'code', (r) => r.code, problems, 'text' in body ? 'line' : 'item');
  return { rows, problems: sorted(problems, 'text' in body ? 'line' : 'item') };
}

export function readPriceRows(body: { text: string } | { json: unknown }): ReadRows<PriceRow> {
  const problems: RowProblem[] = [];
  const rows: PriceRow[] = [];
  for (const raw of rawRows('prices', body, problems)) {
    about(raw, problems, (found) => {
      const customerText = textOf(raw, 'customer', found);
      const customer = customerText === undefined ? undefined : readCode(raw.line, 'customer', customerText, found);
      const codeText = textOf(raw, 'code', found);
      const code = codeText === undefined ? undefined : readCode(raw.line, 'code', codeText, found);
      const cents = readPrice(raw.line, raw.values.price, found);
      if (customer !== undefined && code !== undefined && cents !== undefined) rows.push({ line: raw.line, customer, code, cents });
    });
  }
  noteRepeats(rows, (r) => `${r.customer}\u0000${r.code}`, 'code', (r) => r.code, problems, 'text' in body ? 'line' : 'item');
  return { rows, problems: sorted(problems, 'text' in body ? 'line' : 'item') };
}

/** In the order of the file, each with the unit it counts in. */
const sorted = (problems: RowProblem[], unit: 'line' | 'item') => problems.map((p) => ({ ...p, unit: p.unit ?? unit })).sort((a, b) => a.line - b.line);
