// The rows of a stock or price sync (ADR 0028), the problems found in them, and how a problem is
// told: "line 14, column price: '12,3,4' is not a price", for a file's line or a JSON item.
import type { ErrorItem } from '../../src/lib/contract/common';
import { hasInvalidCharacters } from '../../src/lib/rules/text';
import { shopError } from '../shop-errors';

export interface StockRow {
  line: number;
  code: string;
  quantity: number;
}

export interface PriceRow {
  line: number;
  customer: string;
  code: string;
  /** The net price in cents: compared and stored exactly. */
  cents: number;
}

export type SyncKind = 'stock' | 'prices';

/** The columns of each kind, in their order in a file. */
export const SYNC_COLUMNS = { stock: ['code', 'quantity'], prices: ['customer', 'code', 'price'] } as const satisfies Record<SyncKind, readonly string[]>;

export interface RowProblem {
  /** The file's line, or the item's place in a JSON list (from 1) when `unit` is 'item'. */
  line: number;
  unit?: 'line' | 'item';
  /** The column at fault; null when the whole line is. */
  column: string | null;
  value?: string;
  /** What is wrong, completing "line N, column C: 'value' …". */
  problem: string;
  code: string;
}

/** More rows than this in one call are refused: a bigger feed goes in several calls or through the file CLI. */
export const MAX_SYNC_ROWS = 50_000;
/** A file with more problems than this reports these and how many more there are. */
export const MAX_REPORTED_PROBLEMS = 500;
/** Codes of products, variants and customers are short; a longer value is a wrong column. */
const MAX_CODE_LENGTH = 100;
const MAX_QUANTITY = 2_147_483_647;
/** numeric(12,2): ten digits before the point. */
const MAX_PRICE_CENTS = 9_999_999_999_99;

const quoted = (value: string) => `'${value.length > 60 ? `${value.slice(0, 60)}…` : value}'`;

export function describeProblem(p: RowProblem): string {
  const at = `${p.unit ?? 'line'} ${p.line}`;
  const where = p.column === null ? at : `${at}, ${p.unit === 'item' ? 'field' : 'column'} ${p.column}`;
  return p.value === undefined ? `${where}: ${p.problem}` : `${where}: ${quoted(p.value)} ${p.problem}`;
}

/** The problems as the API's error_list, one entry per problem (at most MAX_REPORTED_PROBLEMS and a last one saying how many more). */
export function problemItems(problems: RowProblem[]): ErrorItem[] {
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS).map(
    (p): ErrorItem => ({ field: p.column, code: p.code, message: describeProblem(p), line: p.line, ...(p.value === undefined ? {} : { value: p.value }) }),
  );
  if (problems.length > shown.length) {
    shown.push({ field: null, code: 'more', message: `and ${problems.length - shown.length} more problems not listed` });
  }
  return shown;
}

/** The error a sync with problems answers: nothing was changed. */
export function rowsRefused(problems: RowProblem[]) {
  const n = new Set(problems.map((p) => p.line)).size;
  return shopError('ValidationFailed', problemItems(problems), `${n} ${n === 1 ? 'row has a problem' : 'rows have problems'}; nothing was changed.`);
}

/** A product, variant or customer code; a problem when it is not one. */
export function readCode(line: number, column: string, value: string, problems: RowProblem[]): string | undefined {
  const code = value.trim();
  if (code === '') problems.push({ line, column, problem: 'is empty; a code is needed', code: 'required' });
  else if (hasInvalidCharacters(code)) problems.push({ line, column, value: code, problem: 'contains characters that cannot be stored (NUL or a broken Unicode character)', code: 'invalid_characters' });
  else if (code.length > MAX_CODE_LENGTH) problems.push({ line, column, value: code, problem: `is not a code (longer than ${MAX_CODE_LENGTH} characters)`, code: 'max_length' });
  else return code;
  return undefined;
}

/**
 * A stock quantity: a whole number. JSON gives numbers, files give text. It may be negative, as
 * the shop's own stock of a backorderable product may (what is sold but not yet in).
 */
export function readQuantity(line: number, value: unknown, problems: RowProblem[]): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  const n = text !== undefined && /^[+-]?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isInteger(n) && Math.abs(n) <= MAX_QUANTITY) return n;
  const shown = text ?? JSON.stringify(value) ?? String(value);
  if (shown === '') problems.push({ line, column: 'quantity', problem: 'is empty; a quantity is needed', code: 'required' });
  else problems.push({ line, column: 'quantity', value: shown, problem: 'is not a quantity (a whole number, such as 25)', code: 'invalid' });
  return undefined;
}

/**
 * A net price in cents: digits with a decimal point or a decimal comma and at most two decimals
 * ("12,50", "12.5", "12"). Thousands separators are refused: "1.234" could mean either.
 */
export function readPrice(line: number, value: unknown, problems: RowProblem[]): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : undefined) : typeof value === 'string' ? value.trim() : undefined;
  const match = text === undefined ? null : /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(text);
  if (match) {
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (cents <= MAX_PRICE_CENTS) return cents;
  }
  const shown = text ?? JSON.stringify(value) ?? String(value);
  if (shown === '') problems.push({ line, column: 'price', problem: 'is empty; a price is needed', code: 'required' });
  else problems.push({ line, column: 'price', value: shown, problem: 'is not a price (a net amount such as 12,50 or 12.50, at most two decimals)', code: 'invalid' });
  return undefined;
}

/** A second row for the same key: the file would say two different things. */
export function noteRepeats<R extends { line: number }>(
  rows: R[],
  keyOf: (row: R) => string,
  column: string,
  valueOf: (row: R) => string,
  problems: RowProblem[],
  unit: 'line' | 'item' = 'line',
): void {
  const first = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, row.line);
    else problems.push({ line: row.line, unit, column, value: valueOf(row), problem: `is already on ${unit} ${seen}`, code: 'duplicate' });
  }
}
