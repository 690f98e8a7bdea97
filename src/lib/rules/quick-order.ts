// Quick order by code (issue 16): a pasted block of text, or a CSV or XLSX file read in the browser, into
// lines of code and quantity. The island parses, the API validates the lines it is sent
// (quick-order/validate/), so both agree on what a line is.
import { MAX_CART_QTY } from './cart';

/**
 * One line of the text. `qty` is null when the quantity is not a whole number from 1 to
 * MAX_CART_QTY (decimal, negative, zero, words): the line is shown with invalid_qty. `code` is
 * empty when the line has a quantity but no code (`;5`): the line is shown with unknown_code.
 */
export interface ParsedQuickOrderLine {
  /** Line number in the text, from 1 (blank lines count, so it matches the file). */
  line: number;
  code: string;
  qty: number | null;
  /** The quantity as written ('' when the line had none and means 1). */
  qtyText: string;
  problem: 'invalid_qty' | 'unknown_code' | null;
}

export interface ParsedQuickOrder {
  lines: ParsedQuickOrderLine[];
  /** Whether the first line was a column header (code;qty, Codice;Quantità...) and was skipped. */
  headerSkipped: boolean;
}

const HEADER_WORDS = new Set([
  'code', 'codes', 'sku', 'article', 'item', 'product', 'ref', 'reference', 'qty', 'quantity', 'units', 'pcs',
  'codice', 'articolo', 'prodotto', 'quantità', 'quantita', 'qta', 'qtà', 'pezzi',
  'código', 'codigo', 'artículo', 'producto', 'referencia', 'cantidad', 'unidades', 'uds',
]);

const unquote = (s: string) => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
};

/**
 * The two fields of a line: tab, then semicolon, then comma, then spaces separate them (the first
 * of these the line holds); more fields (a description column) are ignored.
 */
function fieldsOf(text: string): [string, string] {
  for (const separator of ['\t', ';', ',']) {
    if (text.includes(separator)) {
      const [code = '', qty = ''] = text.split(separator);
      return [unquote(code), unquote(qty)];
    }
  }
  const words = text.split(/\s+/);
  return [unquote(words[0] ?? ''), unquote(words.slice(1).join(' '))];
}

/** A quantity: empty means 1; otherwise a whole number from 1 to MAX_CART_QTY, or null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (t === '') return 1;
  if (!/^\+?\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_CART_QTY ? n : null;
}

const isHeader = (code: string, qty: string) =>
  parseQuantity(qty) === null || qty === '' ? HEADER_WORDS.has(code.toLowerCase()) || HEADER_WORDS.has(qty.toLowerCase()) : false;

/**
 * The lines of (code, quantity) pairs, numbered from 1 as their text lines or sheet rows: blank
 * ones skipped (their number kept), the first one dropped if it is a column header.
 */
function linesFromPairs(pairs: Iterable<[number, string, string]>): ParsedQuickOrder {
  const lines: ParsedQuickOrderLine[] = [];
  let headerSkipped = false;
  let first = true;
  for (const [line, code, qtyText] of pairs) {
    if (code === '' && qtyText === '') continue;
    if (first) {
      first = false;
      if (isHeader(code, qtyText)) {
        headerSkipped = true;
        continue;
      }
    }
    const qty = parseQuantity(qtyText);
    const problem = code === '' ? 'unknown_code' : qty === null ? 'invalid_qty' : null;
    lines.push({ line, code, qty, qtyText, problem });
  }
  return { lines, headerSkipped };
}

/** Reads pasted text or a CSV file's content: one line per non-blank line of the text. */
export function parseQuickOrderText(text: string): ParsedQuickOrder {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  return linesFromPairs(
    rows.flatMap((raw, index): [number, string, string][] => {
      const trimmed = raw.trim();
      return trimmed === '' ? [] : [[index + 1, ...fieldsOf(trimmed)]];
    }),
  );
}

/**
 * A spreadsheet cell as read-excel-file gives it: string, number, boolean, Date or null (its own
 * type says `typeof Date` for a date, hence unknown here).
 */
export type QuickOrderCell = unknown;

/**
 * A cell as the text it stands for. Excel stores every number as a double, so a quantity typed 3
 * (or 3.0) arrives as 3 and reads "3", and 2.5 reads "2.5", which parseQuantity refuses like the
 * same text in a CSV. A date is no quantity and no code: its ISO day is shown as written.
 */
function cellText(cell: QuickOrderCell): string {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return '';
}

/**
 * Reads the rows of a spreadsheet's first sheet (an XLSX upload) as the text parser reads lines:
 * the first column is the code, the second the quantity (empty = 1), further columns ignored, an
 * empty row skipped, a header row tolerated. `line` is the sheet's row number.
 */
export function parseQuickOrderCells(rows: readonly (readonly QuickOrderCell[])[]): ParsedQuickOrder {
  return linesFromPairs(rows.map((row, index): [number, string, string] => [index + 1, cellText(row[0]), cellText(row[1])]));
}

/**
 * The lines to send to quick-order/validate/: every line with a code (a line without one cannot
 * be looked up; the island shows it as unknown_code itself). An invalid quantity is sent as null
 * and answered invalid_qty, with the product the code names.
 */
export const validationLines = (parsed: ParsedQuickOrderLine[]) =>
  parsed.filter((l) => l.code !== '').map((l) => ({ line: l.line, code: l.code, qty: l.qty }));
