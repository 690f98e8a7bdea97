// The demo shop: seeded once on first start (idempotent), resettable with --reset.
import { asc, sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { mediaDirOf, privateDirOf } from '../config';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { customers, products, systemSettings, users } from '../db/schema';
import { drawProductPictures, finishCatalogue, seedCustomFieldsAndSeasons } from './catalogue';
import { seedCommerce } from './commerce';
import { importDemoFile } from './demo-files';
import { seedContent } from './content';
import { seedOrders } from './orders';
import { setDemoPasswords } from './people';
import { seededRandom } from './random';
import { seedSettings } from './settings';

/** Written last: its presence means the demo data is complete. */
export const SEED_MARKER = 'DEMO_SEEDED_AT';

export interface SeedOptions {
  /** Folder served at /media for generated pictures and documents; none in API tests. */
  mediaDir?: string;
  /** Folder for files only some users may download (customers' documents). */
  privateDir?: string;
  /** Empty every table (and the media folder) first. */
  reset?: boolean;
  log?: (message: string) => void;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from ${systemSettings} where ${systemSettings.key} = ${SEED_MARKER}`);
  return rows.length > 0;
}

export async function resetDatabase(db: Db) {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = current_schema() and tablename not like '\\_\\_%'`,
  );
  const names = tables.map((r) => `"${r.tablename}"`).join(', ');
  if (names) await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

/** Seeds the demo shop unless it is there already. Answers whether it seeded. */
/** For openShop's `prepare`: the demo data on first run, its media where the server looks for them. */
export function demoSeed(dataDir: string, log?: (m: string) => void): (db: Db) => Promise<boolean> {
  return (db) => seedDemoShop(db, { mediaDir: mediaDirOf(dataDir), privateDir: privateDirOf(dataDir), log });
}

export async function seedDemoShop(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const log = options.log ?? (() => {});
  if (options.reset) {
    await resetDatabase(db);
    if (options.mediaDir) await rm(options.mediaDir, { recursive: true, force: true });
    if (options.privateDir) await rm(options.privateDir, { recursive: true, force: true });
  } else if (await isSeeded(db)) {
    return false;
  } else {
    // A seed interrupted half way leaves rows behind; start again from empty tables.
    await resetDatabase(db);
  }
  const started = Date.now();
  const random = seededRandom(2026);
  const media = { mediaDir: options.mediaDir, privateDir: options.privateDir };
  log('seeding settings, drawing the product pictures…');
  await seedSettings(db);
  const { formatFieldId } = await seedCustomFieldsAndSeasons(db);
  if (media.mediaDir) await drawProductPictures(media.mediaDir);
  log('importing the catalogue (samples/demo)…');
  await importDemoFile(db, 'categories.csv', media);
  await importDemoFile(db, 'products.jsonl', media);
  await finishCatalogue(db, random, { formatFieldId, picturesDrawn: Boolean(media.mediaDir) });
  log('importing agents, customers, users, addresses and prices (samples/demo)…');
  for (const file of ['agents.csv', 'customers.csv', 'users.csv', 'addresses.csv', 'prices.csv', 'season-prices.csv'] as const) {
    await importDemoFile(db, file, media);
  }
  await setDemoPasswords(db);
  log('seeding content, payments, shipping, coupons and orders…');
  const customerRows = await db.select().from(customers).orderBy(asc(customers.id));
  const userRows = await db.select().from(users).orderBy(asc(users.id));
  const productRows = await db.select({ id: products.id, code: products.code }).from(products).orderBy(asc(products.id));
  const { canvasId } = await seedContent(db, media, customerRows.filter((c) => c.kind === 'b2b').map((c) => c.id));
  await seedCommerce(db, { productIdByCode: new Map(productRows.map((p) => [p.code, p.id])) }, canvasId);
  await seedOrders(db, random, { customerRows, userRows });
  await db.insert(systemSettings).values({ key: SEED_MARKER, value: new Date().toISOString(), isPublic: false });
  log(`demo shop seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

