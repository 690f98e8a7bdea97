// Price sync (ADR 0028): each customer's agreed net price of a product or variant (customer_prices
// with no season and no validity dates, the row the pricing rules read as "customer"), set by
// customer code and product or variant code in one transaction of a few batched statements.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { auditKeyAction } from '../manage/key-audit';
import { preferHashJoins } from './bulk-plan';
import type { SyncOptions, SyncSummary } from './stock-sync';
import { rowsRefused, type PriceRow, type RowProblem } from './sync-rows';

/** Two price syncs at once would both insert a missing price: they take turns (any fixed number). */
const PRICE_SYNC_LOCK = 730_028;

interface Target {
  customerId: number;
  productId: number;
  variantId: number | null;
  cents: number;
  row: PriceRow;
}

const byCode = <T extends { code: string }>(rows: T[]) => new Map(rows.map((r) => [r.code, r]));
const codesOf = (values: string[]) => JSON.stringify([...new Set(values)]);
const keyOf = (customerId: number, productId: number, variantId: number | null) => `${customerId}/${productId}/${variantId ?? ''}`;
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export async function syncPrices(db: Db, rows: PriceRow[], options: SyncOptions = {}): Promise<SyncSummary> {
  const unit = options.unit ?? 'line';
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PRICE_SYNC_LOCK})`);
    await preferHashJoins(tx, rows.length);
    const customerCodes = codesOf(rows.map((r) => r.customer));
    const itemCodes = codesOf(rows.map((r) => r.code));
    const customers = byCode(await queryRows<{ id: number; code: string }>(tx, sql`select id, code from customers where code in (select jsonb_array_elements_text(${customerCodes}::jsonb))`));
    const products = byCode(await queryRows<{ id: number; code: string }>(tx, sql`select id, code from products where code in (select jsonb_array_elements_text(${itemCodes}::jsonb))`));
    const variants = byCode(
      await queryRows<{ id: number; code: string; product_id: number }>(tx, sql`select id, code, product_id from variants where code in (select jsonb_array_elements_text(${itemCodes}::jsonb))`),
    );

    const problems: RowProblem[] = [];
    const unknownRows: SyncSummary['unknown_rows'] = [];
    const targets: Target[] = [];
    for (const row of rows) {
      const customer = customers.get(row.customer);
      const product = products.get(row.code);
      const variant = variants.get(row.code);
      if (product && variant) {
        problems.push({ line: row.line, unit, column: 'code', value: row.code, problem: 'is both a product code and a variant code; rename one of them', code: 'ambiguous' });
        continue;
      }
      if (!customer || (!product && !variant)) {
        if (options.unknown === 'skip') unknownRows.push({ line: row.line, code: customer ? row.code : row.customer });
        else {
          if (!customer) problems.push({ line: row.line, unit, column: 'customer', value: row.customer, problem: 'is not the code of a customer', code: 'not_found' });
          if (!product && !variant) problems.push({ line: row.line, unit, column: 'code', value: row.code, problem: 'is not the code of a product or variant', code: 'not_found' });
        }
        continue;
      }
      targets.push({ customerId: customer.id, productId: variant ? variant.product_id : product!.id, variantId: variant ? variant.id : null, cents: row.cents, row });
    }
    if (problems.length || options.problems?.length) throw rowsRefused([...(options.problems ?? []), ...problems].sort((a, b) => a.line - b.line));

    const wanted = JSON.stringify(targets.map((t) => ({ c: t.customerId, p: t.productId, v: t.variantId })));
    const existing = await queryRows<{ id: number; customer_id: number; product_id: number; variant_id: number | null; price: string }>(
      tx,
      sql`select cp.id, cp.customer_id, cp.product_id, cp.variant_id, cp.price::text as price
          from customer_prices cp
          join jsonb_to_recordset(${wanted}::jsonb) as w(c integer, p integer, v integer)
            on cp.customer_id = w.c and cp.product_id = w.p and cp.variant_id is not distinct from w.v
          where cp.season_id is null and cp.valid_from is null and cp.valid_to is null`,
    );
    const current = new Map<string, { ids: number[]; cents: number[] }>();
    for (const e of existing) {
      const entry = current.get(keyOf(e.customer_id, e.product_id, e.variant_id)) ?? { ids: [], cents: [] };
      entry.ids.push(e.id);
      entry.cents.push(Math.round(Number(e.price) * 100));
      current.set(keyOf(e.customer_id, e.product_id, e.variant_id), entry);
    }

    const updates: { id: number; price: string }[] = [];
    const inserts: { c: number; p: number; v: number | null; price: string }[] = [];
    const changes: [string, string, string | null, string][] = [];
    let unchanged = 0;
    for (const t of targets) {
      const now = current.get(keyOf(t.customerId, t.productId, t.variantId));
      if (!now) inserts.push({ c: t.customerId, p: t.productId, v: t.variantId, price: decimal(t.cents) });
      else if (now.cents.every((c) => c === t.cents)) {
        unchanged++;
        continue;
      } else for (const id of now.ids) updates.push({ id, price: decimal(t.cents) });
      changes.push([t.row.customer, t.row.code, now ? decimal(now.cents[0]!) : null, decimal(t.cents)]);
    }
    const summary: SyncSummary = { created: inserts.length, updated: changes.length - inserts.length, unchanged, unknown: unknownRows.length, unknown_rows: unknownRows };
    if (options.dryRun) return summary;
    if (updates.length) {
      await tx.execute(
        sql`update customer_prices cp set price = u.price
            from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as u(id integer, price numeric)
            where cp.id = u.id`,
      );
    }
    if (inserts.length) {
      await tx.execute(
        sql`insert into customer_prices (customer_id, product_id, variant_id, price)
            select i.c, i.p, i.v, i.price from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) as i(c integer, p integer, v integer, price numeric)`,
      );
    }
    if (options.apiKeyId !== undefined) {
      await auditKeyAction(tx, options.apiKeyId, 'prices.sync', 'customer_prices', { created: inserts.length, updated: summary.updated, unchanged, unknown: summary.unknown, changes });
    }
    return summary;
  });
}
