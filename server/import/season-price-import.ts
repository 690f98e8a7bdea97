// The `season-prices` import kind: the price of a product for everybody during a season (when the
// shop has seasons switched on), by season code and product code. Prices agreed with one customer
// go by the price sync (`npm run import -- prices`). The shop keeps season prices per product:
// a variant's code is refused with a word on why.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { arrayParam, BATCH_ROWS, batches, rowsOf } from './batch-sql';
import { codeCell, priceCell } from './cell-values';
import { checkColumns, type ColumnSet, ListedOnce, RowCells } from './column-set';
import { emptyCounts, type ImportKind, type ImportOptions, type Tx } from './import-kind';
import type { ImportProblem } from './import-problems';
import type { SourceTable } from './read-rows';

export const SEASON_PRICE_COLUMNS: ColumnSet = {
  kind: 'season-prices',
  fixed: ['season', 'code', 'price'],
  localized: [],
  customFields: false,
  required: ['season', 'code', 'price'],
};

interface SeasonPriceRow {
  line: number;
  season: string;
  code: string;
  price: number;
}

interface Target {
  seasonId: number;
  productId: number;
  price: number;
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
      if (!season || !code || price === undefined) continue;
      if (!listed.first(cells, 'code', `${season}\u0000${code}`, code, ` for season ${season}; a product has one price per season`)) continue;
      rows.push({ line: cells.line, season, code, price });
    }
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
      if (seasonId !== undefined && productId !== undefined) targets.push({ seasonId, productId, price: row.price });
    }
    if (problems.length) return { problems };
    return { problems: [], plan: { write: (tx: Tx) => writeSeasonPrices(tx, targets, table.skipped, options) } };
  },
};

async function writeSeasonPrices(tx: Tx, targets: Target[], skipped: number, options: ImportOptions) {
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
      sql`delete from season_prices s where s.season_id = any(${arrayParam([...new Set(targets.map((t) => t.seasonId))], 'int')})
            and not exists (select 1 from unnest(${arrayParam(targets.map((t) => t.seasonId), 'int')}, ${arrayParam(targets.map((t) => t.productId), 'int')}) as f(season_id, product_id)
                            where f.season_id = s.season_id and f.product_id = s.product_id)
          returning s.product_id`,
    );
    counts.retired = removed.length;
    if (removed.length) counts.notes.push(`${removed.length} season prices not in the file deleted (those products take their list or offer price in that season)`);
  }
  return [counts];
}
