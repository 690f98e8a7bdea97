// Prices of many products for one customer and season in a few queries (never one per row).
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { effectivePrice, type PriceSource } from '../../src/lib/rules/pricing';
import type { Db } from '../db/client';
import { customerPrices, products, seasonPrices, variants } from '../db/schema';
import { anyOf, prepared, together } from '../db/prepared';

export interface ResolvedPrice {
  standard_price: number;
  special_price: number | null;
  /** What the customer pays per unit. */
  price: number;
  source: PriceSource;
}

export interface PriceQuery {
  customerId?: number | null;
  seasonId?: number | null;
}

/** A product's list and special price, when the caller has just read them. */
export type KnownBase = ReadonlyMap<number, { standard: number; special: number | null }>;

/**
 * Prices by product id (variant prices: see priceVariants). `known` gives the list and special
 * prices the caller read with its rows (a listing page): when it holds every id they are not read again.
 */
export async function priceProducts(db: Db, productIds: number[], q: PriceQuery, known?: KnownBase): Promise<Map<number, ResolvedPrice>> {
  const out = new Map<number, ResolvedPrice>();
  if (productIds.length === 0) return out;
  // Independent reads, at once on the pool (one after another in a transaction), each a named
  // statement (ADR 0035).
  const ids = { ids: productIds };
  const [base, agreed, seasonal] = await together(
    db,
    () =>
      known && productIds.every((id) => known.has(id))
        ? Promise.resolve(productIds.map((id) => ({ id, ...known.get(id)! })))
        : prepared(db, 'price_products_base', (db) =>
            db.select({ id: products.id, standard: products.standardPrice, special: products.specialPrice }).from(products).where(anyOf(products.id, 'ids')),
          ).execute(ids),
    () =>
      q.customerId
        ? prepared(db, q.seasonId ? 'price_products_agreed_season' : 'price_products_agreed', (db) =>
            db
              .select()
              .from(customerPrices)
              .where(
                and(
                  eq(customerPrices.customerId, sql.placeholder('customer')),
                  anyOf(customerPrices.productId, 'ids'),
                  isNull(customerPrices.variantId),
                  q.seasonId ? or(isNull(customerPrices.seasonId), eq(customerPrices.seasonId, sql.placeholder('season'))) : isNull(customerPrices.seasonId),
                ),
              ),
          ).execute({ ...ids, customer: q.customerId, season: q.seasonId })
        : Promise.resolve([]),
    () =>
      q.seasonId
        ? prepared(db, 'price_products_season', (db) =>
            db.select().from(seasonPrices).where(and(eq(seasonPrices.seasonId, sql.placeholder('season')), anyOf(seasonPrices.productId, 'ids'))),
          ).execute({ ...ids, season: q.seasonId })
        : Promise.resolve([]),
  );
  const today = new Date().toISOString().slice(0, 10);
  const valid = (p: typeof customerPrices.$inferSelect) => (!p.validFrom || p.validFrom <= today) && (!p.validTo || p.validTo >= today);
  for (const p of base) {
    const mine = agreed.filter((a) => a.productId === p.id && valid(a));
    const resolved = effectivePrice({
      standard: p.standard,
      special: p.special,
      customerSeason: mine.find((a) => a.seasonId !== null)?.price ?? null,
      customer: mine.find((a) => a.seasonId === null)?.price ?? null,
      season: seasonal.find((s) => s.productId === p.id)?.price ?? null,
    });
    out.set(p.id, { standard_price: p.standard, special_price: p.special, price: resolved.price, source: resolved.source });
  }
  return out;
}

/** Prices by variant id: an agreed variant price, else the variant's special, else its standard. */
export async function priceVariants(db: Db, variantIds: number[], q: PriceQuery): Promise<Map<number, ResolvedPrice>> {
  const out = new Map<number, ResolvedPrice>();
  if (variantIds.length === 0) return out;
  const ids = { ids: variantIds };
  const [base, agreed] = await together(
    db,
    () =>
      prepared(db, 'price_variants_base', (db) =>
        db.select({ id: variants.id, standard: variants.standardPrice, special: variants.specialPrice }).from(variants).where(anyOf(variants.id, 'ids')),
      ).execute(ids),
    () =>
      q.customerId
        ? prepared(db, 'price_variants_agreed', (db) =>
            db
              .select()
              .from(customerPrices)
              .where(and(eq(customerPrices.customerId, sql.placeholder('customer')), anyOf(customerPrices.variantId, 'ids'))),
          ).execute({ ...ids, customer: q.customerId })
        : Promise.resolve([]),
  );
  for (const v of base) {
    const mine = agreed.filter((a) => a.variantId === v.id && (a.seasonId === null || a.seasonId === q.seasonId));
    const resolved = effectivePrice({
      standard: v.standard,
      special: v.special,
      customerSeason: mine.find((a) => a.seasonId !== null)?.price ?? null,
      customer: mine.find((a) => a.seasonId === null)?.price ?? null,
    });
    out.set(v.id, { standard_price: v.standard, special_price: v.special, price: resolved.price, source: resolved.source });
  }
  return out;
}
