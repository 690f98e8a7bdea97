import { describe, expect, it } from 'vitest';
import { MAX_CART_QTY } from './cart';
import { parseQuantity, parseQuickOrderCells, parseQuickOrderText, validationLines } from './quick-order';

const lines = (text: string) => parseQuickOrderText(text).lines.map(({ line, code, qty, problem }) => ({ line, code, qty, problem }));

describe('parseQuickOrderText', () => {
  it('reads code;qty, code,qty, code<TAB>qty and code qty', () => {
    expect(lines('ENO-0001;3\nENO-0002,4\nENO-0003\t5\nENO-0004 6')).toEqual([
      { line: 1, code: 'ENO-0001', qty: 3, problem: null },
      { line: 2, code: 'ENO-0002', qty: 4, problem: null },
      { line: 3, code: 'ENO-0003', qty: 5, problem: null },
      { line: 4, code: 'ENO-0004', qty: 6, problem: null },
    ]);
  });
  it('takes a code alone as 1 and skips blank lines, keeping the text line numbers', () => {
    expect(lines('\nENO-0001\n   \r\nENO-0002;\n')).toEqual([
      { line: 2, code: 'ENO-0001', qty: 1, problem: null },
      { line: 4, code: 'ENO-0002', qty: 1, problem: null },
    ]);
  });
  it('marks decimal (point or comma), negative, zero, too large and garbage quantities invalid_qty', () => {
    const parsed = lines('A;2.5\nB;-3\nC;0\nD;abc\nE;1,5\nF;' + (MAX_CART_QTY + 1));
    expect(parsed.map((l) => [l.code, l.qty, l.problem])).toEqual([
      ['A', null, 'invalid_qty'],
      ['B', null, 'invalid_qty'],
      ['C', null, 'invalid_qty'],
      ['D', null, 'invalid_qty'],
      ['E', null, 'invalid_qty'],
      ['F', null, 'invalid_qty'],
    ]);
  });
  it('tolerates a header line, a BOM, Windows line ends, quotes and extra columns', () => {
    const parsed = parseQuickOrderText('\uFEFF"Codice";"Quantità";"Descrizione"\r\n"ENO-0001";"2";"Tappi"\r\nENO-0002;7;x;y\r\n');
    expect(parsed.headerSkipped).toBe(true);
    expect(parsed.lines.map((l) => [l.line, l.code, l.qty])).toEqual([
      [2, 'ENO-0001', 2],
      [3, 'ENO-0002', 7],
    ]);
    expect(parseQuickOrderText('code,qty\nX,1').headerSkipped).toBe(true);
    expect(parseQuickOrderText('SKU\tQty\nX\t1').lines).toHaveLength(1);
  });
  it('does not take a first line with a code for a header', () => {
    const parsed = parseQuickOrderText('ENO-0001\nENO-0002;2');
    expect(parsed.headerSkipped).toBe(false);
    expect(parsed.lines).toHaveLength(2);
  });
  it('marks a quantity without a code unknown_code, and validationLines leaves it out', () => {
    const parsed = parseQuickOrderText('ENO-0001;x\n;5');
    expect(parsed.lines.map((l) => l.problem)).toEqual(['invalid_qty', 'unknown_code']);
    expect(validationLines(parsed.lines)).toEqual([{ line: 1, code: 'ENO-0001', qty: null }]);
  });
});

describe('parseQuantity', () => {
  it('takes whole numbers from 1 to MAX_CART_QTY, empty as 1', () => {
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('+3')).toBe(3);
    expect(parseQuantity(String(MAX_CART_QTY))).toBe(MAX_CART_QTY);
    expect(parseQuantity('1e3')).toBeNull();
    expect(parseQuantity('0')).toBeNull();
  });
});

describe('parseQuickOrderCells (an XLSX sheet)', () => {
  const cells = (rows: Parameters<typeof parseQuickOrderCells>[0]) =>
    parseQuickOrderCells(rows).lines.map(({ line, code, qty, problem }) => ({ line, code, qty, problem }));

  it('reads code and quantity from the first two columns, numbers or strings, a code alone as 1', () => {
    expect(cells([['ENO-0001', 3], ['ENO-0002', '4'], ['ENO-0003', null], ['ENO-0004'], [12345, 2, 'a description']])).toEqual([
      { line: 1, code: 'ENO-0001', qty: 3, problem: null },
      { line: 2, code: 'ENO-0002', qty: 4, problem: null },
      { line: 3, code: 'ENO-0003', qty: 1, problem: null },
      { line: 4, code: 'ENO-0004', qty: 1, problem: null },
      { line: 5, code: '12345', qty: 2, problem: null },
    ]);
  });
  it('takes 3.0 (stored as 3) as 3 and refuses 2.5, 0, negatives, words, booleans and dates', () => {
    const parsed = cells([['A', 3.0], ['B', 2.5], ['C', 0], ['D', -1], ['E', 'tre'], ['F', true], ['G', new Date('2026-01-02T00:00:00Z')], ['H', MAX_CART_QTY + 1]]);
    expect(parsed.map((l) => [l.code, l.qty, l.problem])).toEqual([
      ['A', 3, null],
      ['B', null, 'invalid_qty'],
      ['C', null, 'invalid_qty'],
      ['D', null, 'invalid_qty'],
      ['E', null, 'invalid_qty'],
      ['F', null, 'invalid_qty'],
      ['G', null, 'invalid_qty'],
      ['H', null, 'invalid_qty'],
    ]);
  });
  it('skips a header row and empty rows, keeping the sheet row numbers; a quantity without code is unknown_code', () => {
    const parsed = parseQuickOrderCells([['Codice', 'Quantità'], [], [null, null], ['  ENO-0001 ', ' 2 '], [null, 5]]);
    expect(parsed.headerSkipped).toBe(true);
    expect(parsed.lines.map((l) => [l.line, l.code, l.qty, l.problem])).toEqual([
      [4, 'ENO-0001', 2, null],
      [5, '', 5, 'unknown_code'],
    ]);
    expect(parseQuickOrderCells([]).lines).toEqual([]);
  });
});
