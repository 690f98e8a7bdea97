// Stock held by cart rows, for the cart's stock checks, the live values and checkout. A row holds
// its units only while its hold is fresh (held_until after the moment asked about, ADR 0016), so
// an abandoned cart stops blocking others without any sweeper.
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { holdingContexts, parseHoldMinutes, parseStockEffect, type StockEffect } from '../../src/lib/rules/stock-effect';
import type { Db } from '../db/client';
import { cartRows, carts } from '../db/schema';
import { readSettings } from '../settings';

export async function readStockEffect(db: Db): Promise<StockEffect> {
  const s = await readSettings(db, ['CART_ROWS_AFFECT_STOCK', 'CART_ROWS_AFFECT_STOCK_TYPE'] as const);
  return parseStockEffect(s.CART_ROWS_AFFECT_STOCK, s.CART_ROWS_AFFECT_STOCK_TYPE);
}

/** CART_HOLD_MINUTES: how long an added, changed or renewed row holds its units. */
export async function readHoldMinutes(db: Db): Promise<number> {
  const s = await readSettings(db, ['CART_HOLD_MINUTES'] as const);
  return parseHoldMinutes(s.CART_HOLD_MINUTES);
}

/** Key of a stock item: a product, or one variant of it. */
export const stockKey = (productId: number, variantId: number | null | undefined) => `${productId}:${variantId ?? ''}`;

/**
 * Units held at `now` by the fresh rows of carts whose context holds stock, per stock item,
 * leaving out one cart (the one being edited, read or checked out, whose own rows are compared
 * separately). The cart's check, its rows and the live values all take this figure.
 */
export async function heldByCarts(db: Db, productIds: number[], effect: StockEffect, now: Date, exceptCartId?: number): Promise<Map<string, number>> {
  const contexts = holdingContexts(effect);
  const out = new Map<string, number>();
  if (productIds.length === 0 || contexts.length === 0) return out;
  const rows = await db
    .select({ productId: cartRows.productId, variantId: cartRows.variantId, held: sql<number>`sum(${cartRows.qty})::int` })
    .from(cartRows)
    .innerJoin(carts, eq(carts.id, cartRows.cartId))
    .where(
      and(
        inArray(cartRows.productId, productIds),
        gt(cartRows.heldUntil, now),
        inArray(carts.shopContext, contexts),
        exceptCartId === undefined ? undefined : ne(carts.id, exceptCartId),
      ),
    )
    .groupBy(cartRows.productId, cartRows.variantId);
  for (const r of rows) out.set(stockKey(r.productId, r.variantId), r.held);
  return out;
}
