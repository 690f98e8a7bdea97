import { describe, expect, it } from 'vitest';
import { readPriceRows, readStockRows } from './read-rows';
import { describeProblem, MAX_SYNC_ROWS } from './sync-rows';

const messages = (problems: Parameters<typeof describeProblem>[0][]) => problems.map(describeProblem);

describe('stock rows from CSV', () => {
  it('reads semicolon rows with a header, a BOM, quotes, CRLF and blank lines', () => {
    const { rows, problems } = readStockRows({ text: '\uFEFFcode;quantity\r\nENO-0001;25\r\n\r\n"ENO;0002";0\r\nENO-0003;-2\r\n' });
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 2, code: 'ENO-0001', quantity: 25 },
      { line: 4, code: 'ENO;0002', quantity: 0 },
      { line: 5, code: 'ENO-0003', quantity: -2 },
    ]);
  });

  it('takes comma or tab files without a header', () => {
    expect(readStockRows({ text: 'A,1\nB,2\n' }).rows.map((r) => r.quantity)).toEqual([1, 2]);
    expect(readStockRows({ text: 'A\t1\nB\t2' }).rows.map((r) => r.code)).toEqual(['A', 'B']);
  });

  it('reports every bad line with its column and value, in file order', () => {
    const { problems } = readStockRows({ text: 'code;quantity\nA;1\nB;12,5\n;3\nC\nA;2\nD;x\u0000\nE\u0000;1\n' });
    expect(messages(problems)).toEqual([
      "line 3, column quantity: '12,5' is not a quantity (a whole number, such as 25)",
      'line 4, column code: is empty; a code is needed',
      'line 5: has 1 columns; expected 2: code;quantity',
      "line 6, column code: 'A' is already on line 2",
      "line 7, column quantity: 'x\u0000' is not a quantity (a whole number, such as 25)",
      "line 8, column code: 'E\u0000' contains characters that cannot be stored (NUL or a broken Unicode character)",
    ]);
  });

  it('reports a broken quote with its line instead of throwing', () => {
    const { problems } = readStockRows({ text: 'A;1\n"B;2\nC;3\n' });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.code).toBe('malformed');
    expect(describeProblem(problems[0]!)).toMatch(/^line \d+: cannot be read as CSV/);
  });

  it('refuses more rows than one call takes', () => {
    const text = Array.from({ length: MAX_SYNC_ROWS + 1 }, (_, i) => `P${i};1`).join('\n');
    const { problems } = readStockRows({ text });
    expect(problems.map((p) => p.code)).toEqual(['too_many']);
  });
});

describe('stock rows from JSON', () => {
  it('reads a list of objects, counting items', () => {
    expect(readStockRows({ json: [{ code: 'A', quantity: 3 }] }).rows).toEqual([{ line: 1, code: 'A', quantity: 3 }]);
  });

  it('names the item and field of every problem', () => {
    const { problems } = readStockRows({ json: [{ code: 'A', quantity: 1.5 }, 'x', { code: 7, quantity: 1 }, { code: 'B', quantity: 1, extra: 1 }, { quantity: 2 }] });
    expect(messages(problems)).toEqual([
      "item 1, field quantity: '1.5' is not a quantity (a whole number, such as 25)",
      'item 2: is not an object with code, quantity',
      "item 3, field code: '7' is not a code (text)",
      'item 4, field extra: is not a field of a stock row (code, quantity)',
      'item 5, field code: is missing; a code is needed',
    ]);
  });

  it('refuses a body that is not a list', () => {
    expect(readStockRows({ json: { code: 'A', quantity: 1 } }).problems.map((p) => p.code)).toEqual(['type']);
  });
});

describe('price rows', () => {
  it('accepts a decimal comma or point and keeps cents exact', () => {
    const { rows, problems } = readPriceRows({ text: 'customer;code;price\nC0001;ENO-0001;12,50\nC0001;ENO-0002;7.5\nC0002;ENO-0001;3\nC0002;ENO-0002;0,07\n' });
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.cents)).toEqual([1250, 750, 300, 7]);
  });

  it("says '12,3,4' is not a price, and refuses thousands separators and three decimals", () => {
    const { problems } = readPriceRows({ text: 'C1;A;"12,3,4"\nC1;B;1.234,56\nC1;C;1,234\nC1;D;-1\nC1;E;\n' });
    expect(messages(problems)).toEqual([
      "line 1, column price: '12,3,4' is not a price (a net amount such as 12,50 or 12.50, at most two decimals)",
      "line 2, column price: '1.234,56' is not a price (a net amount such as 12,50 or 12.50, at most two decimals)",
      "line 3, column price: '1,234' is not a price (a net amount such as 12,50 or 12.50, at most two decimals)",
      "line 4, column price: '-1' is not a price (a net amount such as 12,50 or 12.50, at most two decimals)",
      'line 5, column price: is empty; a price is needed',
    ]);
  });

  it('takes JSON numbers and strings, and refuses the same customer and code twice', () => {
    const { rows, problems } = readPriceRows({ json: [{ customer: 'C1', code: 'A', price: 9.9 }, { customer: 'C1', code: 'A', price: '9,90' }, { customer: 'C2', code: 'A', price: 1e300 }] });
    expect(rows.map((r) => r.cents)).toEqual([990, 990]);
    expect(messages(problems)).toEqual(["item 2, field code: 'A' is already on item 1", "item 3, field price: '1e+300' is not a price (a net amount such as 12,50 or 12.50, at most two decimals)"]);
  });
});
