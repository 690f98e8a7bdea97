// Which customer and season a catalogue call prices for, and those prices merged into its answer.
import { eq } from 'drizzle-orm';
import type { ProductPrice } from '../../src/lib/contract/products';
import { shopError } from '../shop-errors';
import { resolveCustomer } from '../auth/permissions';
import type { Db } from '../db/client';
import { seasons } from '../db/schema';
import { priceProducts, priceVariants, type PriceQuery } from './prices';

/**
 * The customer whose view (prices, own documents) a call shows: the one named (only by a user who may act
 * for it), else a signed-in customer's own; none for anonymous callers and agents who name none.
 * `required` (annotate_ordered_qty) makes a customer mandatory, as for any call acting for one.
 */
export async function viewingCustomer(db: Db, user: Viewer | undefined, named: number | undefined, required = false): Promise<number | undefined> {
  if (needsUser(named, required)) {
    if (!user) throw shopError('NotAuthenticated');
    return resolveCustomer(db, user, named);
  }
  return user && !user.isAgent && user.customerId !== null ? user.customerId : undefined;
}

/** Whether viewingCustomer needs a signed-in user: the caller then makes sure there is one. */
export const needsUser = (named: number | undefined, required = false) => named !== undefined || required;

type Viewer = Parameters<typeof resolveCustomer>[1];

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
  // The items carry their list and special prices: only the customer's and season's are read.
  const known = new Map(items.map((i) => [i.id, { standard: i.price.standard_price, special: i.price.special_price }]));
  const prices = await priceProducts(db, items.map((i) => i.id), q, known);
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
