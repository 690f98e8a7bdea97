// Quick order (issue 16): a pasted block or an uploaded CSV read as lines of article code and
// quantity. Shared by the storefront (it shows each line before asking the API) and the API
// (which validates the same lines against the catalogue), so both read a paste the same way.
import { MAX_CART_QTY } from './cart';

/** Lines one paste, file or validate call may hold: a trade order is 20 to 200 articles. */
export const MAX_QUICK_ORDER_LINES = 500;
/** Longest article code taken from a line; longer text is no code. */
export const MAX_QUICK_ORDER_CODE = 64;

export type QuickOrderLineProblem =
  /** Not a whole number from 1 to MAX_CART_QTY. */
  | 'bad_quantity'
  /** A code longer than MAX_QUICK_ORDER_CODE or with characters a code never has. */
  | 'bad_code';

export interface ParsedQuickOrderLine {
  /** 1-based line number in the pasted text or file, for messages. */
  line: number;
  code: string;
  /** The quantity asked; 1 when the line has a code alone, 0 when it is no quantity. */
  qty: number;
  /** The quantity as written ('' for a code alone), to show a bad one as it was. */
  qtyText: string;
  problem: QuickOrderLineProblem | null;
}

export interface ParsedQuickOrder {
  lines: ParsedQuickOrderLine[];
  /** Lines past MAX_QUICK_ORDER_LINES that were left out. */
  dropped: number;
}

/** Column titles a spreadsheet's first line may carry instead of a code and a quantity. */
const HEADER_WORDS = /^(code|codes|codice|codici|c[oó]digo|ref\.?|referencia|sku|article|articolo|art\.?|item|product|prodotto|producto)$/i;

/** A line's fields: by tab, else semicolon, else comma, else runs of spaces. */
function fieldsOf(text: string): string[] {
  const separator = text.includes('\t') ? '\t' : text.includes(';') ? ';' : text.includes(',') ? ',' : /\s+/;
  return text.split(separator).map(unquote);
}

/** A CSV field may be quoted ("ENO-0012"), with doubled quotes inside. */
function unquote(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) return trimmed.slice(1, -1).replace(/""/g, '"').trim();
  return trimmed;
}

/** A quantity as typed: digits only (no sign, decimals or exponent); "3.0" is not a quantity. */
export function parseQuickOrderQty(text: string): number | null {
  const typed = text.trim();
  if (!/^\d{1,9}$/.test(typed)) return null;
  const qty = Number(typed);
  return qty >= 1 && qty <= MAX_CART_QTY ? qty : null;
}

const CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._\-/ ]*$/u;

/** Whether a text can be an article code at all (the catalogue decides whether it is one). */
export const isPlausibleCode = (code: string) => code.length > 0 && code.length <= MAX_QUICK_ORDER_CODE && CODE_PATTERN.test(code);

/**
 * Reads `code;qty`, `code,qty`, `code<TAB>qty` or `code qty` lines; a code alone means 1. Empty
 * lines are skipped, and so is a first line of column titles ("Code;Qty"). Extra columns after
 * the quantity (a description) are ignored. Nothing is merged here: the same code twice stays
 * two lines, so each can be shown where it was written (mergeQuickOrderLines joins them).
 */
export function parseQuickOrderText(text: string): ParsedQuickOrder {
  const lines: ParsedQuickOrderLine[] = [];
  let dropped = 0;
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    const [first = '', second = ''] = fieldsOf(row);
    const code = first.trim();
    const qtyText = second.trim();
    if (lines.length === 0 && HEADER_WORDS.test(code) && parseQuickOrderQty(qtyText) === null) return;
    if (code === '' && qtyText === '') return;
    if (lines.length >= MAX_QUICK_ORDER_LINES) {
      dropped++;
      return;
    }
    const qty = qtyText === '' ? 1 : parseQuickOrderQty(qtyText);
    lines.push({
      line: index + 1,
      code,
      qty: qty ?? 0,
      qtyText,
      problem: !isPlausibleCode(code) ? 'bad_code' : qty === null ? 'bad_quantity' : null,
    });
  });
  return { lines, dropped };
}

/** Codes compare without regard to case or surrounding spaces ("eno-0012 " is ENO-0012). */
export const codeKey = (code: string) => code.trim().toUpperCase();

export interface MergedQuickOrderLine {
  code: string;
  qty: number;
  /** The input lines joined into this one, in order (line numbers, or row indexes). */
  from: number[];
}

/**
 * Duplicates merged: one line per code (case-insensitive), quantities added up (capped at
 * MAX_CART_QTY), in the order each code first appears. Lines with a problem are left out.
 */
export function mergeQuickOrderLines(lines: readonly { code: string; qty: number; problem?: QuickOrderLineProblem | null; line?: number }[]): MergedQuickOrderLine[] {
  const byCode = new Map<string, MergedQuickOrderLine>();
  lines.forEach((line, index) => {
    if (line.problem) return;
    const key = codeKey(line.code);
    const at = line.line ?? index;
    const known = byCode.get(key);
    if (known) {
      known.qty = Math.min(MAX_CART_QTY, known.qty + line.qty);
      known.from.push(at);
    } else byCode.set(key, { code: line.code.trim(), qty: line.qty, from: [at] });
  });
  return [...byCode.values()];
}
