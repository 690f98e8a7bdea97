// The `season-prices` import kind: the price of a product during a season (when the shop has
// seasons switched on), by season code and product code: for everybody, or, with a `customer`
// code, the price agreed with that customer for the season (a customer_prices row with the
// season; prices agreed for all year go by the price sync, `npm run import -- prices`). The shop
// keeps season prices per product: a variant's code is refused with a word on why.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { arrayParam, BATCH_ROWS, batches, rowsOf } from './batch-sql';
import { codeCell, priceCell } from './cell-values';
import { checkColumns, type ColumnSet, ListedOnce, RowCells } from './column-set';
import { customerIdsByCode } from './people-cells';
import { emptyCounts, type ImportKind, type ImportOptions, type Tx } from './import-kind';
import type { ImportProblem } from './import-problems';
import type { SourceTable } from './read-rows';

export const SEASON_PRICE_COLUMNS: ColumnSet = {
  kind: 'season-prices',
  fixed: ['season', 'code', 'price', 'customer'],
  localized: [],
  customFields: false,
  required: ['season', 'code', 'price'],
};

interface SeasonPriceRow {
  line: number;
  season: string;
  code: string;
  price: number;
  customer?: string;
}

interface Target {
  seasonId: number;
  productId: number;
  price: number;
  /** A price agreed with this customer for the season; none: everybody's season price. */
  customerId?: number;
}

export const seasonPriceKind: ImportKind = {
  name: 'season-prices',
  columns: SEASON_PRICE_COLUMNS,
  async plan(db: Db, table: SourceTable, options: ImportOptions) {
    const problems: ImportProblem[] = checkColumns(SEASON_PRICE_COLUMNS, table);
    if (problems.length) return { problems };
    const rows: SeasonPriceRow[] = [];
    const listed = new ListedOnce();
    for (const source of table.rows) {
      const cells = new RowCells(source, problems);
      const season = cells.read('season', codeCell, { required: true });
      const code = cells.read('code', codeCell, { required: true });
      const price = cells.read('price', priceCell, { required: true });
      const customer = cells.read('customer', codeCell);
      if (!season || !code || price === undefined) continue;
      const why = customer ? ` for season ${season} and customer ${customer}; a customer has one price per product and season` : ` for season ${season}; a product has one price per season`;
      if (!listed.first(cells, 'code', `${season}\u0000${code}\u0000${customer ?? ''}`, code, why)) continue;
      rows.push({ line: cells.line, season, code, price, customer });
    }
    const customers = await customerIdsByCode(db, rows.flatMap((r) => (r.customer ? [r.customer] : [])));
    const codes = [...new Set(rows.map((r) => r.code))];
    const seasons = new Map(
      (await queryRows<{ id: number; code: string }>(db, sql`select id, code from seasons where code = any(${arrayParam([...new Set(rows.map((r) => r.season))], 'text')})`)).map((s) => [s.code, s.id]),
    );
    const products = new Map((await queryRows<{ id: number; code: string }>(db, sql`select id, code from products where code = any(${arrayParam(codes, 'text')})`)).map((p) => [p.code, p.id]));
    const variants = new Set((await queryRows<{ code: string }>(db, sql`select code from variants where code = any(${arrayParam(codes, 'text')})`)).map((v) => v.code));
    const targets: Target[] = [];
    for (const row of rows) {
      const seasonId = seasons.get(row.season);
      const productId = products.get(row.code);
      if (seasonId === undefined) problems.push({ line: row.line, column: 'season', value: row.season, message: 'is not the code of a season in the shop' });
      if (productId === undefined) {
        const message = variants.has(row.code)
          ? 'is the code of a variant; season prices are per product (agree a variant\'s price with a customer through the price sync)'
          : 'is not the code of a product in the shop';
        problems.push({ line: row.line, column: 'code', value: row.code, message });
      }
      const customerId = row.customer ? customers.get(row.customer) : undefined;
      if (row.customer && customerId === undefined) {
        problems.push({ line: row.line, column: 'customer', value: row.customer, message: 'is not the code of a customer in the shop (import the customers first)', code: 'not_found' });
        continue;
      }
      if (seasonId !== undefined && productId !== undefined) targets.push({ seasonId, productId, price: row.price, customerId });
    }
    if (problems.length) return { problems };
    const hasCustomers = table.columns.includes('customer');
    return {
      problems: [],
      plan: {
        write: async (tx: Tx) => {
          const seasonsNamed = [...new Set(targets.map((t) => t.seasonId))];
          const [everybody] = await writeSeasonPrices(tx, targets.filter((t) => t.customerId === undefined), table.skipped, options, seasonsNamed);
          if (!hasCustomers) return [everybody!];
          return [everybody!, await writeCustomerSeasonPrices(tx, targets, options)];
        },
      },
    };
  },
};

