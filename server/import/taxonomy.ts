// The storefront shows the "Default" category tree; an empty shop gets it on its first import.
import { sql } from 'drizzle-orm';
import { rowsOf } from './batch-sql';
import type { Tx } from './import-kind';

export const TAXONOMY_CODE = 'Default';

export async function ensureTaxonomy(tx: Tx): Promise<number> {
  await tx.execute(sql`insert into taxonomies (code, name) values (${TAXONOMY_CODE}, ${TAXONOMY_CODE}) on conflict (code) do nothing`);
  const [row] = await rowsOf<{ id: number }>(tx, sql`select id from taxonomies where code = ${TAXONOMY_CODE}`);
  return row!.id;
}
