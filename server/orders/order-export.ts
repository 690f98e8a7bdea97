// The order export (npm run export -- orders): every order placed since a date, read a page at a
// time by id (a cursor, never the whole table in memory) and streamed out as CSV (one line per
// order row) or JSON (an array, one order object per line, the same object the webhook sends).
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client';
import type { ExportOptions } from './export-args';
import { erpOrderPage, type ErpOrder } from './erp-order';
import { orderCsvRecords, orderCsvStringifier } from './order-export-csv';

export const EXPORT_PAGE_SIZE = 200;

export interface ExportCounts {
  orders: number;
  rows: number;
}

/** Orders placed since `since`, by id, one page of `pageSize` in memory at a time. */
export async function* ordersSince(db: Db, since: Date, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ErpOrder> {
  for (let afterId = 0; ; ) {
    const page = await erpOrderPage(db, { since, afterId, size: pageSize });
    yield* page;
    if (page.length < pageSize) return;
    afterId = page.at(-1)!.id;
  }
}

async function* counted(orders: AsyncIterable<ErpOrder>, counts: ExportCounts): AsyncGenerator<ErpOrder> {
  for await (const order of orders) {
    counts.orders += 1;
    counts.rows += order.rows.length;
    yield order;
  }
}

/** A JSON array that stays readable line by line: `[`, one order per line, `]`. */
async function* jsonText(orders: AsyncIterable<ErpOrder>): AsyncGenerator<string> {
  let first = true;
  for await (const order of orders) {
    yield `${first ? '[\n' : ',\n'}${JSON.stringify(order)}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

async function* csvRecords(orders: AsyncIterable<ErpOrder>, options: Pick<ExportOptions, 'locale'>) {
  for await (const order of orders) yield* orderCsvRecords(order, options.locale);
}

export type WriteExportOptions = Pick<ExportOptions, 'since' | 'format' | 'locale' | 'delimiter' | 'bom' | 'escapeFormulas'> & {
  pageSize?: number;
  /** Whether `out` is ended when the export is written (not for standard output). */
  end?: boolean;
};

/** Writes the export to `out`, waiting for it to drain; answers how many orders and rows went out. */
export async function writeOrderExport(db: Db, options: WriteExportOptions, out: Writable): Promise<ExportCounts> {
  const counts: ExportCounts = { orders: 0, rows: 0 };
  const orders = counted(ordersSince(db, options.since, options.pageSize), counts);
  const end = options.end ?? true;
  if (options.format === 'json') await pipeline(Readable.from(jsonText(orders)), out, { end });
  else await pipeline(Readable.from(csvRecords(orders, options)), orderCsvStringifier(options), out, { end });
  return counts;
}
