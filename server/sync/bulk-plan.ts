// A sync joins thousands of input rows (jsonb_to_recordset, estimated at 100 rows) with tables
// whose statistics may be stale right after a big import (customer_prices estimated at 1 row):
// the planner then picks nested loops that compare every row with every other one (10,000
// prices: 17 s instead of well under one). Within the sync's transaction only, it is told not to,
// for large syncs: a few rows are best found through the indexes, by nested loops.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** From this many rows on, the table is read once rather than probed row by row. */
const MANY_ROWS = 1_000;

export async function preferHashJoins(tx: Db, rows: number): Promise<void> {
  if (rows >= MANY_ROWS) await tx.execute(sql`set local enable_nestloop = off`);
}
