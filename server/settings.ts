import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { anyOf, prepared } from './db/prepared';
import { systemSettings } from './db/schema';
import { shopError } from './shop-errors';

/** Reads some settings at once; keys not stored are absent from the answer. */
export async function readSettings<K extends string>(db: Db, keys: readonly K[]): Promise<Partial<Record<K, string>>> {
  // Asked by most requests (the stock effect of every listing): a named statement (ADR 0035).
  const rows = await prepared(db, 'read_settings', (db) => db.select().from(systemSettings).where(anyOf(systemSettings.key, 'keys'))).execute({
    keys: [...keys],
  });
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<Record<K, string>>;
}

export const isOn = (value: string | undefined) => value === 'true' || value === '1';

/** A setting the storefront may read without signing in (config/system/{key}/); SettingNotFound otherwise. */
export async function publicSetting(db: Db, key: string): Promise<{ key: string; value: string }> {
  const [row] = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(and(eq(systemSettings.key, key), eq(systemSettings.isPublic, true)));
  if (!row) throw shopError('SettingNotFound');
  return row;
}
