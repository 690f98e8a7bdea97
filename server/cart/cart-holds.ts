// Renewing the holds of a cart's rows when the cart is read (ADR 0016). A row whose hold ran out
// holds nothing; on the next read it takes its units again if the stock not held by others still
// covers them, under the same stock item locks and the same check as a quantity change. A row the
// stock no longer covers stays as it is, unheld, and its priced row says so (stock_problem).
import { asc, inArray } from 'drizzle-orm';
import { cartQuantityProblem } from '../../src/lib/rules/cart';
import { cartRowsHoldStock, holdEnd } from '../../src/lib/rules/stock-effect';
import type { Db } from '../db/client';
import { cartRows, products, variants } from '../db/schema';
import type { CartRecord, CartRowRecord } from './cart-rows';
import { heldByCarts, readCartSettings, stockKey } from './stock';

/** Renews the lapsed holds the stock allows; answers the rows as they are now stored. */
export async function renewHolds(db: Db, cart: CartRecord, rows: CartRowRecord[], now: Date): Promise<CartRowRecord[]> {
  const lapsed = rows.filter((r) => r.heldUntil <= now);
  if (lapsed.length === 0) return rows;
  const { effect, holdMinutes: minutes } = await readCartSettings(db);
  if (!cartRowsHoldStock(effect, cart.shopContext)) return rows;
  const renewed = await db.transaction(async (tx) => {
    const productIds = [...new Set(lapsed.map((r) => r.productId))].sort((a, b) => a - b);
    const plainIds = [...new Set(lapsed.flatMap((r) => (r.variantId === null ? [r.productId] : [])))].sort((a, b) => a - b);
    const variantIds = [...new Set(lapsed.flatMap((r) => (r.variantId === null ? [] : [r.variantId])))].sort((a, b) => a - b);
    // The lock a quantity change takes on each stock item (cart-store.ts), products then
    // variants, each in id order as checkout's decrements take them, so none of them deadlock.
    const locked = plainIds.length
      ? await tx
          .select({ id: products.id, quantity: products.quantity, isBackorderable: products.isBackorderable })
          .from(products)
          .where(inArray(products.id, plainIds))
          .orderBy(asc(products.id))
          .for('update')
      : [];
    const variantRows = variantIds.length
      ? await tx
          .select({ id: variants.id, quantity: variants.quantity, isBackorderable: variants.isBackorderable })
          .from(variants)
          .where(inArray(variants.id, variantIds))
          .orderBy(asc(variants.id))
          .for('update')
      : [];
    const productOf = new Map(locked.map((p) => [p.id, p]));
    const variantOf = new Map(variantRows.map((v) => [v.id, v]));
    const held = await heldByCarts(tx, productIds, effect, now, cart.id);
    const ok = lapsed.filter((r) => {
      const item = r.variantId === null ? productOf.get(r.productId) : variantOf.get(r.variantId);
      if (!item) return false;
      const problem = cartQuantityProblem({
        requested: r.qty,
        current: 0,
        stock: item.quantity,
        heldByOthers: held.get(stockKey(r.productId, r.variantId)) ?? 0,
        rowsHoldStock: true,
        isBackorderable: item.isBackorderable,
      });
      return problem === null;
    });
    if (ok.length === 0) return new Map<number, Date>();
    const until = holdEnd(now, minutes);
    await tx.update(cartRows).set({ heldUntil: until }).where(inArray(cartRows.id, ok.map((r) => r.id)));
    return new Map(ok.map((r) => [r.id, until]));
  });
  return rows.map((r) => (renewed.has(r.id) ? { ...r, heldUntil: renewed.get(r.id)! } : r));
}
