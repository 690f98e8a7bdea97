// The command line of `npm run export`, read into options or refused with a sentence the owner
// can act on (the CLI prints it with the usage and exits non-zero).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../src/lib/contract/locales';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type CsvDelimiter = ',' | ';' | '\t';

export interface ExportOptions {
  /** Orders placed at or after this moment; the beginning of time when not given. */
  since: Date;
  format: ExportFormat;
  /** A file, written whole or not at all; standard output when not given. */
  out: string | undefined;
  /** The language of product, shipping and payment names in the CSV (the JSON holds them all). */
  locale: Locale;
  delimiter: CsvDelimiter;
  /** CSV: a byte order mark first, for Excel. */
  bom: boolean;
  /** CSV: = + - @ at the start of a field are shown as text by a spreadsheet, not run. */
  escapeFormulas: boolean;
}

export const EXPORT_USAGE = [
  'usage: npm run export -- orders [--since DATE] [--format csv|json] [--out FILE] [--locale it|en|es] [--delimiter ",|;|tab"] [--bom] [--escape-formulas]',
  '  --since      orders placed from this day on (2026-01-01, midnight UTC) or moment on (2026-01-01T08:00:00+01:00); all when left out',
  '  --format     csv: one line per order row, the order repeated on each; json: one object per order, rows nested',
  '               (default: from the --out file name, else csv)',
  '  --out        write to this file (written whole, or left untouched on failure); standard output when left out',
  '  --locale     language of the names in the CSV (default it)',
  '  --delimiter  CSV field separator (default ","; ";" for a spreadsheet set to Italian or Spanish)',
  '  --bom        CSV: start with a byte order mark, so Excel reads accented letters right',
  '  --escape-formulas  CSV: put an apostrophe before fields starting with = + - @, so a spreadsheet shows them',
  '               as text instead of running them (changes the data: not for an ERP import)',
].join('\n');

/** A command line the export cannot run with; the message says why, in the owner's words. */
export class ExportUsageError extends Error {}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * A day (midnight UTC) or a moment with its zone. JavaScript's own parser rolls 2026-02-30 over
 * to 2 March: every field is checked against the calendar instead.
 */
export function parseSince(raw: string): Date {
  const refuse = () =>
    new ExportUsageError(`--since: '${raw}' is not a date; write it as YYYY-MM-DD (e.g. 2026-01-01) or as a moment with its zone (e.g. 2026-01-01T08:00:00+01:00)`);
  const day = DATE.exec(raw) ?? MOMENT.exec(raw);
  if (!day) throw refuse();
  const [, y, mo, d, h = '0', mi = '0', s = '0', , zone, , zh = '0', zm = '0'] = day;
  const [year, month, date, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, date));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== date) throw refuse();
  if (hour > 23 || minute > 59 || second > 59 || Number(zh) > 14 || Number(zm) > 59) throw refuse();
  if (!zone) return calendar;
  const moment = new Date(raw);
  if (Number.isNaN(moment.getTime())) throw refuse();
  return moment;
}

function delimiterOf(raw: string): CsvDelimiter {
  if (raw === ',' || raw === ';') return raw;
  if (raw === 'tab' || raw === '\t' || raw === '\\t') return '\t';
  throw new ExportUsageError(`--delimiter: '${raw}' is not a separator the export writes; use "," or ";" or tab`);
}

function formatOf(raw: string | undefined, out: string | undefined): ExportFormat {
  if (raw === undefined) return out && path.extname(out).toLowerCase() === '.json' ? 'json' : 'csv';
  if (raw === 'csv' || raw === 'json') return raw;
  throw new ExportUsageError(`--format: '${raw}' is not a format the export writes; use csv or json`);
}

/** What parseArgs says, in the owner's words. */
function usageProblem(error: unknown): ExportUsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new ExportUsageError(`${option ?? 'an option'} is not an option of the export`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new ExportUsageError(`${option ?? 'an option'} needs a value`);
  return new ExportUsageError(message);
}

/** The arguments after `npm run export --`. */
export function parseExportArgs(argv: readonly string[]): ExportOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw usageProblem(error);
  }
  const { values, positionals } = parsed;
  const [subject, ...extra] = positionals;
  if (subject !== 'orders') {
    throw new ExportUsageError(subject === undefined ? 'say what to export: orders' : `'${subject}' cannot be exported; the export knows orders`);
  }
  if (extra.length) throw new ExportUsageError(`'${extra[0]}' is not understood here; every value goes after its option (e.g. --since 2026-01-01)`);
  const locale = values.locale ?? DEFAULT_LOCALE;
  if (!isLocale(locale)) throw new ExportUsageError(`--locale: '${locale}' is not a language of the shop; use ${LOCALES.join(', ')}`);
  if (values.out === '') throw new ExportUsageError('--out needs a file name');
  return {
    since: values.since === undefined ? new Date(0) : parseSince(values.since),
    format: formatOf(values.format, values.out),
    out: values.out,
    locale,
    delimiter: values.delimiter === undefined ? ',' : delimiterOf(values.delimiter),
    bom: values.bom ?? false,
    escapeFormulas: values['escape-formulas'] ?? false,
  };
}

const parse = (argv: readonly string[]) =>
  parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      since: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      locale: { type: 'string' },
      delimiter: { type: 'string' },
      bom: { type: 'boolean' },
      'escape-formulas': { type: 'boolean' },
    },
  });
