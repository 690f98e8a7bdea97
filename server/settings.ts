import { inArray } from 'drizzle-orm';
import type { Db } from './db/client';
import { systemSettings } from './db/schema';

/** Reads some settings at once; keys not stored are absent from the answer. */
export async function readSettings<K extends string>(db: Db, keys: readonly K[]): Promise<Partial<Record<K, string>>> {
  const rows = await db.select().from(systemSettings).where(inArray(systemSettings.key, [...keys]));
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<Record<K, string>>;
}

export const isOn = (value: string | undefined) => value === 'true' || value === '1';
