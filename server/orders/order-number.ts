// Order numbers: the year and a counter of that year (`2026-000123`), unique even when many
// checkouts commit at once (migration 0015).
import { sql } from 'drizzle-orm';
import { formatOrderNumber } from '../../src/lib/rules/checkout';
import type { Db } from '../db/client';
import { preparedSql } from '../db/prepared';

/**
 * The next number of a year. Call it on the pool, before the checkout's transaction: the
 * statement commits at once, so the counter row is locked for microseconds, not for the whole
 * checkout, and its cost does not grow with the year's orders. A checkout that fails afterwards
 * leaves a gap, which order numbers may have.
 */
export async function nextOrderNumber(db: Db, year: number): Promise<string> {
  const [row] = await preparedSql<{ last: number }>(
    db,
    'next_order_number',
    () => sql`insert into order_number_counters (year, last) values (${sql.placeholder('year')}::int, 1)
        on conflict (year) do update set last = order_number_counters.last + 1
        returning last`,
  ).rows({ year });
  return formatOrderNumber(year, row!.last);
}
