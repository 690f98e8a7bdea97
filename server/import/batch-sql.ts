// Set-based statements for imports: a column of values travels as one array parameter and is
// spread by unnest(), so a batch of thousands of rows is one statement of fixed size (no limit
// on parameters, no SQL text growing with the batch).
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './import-kind';

export type PgArrayType = 'int' | 'text' | 'numeric' | 'boolean' | 'jsonb';

/** `$n::type[]` for a column of values. */
export const arrayParam = (values: readonly unknown[], type: PgArrayType): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`;

export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows per statement: big enough to be fast, small enough to report progress on long files. */
export const BATCH_ROWS = 5_000;

export function* batches<T>(items: readonly T[], size = BATCH_ROWS): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
