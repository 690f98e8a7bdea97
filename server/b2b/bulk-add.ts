// Many lines into one cart at once (quick order, "add list to cart"; issue 16): one transaction
// that locks the products concerned (in id order, the lock a single quantity change takes), reads
// what it needs in one statement per table, applies the stock check of spec section 5 to each
// line in turn (addToRow) and writes every changed row in one statement.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BulkAddReason } from '../../src/lib/contract/b2b-codes';
import type { BulkAddLineResult, BulkLine } from '../../src/lib/contract/b2b-ordering';
import { addToRow } from '../../src/lib/rules/cart';
import { cartRowsHoldStock, holdEnd } from '../../src/lib/rules/stock-effect';
import type { CartRecord } from '../cart/cart-rows';
import { heldByCarts, readHoldMinutes, readStockEffect, stockKey } from '../cart/stock';
import type { Db } from '../db/client';
import { cartRows, carts, products, variants } from '../db/schema';
import { productsWithVariants } from './items';

interface RowState {
  rowQty: number;
  /** The row's units as the stock check counts them (0 while its hold has run out). */
  current: number;
  changed: boolean;
}

const refused = (line: number, l: BulkLine, reason: BulkAddReason, rowQty = 0, maxQty: number | null = null): BulkAddLineResult => ({
  line,
  product: l.product,
  variant: l.variant ?? null,
  requested: l.qty,
  added: 0,
  row_qty: rowQty,
  status: 'refused',
  reason,
  max_qty: maxQty,
});

/** Adds each line's quantity to the cart; lines of the same item add up, in order. */
export async function addLinesToCart(db: Db, cart: CartRecord, lines: BulkLine[], now: Date): Promise<BulkAddLineResult[]> {
  return db.transaction(async (tx) => {
    const productIds = [...new Set(lines.map((l) => l.product))].sort((a, b) => a - b);
    const variantIds = [...new Set(lines.flatMap((l) => (l.variant ? [l.variant] : [])))];
    const locked = await tx
      .select({ id: products.id, quantity: products.quantity, isBackorderable: products.isBackorderable, isPublished: products.isPublished })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('update');
    const variantRows = variantIds.length
      ? await tx
          .select({ id: variants.id, productId: variants.productId, quantity: variants.quantity, isBackorderable: variants.isBackorderable })
          .from(variants)
          .where(inArray(variants.id, variantIds))
      : [];
    const withVariants = await productsWithVariants(tx, productIds);
    const existing = await tx.select().from(cartRows).where(and(eq(cartRows.cartId, cart.id), inArray(cartRows.productId, productIds)));
    const effect = await readStockEffect(tx);
    const rowsHoldStock = cartRowsHoldStock(effect, cart.shopContext);
    const held = await heldByCarts(tx, productIds, effect, now, cart.id);
    const heldUntil = holdEnd(now, await readHoldMinutes(tx));

    const productOf = new Map(locked.map((p) => [p.id, p]));
    const variantOf = new Map(variantRows.map((v) => [v.id, v]));
    const state = new Map<string, RowState>(
      existing.map((r) => [
        stockKey(r.productId, r.variantId),
        { rowQty: r.qty, current: !rowsHoldStock || r.heldUntil > now ? r.qty : 0, changed: false },
      ]),
    );
    const results = lines.map((l, index): BulkAddLineResult => {
      const line = index + 1;
      const variantId = l.variant ?? null;
      const p = productOf.get(l.product);
      const v = variantId === null ? undefined : variantOf.get(variantId);
      if (!p || (variantId !== null && v?.productId !== p.id)) return refused(line, l, 'not_found');
      if (!p.isPublished) return refused(line, l, 'not_orderable');
      if (variantId === null && withVariants.has(p.id)) return refused(line, l, 'choose_variant');
      const key = stockKey(p.id, variantId);
      const row = state.get(key) ?? { rowQty: 0, current: 0, changed: false };
      const stock = v?.quantity ?? p.quantity;
      const isBackorderable = v?.isBackorderable ?? p.isBackorderable;
      const heldByOthers = held.get(key) ?? 0;
      const r = addToRow({ add: l.qty, rowQty: row.rowQty, current: row.current, stock, heldByOthers, isBackorderable });
      const maxQty = isBackorderable ? null : Math.max(stock - heldByOthers, row.current);
      const reason: BulkAddReason | null = r.limitedBy === 'row_limit' ? 'row_limit' : r.limitedBy === 'stock' ? 'quantity_not_available' : null;
      if (r.added === 0) return refused(line, l, reason ?? 'quantity_not_available', row.rowQty, maxQty);
      // The row now holds all its units afresh (it was just written), as after a quantity change.
      state.set(key, { rowQty: r.qty, current: r.qty, changed: true });
      return {
        line,
        product: p.id,
        variant: variantId,
        requested: l.qty,
        added: r.added,
        row_qty: r.qty,
        status: reason ? 'partly_added' : 'added',
        reason,
        max_qty: reason ? maxQty : null,
      };
    });

    const writes = [...state.entries()].filter(([, s]) => s.changed);
    if (writes.length > 0) {
      await tx
        .insert(cartRows)
        .values(
          writes.map(([key, s]) => {
            const [productId, variantId] = key.split(':');
            return { cartId: cart.id, productId: Number(productId), variantId: variantId ? Number(variantId) : null, qty: s.rowQty, heldUntil };
          }),
        )
        .onConflictDoUpdate({
          target: [cartRows.cartId, cartRows.productId, cartRows.variantId],
          set: { qty: sql`excluded.qty`, heldUntil: sql`excluded.held_until`, updatedAt: sql`now()` },
        });
      await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
    }
    return results;
  });
}
