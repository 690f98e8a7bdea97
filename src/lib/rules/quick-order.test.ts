import { describe, expect, it } from 'vitest';
import { MAX_CART_QTY } from './cart';
import { MAX_QUICK_ORDER_LINES, mergeQuickOrderLines, parseQuickOrderQty, parseQuickOrderText } from './quick-order';

describe('parseQuickOrderText', () => {
  it('reads semicolons, commas, tabs and spaces; a code alone means 1', () => {
    const { lines } = parseQuickOrderText('ENO-0001;3\nENO-0002,4\nENO-0003\t5\nENO-0004 6\nENO-0005\n');
    expect(lines.map((l) => [l.line, l.code, l.qty, l.problem])).toEqual([
      [1, 'ENO-0001', 3, null],
      [2, 'ENO-0002', 4, null],
      [3, 'ENO-0003', 5, null],
      [4, 'ENO-0004', 6, null],
      [5, 'ENO-0005', 1, null],
    ]);
  });

  it('skips empty lines and a first line of column titles, unquotes CSV fields, ignores extra columns', () => {
    const { lines } = parseQuickOrderText('\uFEFFCodice;Quantità\r\n\r\n"ENO-0001";"2";"Tappi"\r\n  \r\nENO-0002;1;x');
    expect(lines.map((l) => [l.line, l.code, l.qty])).toEqual([
      [3, 'ENO-0001', 2],
      [5, 'ENO-0002', 1],
    ]);
  });

  it('marks a bad quantity or code on its line instead of dropping it', () => {
    const { lines } = parseQuickOrderText('ENO-1;0\nENO-2;-3\nENO-3;2.5\nENO-4;abc\n;4\n<script>;1');
    expect(lines.map((l) => l.problem)).toEqual(['bad_quantity', 'bad_quantity', 'bad_quantity', 'bad_quantity', 'bad_code', 'bad_code']);
    expect(lines.map((l) => l.qtyText)).toEqual(['0', '-3', '2.5', 'abc', '4', '1']);
  });

  it('keeps at most MAX_QUICK_ORDER_LINES lines and counts the rest', () => {
    const text = Array.from({ length: MAX_QUICK_ORDER_LINES + 3 }, (_, i) => `C${i};1`).join('\n');
    const parsed = parseQuickOrderText(text);
    expect(parsed.lines).toHaveLength(MAX_QUICK_ORDER_LINES);
    expect(parsed.dropped).toBe(3);
  });
});

describe('parseQuickOrderQty', () => {
  it('takes whole numbers from 1 to the cart maximum only', () => {
    expect(parseQuickOrderQty(' 12 ')).toBe(12);
    expect(parseQuickOrderQty(String(MAX_CART_QTY))).toBe(MAX_CART_QTY);
    for (const bad of ['0', String(MAX_CART_QTY + 1), '1e3', '+2', '', '1,5']) expect(parseQuickOrderQty(bad), bad).toBeNull();
  });
});

describe('mergeQuickOrderLines', () => {
  it('joins the same code whatever its case, adds the quantities and leaves out bad lines', () => {
    const merged = mergeQuickOrderLines([
      { line: 1, code: 'ENO-1', qty: 2, problem: null },
      { line: 2, code: 'eno-1 ', qty: 3, problem: null },
      { line: 3, code: 'ENO-2', qty: 0, problem: 'bad_quantity' },
      { line: 4, code: 'ENO-3', qty: MAX_CART_QTY, problem: null },
      { line: 5, code: 'ENO-3', qty: 1, problem: null },
    ]);
    expect(merged).toEqual([
      { code: 'ENO-1', qty: 5, from: [1, 2] },
      { code: 'ENO-3', qty: MAX_CART_QTY, from: [4, 5] },
    ]);
  });
});
