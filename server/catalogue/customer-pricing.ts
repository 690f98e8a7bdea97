// Which season a catalogue call prices for, and the customer's prices merged into its answer
// (the customer itself is chosen from the request in server/api/viewing-customer.ts).
import { eq } from 'drizzle-orm';
import type { ProductPrice } from '../../src/lib/contract/products';
import { shopError } from '../shop-errors';
import type { Db } from '../db/client';
import { seasons } from '../db/schema';
import { priceProducts, priceVariants, type PriceQuery } from './prices';

/** 400 on `season` when it names no season. */
export async function assertSeason(db: Db, seasonId: number | undefined): Promise<void> {
  if (seasonId === undefined) return;
  const [row] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId)).limit(1);
  if (!row) throw shopError('ValidationFailed', [{ field: 'season', code: 'invalid', message: 'Unknown season.' }]);
}

type Priced = { id: number; price: ProductPrice };

/** Adds what the customer pays (and why) to each item's price, with one batch of queries. */
export async function withProductPrices<T extends Priced>(db: Db, items: T[], q: PriceQuery): Promise<T[]> {
  if (!q.customerId && !q.seasonId) return items;
  const prices = await priceProducts(db, items.map((i) => i.id), q);
  return items.map((item) => merge(item, prices.get(item.id)));
}

export async function withVariantPrices<T extends Priced>(db: Db, items: T[], q: PriceQuery): Promise<T[]> {
  if (!q.customerId && !q.seasonId) return items;
  const prices = await priceVariants(db, items.map((i) => i.id), q);
  return items.map((item) => merge(item, prices.get(item.id)));
}

function merge<T extends Priced>(item: T, resolved: { price: number; source: ProductPrice['source'] } | undefined): T {
  return resolved ? { ...item, price: { ...item.price, price: resolved.price, source: resolved.source } } : item;
}
