// Helpers of the import tests: run an import of a sample file or of text written in the test.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import type { Db } from '../../server/db/client';
import { queryRows } from '../../server/db/raw';
import type { ImportCounts, ImportOptions } from '../../server/import/import-kind';
import { formatProblem } from '../../server/import/import-problems';
import { importKind } from '../../server/import/kinds';
import { runImport } from '../../server/import/run-import';
import { seedDemoShop } from '../../server/seed/seed';
import { openTestDatabase, type TestDatabase } from './test-db';

export const SAMPLES = path.join(ROOT_DIR, 'samples/import');

/** An empty shop and a copy of the demo shop, opened before the file's tests and dropped after. */
export function emptyAndDemoShops(): { empty: TestDatabase; demo: TestDatabase } {
  const shops = {} as { empty: TestDatabase; demo: TestDatabase };
  beforeAll(async () => {
    shops.empty = await openTestDatabase();
    shops.demo = await openTestDatabase({ template: 'seeded' });
    if (!shops.demo.seeded) await seedDemoShop(shops.demo.db);
  });
  afterAll(async () => {
    await shops.empty?.destroy();
    await shops.demo?.destroy();
  });
  return shops;
}
export const sample = (name: string) => ({ bytes: readFileSync(path.join(SAMPLES, name)), name });
export const textFile = (name: string, text: string) => ({ bytes: new TextEncoder().encode(text), name });

export const tempMediaDir = () => mkdtempSync(path.join(os.tmpdir(), 'import-media-'));

export interface Imported {
  ok: boolean;
  /** Problems as the CLI prints them. */
  problems: string[];
  counts: Record<string, ImportCounts>;
}

export async function importFile(db: Db, kind: string, file: { bytes: Uint8Array; name: string }, options: Partial<ImportOptions> = {}): Promise<Imported> {
  const outcome = await runImport(db, importKind(kind)!, file, { dryRun: false, deleteMissing: false, progress: () => {}, ...options });
  if (!outcome.ok) return { ok: false, problems: outcome.problems.map(formatProblem), counts: {} };
  return { ok: true, problems: [], counts: Object.fromEntries(outcome.counts.map((c) => [c.records, c])) };
}

/** Everything an import may write, as one comparable snapshot (ids, texts, links, change times). */
export async function catalogueSnapshot(db: Db) {
  const one = async (query: ReturnType<typeof sql>) => JSON.stringify(await queryRows(db, query));
  return {
    products: await one(sql`select id, code, slug, brand, standard_price, special_price, vat_rate, quantity, is_backorderable, unit, weight_kg, is_published, write_date::text from products order by id`),
    texts: await one(sql`select * from product_translations order by product_id, locale`),
    variants: await one(sql`select id, product_id, code, name, standard_price, special_price, quantity, position, write_date::text from variants order by id`),
    links: await one(sql`select (select count(*) from product_categories) as pc, (select count(*) from product_relations) as pr, (select count(*) from product_custom_values) as pcv, (select count(*) from assets) as a`),
    categories: await one(sql`select id, slug, parent_id, path, depth, position, is_active, updated_at::text from categories order by id`),
    categoryTexts: await one(sql`select * from category_translations order by category_id, locale`),
    changes: await one(sql`select coalesce(max(id), 0) as last from page_changes`),
  };
}
