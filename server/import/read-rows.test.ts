// Import files as spreadsheets and ERPs write them: the separator from the header, BOMs, quotes,
// line breaks inside values, empty lines; every row keeps the line it starts on.
import { describe, expect, it } from 'vitest';
import { detectDelimiter, readRows } from './read-rows';

const read = (text: string, name = 'f.csv') => readRows(new TextEncoder().encode(text), name);
const cells = (text: string, name?: string) => read(text, name).table?.rows.map((r) => ({ line: r.line, ...Object.fromEntries(r.cells) }));

describe('readRows', () => {
  it('detects the separator from the header, ignoring separators inside quotes', () => {
    expect(detectDelimiter('a;b;"c,d,e"\n1,2')).toBe(';');
    expect(detectDelimiter('a,b,"c;d;e"\n')).toBe(',');
  });

  it('reads a semicolon file with a BOM, quoted values, a line break inside a value and empty lines', () => {
    expect(cells('\uFEFFcode;name;price\r\nA;"Tappo; sughero";"12,50"\r\n\r\nB;"due\r\nrighe";3\r\n')).toEqual([
      { line: 2, code: 'A', name: 'Tappo; sughero', price: '12,50' },
      { line: 4, code: 'B', name: 'due\r\nrighe', price: '3' },
    ]);
  });

  it('skips the rows a spreadsheet leaves with no value in any cell, and counts them', () => {
    const result = read('code;name\nA;b\n;;\n ; \n');
    expect(result.table?.rows).toHaveLength(1);
    expect(result.table?.skipped).toBe(2);
  });

  it('numbers rows after a multi-line value by the line they start on', () => {
    expect(cells('code,name\nA,"uno\ndue\ntre"\nB,x\n')!.map((r) => r.line)).toEqual([2, 5]);
  });

  it('refuses a row with more values than columns, and an unclosed quote, with their lines', () => {
    expect(read('code,name\nA,b\nB,c,d\n').problems).toEqual([{ line: 3, message: 'has 3 fields but the header names 2 columns (a separator inside a value needs quotes)' }]);
    expect(read('code,name\nA,"b\n').problems[0]).toMatchObject({ line: 2, message: 'a quoted value is never closed (a " is missing)' });
  });

  it('reads JSON lines, numbers and lists as text', () => {
    expect(cells('{"code":"A","price":12.5,"related":["B","C"],"published":true,"x":null}\n', 'f.jsonl')).toEqual([
      { line: 1, code: 'A', price: '12.5', related: 'B|C', published: 'true', x: '' },
    ]);
  });
});
