// Stock sync (ADR 0028): quantities of products and variants by code, in one transaction of a few
// batched statements whatever the number of rows. Only the quantity column is written, and only
// where it changes, so the page triggers (migration 0003) note nothing: stock is live on the pages.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { auditKeyAction } from '../manage/key-audit';
import { preferHashJoins } from './bulk-plan';
import { rowsRefused, type RowProblem, type StockRow } from './sync-rows';

/** What to do with codes the shop does not know: refuse the whole sync (default) or skip those rows. */
export type UnknownCodes = 'fail' | 'skip';

export interface SyncOptions {
  unknown?: UnknownCodes;
  /** The management API key making the change, named in the audit log. */
  apiKeyId?: number;
  /** Problems found while reading the rows: the codes are checked all the same, and the sync refused with every problem. */
  problems?: RowProblem[];
  /** Check everything and answer the summary, writing nothing. */
  dryRun?: boolean;
  /** Whether `line` of the rows counts the lines of a file or the items of a JSON list. */
  unit?: 'line' | 'item';
}

export interface SyncSummary {
  /** Prices only: agreed prices that did not exist before. */
  created?: number;
  updated: number;
  unchanged: number;
  unknown: number;
  /** The rows skipped for an unknown code (with `unknown: 'skip'`). */
  unknown_rows: { line: number; code: string }[];
}

interface Held {
  id: number;
  code: string;
  quantity: number;
}

/** The rows of `table` with these codes, locked in id order (the order checkout locks them in). */
const lockByCode = (tx: Db, table: 'products' | 'variants', codes: string) =>
  queryRows<Held>(
    tx,
    sql`select t.id, t.code, t.quantity from ${sql.identifier(table)} t
        where t.code in (select jsonb_array_elements_text(${codes}::jsonb)) order by t.id for update`,
  );

const setQuantities = (tx: Db, table: 'products' | 'variants', changes: { id: number; quantity: number }[]) =>
  changes.length === 0
    ? Promise.resolve()
    : tx.execute(
        sql`update ${sql.identifier(table)} t set quantity = u.quantity
            from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as u(id integer, quantity integer)
            where t.id = u.id`,
      );

/** Sets the quantities; refuses the whole sync, changing nothing, when a code is unknown (unless skipped) or names both a product and a variant. */
export async function syncStock(db: Db, rows: StockRow[], options: SyncOptions = {}): Promise<SyncSummary> {
  const unit = options.unit ?? 'line';
  return db.transaction(async (tx) => {
    await preferHashJoins(tx, rows.length);
    const codes = JSON.stringify(rows.map((r) => r.code));
    const heldProducts = await lockByCode(tx, 'products', codes);
    const heldVariants = await lockByCode(tx, 'variants', codes);
    const products = new Map(heldProducts.map((p) => [p.code, p]));
    const variants = new Map(heldVariants.map((v) => [v.code, v]));

    const problems: RowProblem[] = [];
    const unknownRows: SyncSummary['unknown_rows'] = [];
    const productChanges: { id: number; quantity: number; code: string; from: number }[] = [];
    const variantChanges: typeof productChanges = [];
    let unchanged = 0;
    for (const row of rows) {
      const product = products.get(row.code);
      const variant = variants.get(row.code);
      if (product && variant) {
        problems.push({ line: row.line, unit, column: 'code', value: row.code, problem: 'is both a product code and a variant code; rename one of them', code: 'ambiguous' });
      } else if (!product && !variant) {
        if (options.unknown === 'skip') unknownRows.push({ line: row.line, code: row.code });
        else problems.push({ line: row.line, unit, column: 'code', value: row.code, problem: 'is not the code of a product or variant', code: 'not_found' });
      } else {
        const held = (product ?? variant)!;
        if (held.quantity === row.quantity) unchanged++;
        else (product ? productChanges : variantChanges).push({ id: held.id, quantity: row.quantity, code: held.code, from: held.quantity });
      }
    }
    if (problems.length || options.problems?.length) throw rowsRefused([...(options.problems ?? []), ...problems].sort((a, b) => a.line - b.line));
    const summary: SyncSummary = { updated: productChanges.length + variantChanges.length, unchanged, unknown: unknownRows.length, unknown_rows: unknownRows };
    if (options.dryRun) return summary;

    await setQuantities(tx, 'products', productChanges.map(({ id, quantity }) => ({ id, quantity })));
    await setQuantities(tx, 'variants', variantChanges.map(({ id, quantity }) => ({ id, quantity })));
    if (options.apiKeyId !== undefined) {
      // One entry per call: what each changed code went from and to.
      const changes = [...productChanges, ...variantChanges].map((c) => [c.code, c.from, c.quantity]);
      await auditKeyAction(tx, options.apiKeyId, 'stock.sync', 'stock', { updated: summary.updated, unchanged, unknown: summary.unknown, changes });
    }
    return summary;
  });
}
