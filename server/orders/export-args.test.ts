import { describe, expect, it } from 'vitest';
import { ExportUsageError, parseExportArgs, parseSince } from './export-args';

describe('--since', () => {
  it('takes a day (midnight UTC) or a moment with its zone', () => {
    expect(parseSince('2026-01-01').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseSince('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseSince('2026-01-01T08:30:00+01:00').toISOString()).toBe('2026-01-01T07:30:00.000Z');
    expect(parseSince('2026-01-01T08:30Z').toISOString()).toBe('2026-01-01T08:30:00.000Z');
    expect(parseSince('2026-06-30T23:59:59.5-02:00').toISOString()).toBe('2026-07-01T01:59:59.500Z');
  });

  it('refuses what is not a date on the calendar, instead of rolling it over to another day', () => {
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '01/02/2026', '2026-01-01T25:00Z', '2026-01-01T08:00', 'yesterday', '', ' 2026-01-01']) {
      expect(() => parseSince(bad), bad).toThrow(ExportUsageError);
    }
    expect(() => parseSince('2026-02-30')).toThrow("--since: '2026-02-30' is not a date; write it as YYYY-MM-DD (e.g. 2026-01-01)");
  });
});

describe('npm run export -- ...', () => {
  it('reads the documented command line', () => {
    expect(parseExportArgs(['orders', '--since', '2026-01-01', '--format', 'json', '--out', 'orders.json'])).toEqual({
      since: new Date('2026-01-01T00:00:00Z'), format: 'json', out: 'orders.json', locale: 'it', delimiter: ',', bom: false, escapeFormulas: false,
    });
    expect(parseExportArgs(['orders', '--since=2026-03-01', '--locale', 'es', '--delimiter', ';', '--bom', '--escape-formulas'])).toMatchObject({
      format: 'csv', out: undefined, locale: 'es', delimiter: ';', bom: true, escapeFormulas: true,
    });
  });

  it('exports every order without --since, and takes the format from the file name when not given', () => {
    expect(parseExportArgs(['orders']).since.getTime()).toBe(0);
    expect(parseExportArgs(['orders', '--out', 'ORDERS.JSON']).format).toBe('json');
    expect(parseExportArgs(['orders', '--out', 'orders.txt']).format).toBe('csv');
    expect(parseExportArgs(['orders', '--out', 'x.json', '--format', 'csv']).format).toBe('csv');
    expect(parseExportArgs(['orders', '--delimiter', 'tab']).delimiter).toBe('\t');
  });

  it('refuses anything else in the owner\'s words', () => {
    const refusal = (argv: string[]) => {
      try {
        parseExportArgs(argv);
      } catch (error) {
        expect(error).toBeInstanceOf(ExportUsageError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${argv.join(' ')}`);
    };
    expect(refusal([])).toBe('say what to export: orders');
    expect(refusal(['customers'])).toBe("'customers' cannot be exported; the export knows orders");
    expect(refusal(['orders', '--sinse', '2026-01-01'])).toBe('--sinse is not an option of the export');
    expect(refusal(['orders', '--since'])).toBe('--since needs a value');
    expect(refusal(['orders', '--since', '2026-31-12'])).toMatch(/^--since: '2026-31-12' is not a date/);
    expect(refusal(['orders', '--format', 'xlsx'])).toBe("--format: 'xlsx' is not a format the export writes; use csv or json");
    expect(refusal(['orders', '--locale', 'fr'])).toBe("--locale: 'fr' is not a language of the shop; use it, en, es");
    expect(refusal(['orders', '--delimiter', '|'])).toBe(`--delimiter: '|' is not a separator the export writes; use "," or ";" or tab`);
    expect(refusal(['orders', '2026-01-01'])).toBe("'2026-01-01' is not understood here; every value goes after its option (e.g. --since 2026-01-01)");
  });
});