async function writeSeasonPrices(tx: Tx, targets: Target[], skipped: number, options: ImportOptions, seasonsNamed: number[]) {
  const counts = { ...emptyCounts('season prices'), skipped };
  let done = 0;
  for (const batch of batches(targets)) {
    const written = await rowsOf<{ inserted: boolean }>(
      tx,
      sql`with t as (select * from unnest(${arrayParam(batch.map((t) => t.seasonId), 'int')}, ${arrayParam(batch.map((t) => t.productId), 'int')}, ${arrayParam(batch.map((t) => t.price), 'numeric')})
                     as t(season_id, product_id, price))
          insert into season_prices (season_id, product_id, price)
          select t.season_id, t.product_id, t.price from t left join season_prices s on s.season_id = t.season_id and s.product_id = t.product_id
          -- Rows equal to the shop's are left out here already: an upsert would still lock them.
          where s.price is distinct from t.price
          on conflict (season_id, product_id) do update set price = excluded.price
          returning (xmax = 0) as inserted`,
    );
    const inserted = written.filter((r) => r.inserted).length;
    counts.created += inserted;
    counts.updated += written.length - inserted;
    done += batch.length;
    if (targets.length > BATCH_ROWS) options.progress(`season prices: ${done}/${targets.length} rows written`);
  }
  counts.unchanged = targets.length - counts.created - counts.updated;
  if (options.deleteMissing) {
    // Only in the seasons the file names: a file for one season leaves the others' prices alone.
    const removed = await rowsOf<{ product_id: number }>(
      tx,
      sql`delete from season_prices s where s.season_id = any(${arrayParam(seasonsNamed, 'int')})
            and not exists (select 1 from unnest(${arrayParam(targets.map((t) => t.seasonId), 'int')}, ${arrayParam(targets.map((t) => t.productId), 'int')}) as f(season_id, product_id)
                            where f.season_id = s.season_id and f.product_id = s.product_id)
          returning s.product_id`,
    );
    counts.retired = removed.length;
    if (removed.length) counts.notes.push(`${removed.length} season prices not in the file deleted (those products take their list or offer price in that season)`);
  }
  return [counts];
}

/**
 * Prices agreed with one customer for a season: the customer_prices row of the customer, product and
 * season with no variant and no validity dates (the one the pricing rules read as that customer's
 * season price). The table has no unique key for it, so each row is found first, then updated or added.
 */
async function writeCustomerSeasonPrices(tx: Tx, all: Target[], options: ImportOptions) {
  const targets = all.filter((t) => t.customerId !== undefined);
  const counts = emptyCounts('customer season prices');
  const whose = (t: { customerId?: number; productId: number; seasonId: number }) => `${t.customerId}/${t.productId}/${t.seasonId}`;
  const existing = new Map(
    (
      await rowsOf<{ id: number; customer_id: number; product_id: number; season_id: number; price: string }>(
        tx,
        sql`select cp.id, cp.customer_id, cp.product_id, cp.season_id, cp.price::text as price from customer_prices cp
            join unnest(${arrayParam(targets.map((t) => t.customerId!), 'int')}, ${arrayParam(targets.map((t) => t.productId), 'int')}, ${arrayParam(targets.map((t) => t.seasonId), 'int')}) as t(c, p, s)
              on cp.customer_id = t.c and cp.product_id = t.p and cp.season_id = t.s
            where cp.variant_id is null and cp.valid_from is null and cp.valid_to is null`,
      )
    ).map((r) => [whose({ customerId: r.customer_id, productId: r.product_id, seasonId: r.season_id }), r]),
  );
  const changed = targets.flatMap((t) => {
    const row = existing.get(whose(t));
    return row && Number(row.price) !== t.price ? [{ id: row.id, price: t.price }] : [];
  });
  const added = targets.filter((t) => !existing.has(whose(t)));
  for (const batch of batches(changed)) {
    await tx.execute(sql`update customer_prices cp set price = t.price from unnest(${arrayParam(batch.map((c) => c.id), 'int')}, ${arrayParam(batch.map((c) => c.price), 'numeric')}) as t(id, price) where cp.id = t.id`);
  }
  for (const batch of batches(added)) {
    // with ordinality: the rows go in in the file's order.
    await tx.execute(sql`insert into customer_prices (customer_id, product_id, season_id, price)
      select c, p, s, price from unnest(${arrayParam(batch.map((t) => t.customerId!), 'int')}, ${arrayParam(batch.map((t) => t.productId), 'int')}, ${arrayParam(batch.map((t) => t.seasonId), 'int')},
        ${arrayParam(batch.map((t) => t.price), 'numeric')}) with ordinality as t(c, p, s, price, n) order by n`);
  }
  counts.created = added.length;
  counts.updated = changed.length;
  counts.unchanged = targets.length - added.length - changed.length;
  if (options.deleteMissing) {
    // In the seasons the file names, for every customer: the file is the list of customer season prices.
    const removed = await rowsOf<{ id: number }>(
      tx,
      sql`delete from customer_prices cp where cp.season_id = any(${arrayParam([...new Set(all.map((t) => t.seasonId))], 'int')})
            and cp.variant_id is null and cp.valid_from is null and cp.valid_to is null
            and not exists (select 1 from unnest(${arrayParam(targets.map((t) => t.customerId!), 'int')}, ${arrayParam(targets.map((t) => t.productId), 'int')}, ${arrayParam(targets.map((t) => t.seasonId), 'int')}) as f(c, p, s)
                            where f.c = cp.customer_id and f.p = cp.product_id and f.s = cp.season_id)
          returning cp.id`,
    );
    counts.retired = removed.length;
    if (removed.length) counts.notes.push(`${removed.length} customer season prices not in the file deleted (those customers pay their other prices in that season)`);
  }
  return counts;
}
