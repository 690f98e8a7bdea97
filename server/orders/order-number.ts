// Order numbers: the year and a counter of that year (`2026-000123`), unique even when many
// checkouts commit at once.
import { sql } from 'drizzle-orm';
import { formatOrderNumber } from '../../src/lib/rules/checkout';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';

/** Any fixed number: the key of the transaction-scoped lock that serializes number allocation. */
const ORDER_NUMBER_LOCK = 730_001;

/**
 * The next number of a year. Call inside the transaction that inserts the order: the advisory
 * lock is held until it commits, so the next checkout reads the max after this order is visible.
 */
export async function nextOrderNumber(tx: Db, year: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_NUMBER_LOCK})`);
  const pattern = `^${year}-[0-9]+$`;
  const [row] = await queryRows<{ last: number | null }>(
    tx,
    sql`select max(substring(number from 6)::bigint)::int as last from orders where number ~ ${pattern}`,
  );
  return formatOrderNumber(year, (row?.last ?? 0) + 1);
}
