// Turns an import file into rows of named text cells: CSV as spreadsheets export it (comma or
// semicolon, detected from the header line; UTF-8 with or without BOM; quoted fields, line breaks
// inside quotes) or JSON lines. Every row keeps the line it starts on, so problems can name it.
import { CsvError, parse } from 'csv-parse/sync';
import type { ImportProblem } from './import-problems';

export interface SourceRow {
  /** The line the row starts on (in CSV the header is line 1). */
  line: number;
  cells: Map<string, string>;
}

export interface SourceTable {
  format: 'csv' | 'jsonl';
  columns: string[];
  /** The line of the column names (1 in CSV; 0 in JSON lines, where every row names its own). */
  headerLine: number;
  rows: SourceRow[];
  /** Rows with no value in any cell (a spreadsheet's empty rows under its data), left out. */
  skipped: number;
}

export type ReadResult = { table: SourceTable; problems: [] } | { table: undefined; problems: ImportProblem[] };

/** Longest row accepted: far above any real product, low enough that a broken file cannot eat the memory. */
export const MAX_ROW_BYTES = 1_000_000;

const fail = (message: string, line = 0): ReadResult => ({ table: undefined, problems: [{ line, message, code: 'file' }] });

function decodeUtf8(bytes: Uint8Array): { text: string } | { error: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { error: 'the file is UTF-16 text; save it as "CSV UTF-8" (or UTF-8 text) and try again' };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text };
  } catch {
    const at = firstInvalidLine(bytes);
    return { error: `the file is not UTF-8 text (first bad character on line ${at}); save it as "CSV UTF-8" and try again` };
  }
}

function firstInvalidLine(bytes: Uint8Array): number {
  let line = 1;
  let start = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return line;
}

/** Semicolon when the header has more of them than commas (outside quotes): what Excel writes where the decimal mark is a comma. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

const looksLikeJsonLines = (fileName: string, text: string) => /\.(jsonl|ndjson)$/i.test(fileName) || text.trimStart().startsWith('{');

export function readRows(bytes: Uint8Array, fileName: string): ReadResult {
  const decoded = decodeUtf8(bytes);
  if ('error' in decoded) return fail(decoded.error);
  const text = decoded.text;
  if (!text.trim()) return fail('the file is empty');
  return looksLikeJsonLines(fileName, text) ? readJsonLines(text) : readCsv(text);
}

interface CsvRecord {
  record: string[];
  info: { bytes: number };
}

function readCsv(text: string): ReadResult {
  const body = text.replace(/^\uFEFF/, '');
  let records: CsvRecord[];
  try {
    records = parse(body, {
      delimiter: detectDelimiter(body),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_BYTES,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as unknown as { lines: number }).lines : 0;
    return fail(csvErrorMessage(error), line);
  }
  if (!records.length) return fail('the file is empty');
  // Where each record starts, from the byte offset csv-parse reports at its end (its line count
  // is off after CRLF line breaks): the first non-blank byte after the previous record.
  const bytes = Buffer.from(body);
  const newlines: number[] = [];
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) newlines.push(i);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  let recordEnd = 0;
  const startLine = (r: CsvRecord) => {
    let at = recordEnd;
    while (at < bytes.length && (bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x20 || bytes[at] === 0x09)) at++;
    recordEnd = r.info.bytes;
    return lineAt(at);
  };
  const header = records[0]!;
  const headerLine = startLine(header);
  const columns = header.record.map((c) => c.trim());
  const problems: ImportProblem[] = [];
  const rows: SourceRow[] = [];
  let skipped = 0;
  for (const r of records.slice(1)) {
    const line = startLine(r);
    if (r.record.every((cell) => cell.trim() === '')) {
      skipped++;
      continue;
    }
    if (r.record.length > columns.length && r.record.slice(columns.length).some((c) => c.trim() !== '')) {
      problems.push({ line, message: `has ${r.record.length} fields but the header names ${columns.length} columns (a separator inside a value needs quotes)` });
      continue;
    }
    const cells = new Map<string, string>();
    columns.forEach((name, i) => cells.set(name, r.record[i] ?? ''));
    rows.push({ line, cells });
  }
  if (problems.length) return { table: undefined, problems };
  return { table: { format: 'csv', columns, headerLine, rows, skipped }, problems: [] };
}

function csvErrorMessage(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted value is never closed (a " is missing)';
    case 'CSV_MAX_RECORD_SIZE':
      return `a row is longer than ${MAX_ROW_BYTES / 1_000_000} MB (a quote left open?)`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quote inside a quoted value must be doubled ("")';
    default:
      return `the file is not readable as CSV (${error.message})`;
  }
}

function readJsonLines(text: string): ReadResult {
  const problems: ImportProblem[] = [];
  const rows: SourceRow[] = [];
  const columns: string[] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    if (raw.length > MAX_ROW_BYTES) {
      problems.push({ line, message: `is longer than ${MAX_ROW_BYTES / 1_000_000} MB` });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      problems.push({ line, message: 'is not a JSON object (one object per line)' });
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      problems.push({ line, message: 'is not a JSON object (one object per line)' });
      return;
    }
    const cells = new Map<string, string>();
    for (const [key, value] of Object.entries(parsed)) {
      const cell = jsonCell(value);
      if (cell === undefined) {
        problems.push({ line, column: key, message: 'must be a text, a number, true/false, null or a list of texts' });
        continue;
      }
      cells.set(key, cell);
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
    rows.push({ line, cells });
  });
  if (problems.length) return { table: undefined, problems };
  if (!rows.length) return fail('the file is empty');
  return { table: { format: 'jsonl', columns, headerLine: 0, rows, skipped: 0 }, problems: [] };
}

/** JSON values as the text a spreadsheet cell would hold; lists become "a|b". */
function jsonCell(value: unknown): string | undefined {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((x) => typeof x === 'string' || typeof x === 'number')) return value.join('|');
  return undefined;
}
