// Live values of many products at once (GET products/live/): stock, availability and prices of
// the products and their variants. A fixed number of set-based queries whatever the number of
// ids: products, variants, then the batched price queries of prices.ts.
//
// The quantity is what the viewer can put in the cart now: the stock less what other carts hold
// while their holds are fresh (CART_ROWS_AFFECT_STOCK, ADR 0016), the same figure (heldByCarts
// and rowStock) the cart's own check uses. The viewer's own open cart is left out, as the cart
// leaves itself out.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LivePrice, LiveProductValues } from '../../src/lib/contract/live-values';
import { rowStock } from '../../src/lib/rules/cart';
import { stockState } from '../../src/lib/rules/stock';
import type { StockEffect } from '../../src/lib/rules/stock-effect';
import { heldByCarts, stockKey } from '../cart/stock';
import { grossOf } from '../../src/lib/rules/vat-display';
import type { Db } from '../db/client';
import { anyOf, prepared, together } from '../db/prepared';
import { customers, products, variants } from '../db/schema';
import { priceProducts, priceVariants, type PriceQuery, type ResolvedPrice } from './prices';

export interface LiveHolds {
  effect: StockEffect;
  now: Date;
  /** The viewer's open cart in this context and season, whose own rows do not limit the viewer. */
  viewerCartId?: number;
}

const toPrice = (base: { standard: number; special: number | null }, resolved: ResolvedPrice | undefined, vatRate: number, vatIncluded: boolean): LivePrice => {
  const price = resolved?.price ?? base.special ?? base.standard;
  return {
    standard_price: resolved?.standard_price ?? base.standard,
    special_price: resolved ? resolved.special_price : base.special,
    price,
    vat_rate: vatRate,
    vat_included: vatIncluded,
    shown_price: vatIncluded ? grossOf(price, vatRate) : price,
  };
};

/**
 * Whether the prices are shown with VAT (src/lib/rules/vat-display.ts): the public answer (no
 * customer) includes VAT, a customer's answer follows its kind, also when an agent asks for it.
 */
async function vatIncludedFor(db: Db, customerId: number | null | undefined): Promise<boolean> {
  if (customerId == null) return true;
  const [c] = await prepared(db, 'customer_kind', (db) =>
    db.select({ kind: customers.kind }).from(customers).where(eq(customers.id, sql.placeholder('id'))),
  ).execute({ id: customerId });
  return c?.kind !== 'b2b';
}

/**
 * A product list's quantity and stock state from the same live figure as `liveValues` (the stock
 * less what other carts hold while their holds are fresh, the viewer's own cart left out), so the
 * listing's badge says what the product page and the cart say at the same moment.
 */
export async function withHeldStock<P extends { id: number; quantity: number; is_backorderable: boolean; stock_state: string }>(
  db: Db,
  list: readonly P[],
  holds: LiveHolds,
): Promise<P[]> {
  const held = await heldByCarts(db, list.map((p) => p.id), holds.effect, holds.now, holds.viewerCartId);
  if (held.size === 0) return [...list];
  return list.map((p) => {
    const quantity = rowStock(p.quantity, held.get(stockKey(p.id, null)) ?? 0);
    return quantity === p.quantity ? p : { ...p, quantity, stock_state: stockState(quantity, p.is_backorderable) };
  });
}

/** Published products among `ids`, in the order of `ids`; unknown or unpublished ids are left out. */
export async function liveValues(db: Db, ids: readonly number[], q: PriceQuery, holds: LiveHolds): Promise<LiveProductValues[]> {
  if (ids.length === 0) return [];
  const found = await prepared(db, 'live_values_products', (db) =>
    db
      .select({ id: products.id, quantity: products.quantity, isBackorderable: products.isBackorderable, standard: products.standardPrice, special: products.specialPrice, vatRate: products.vatRate })
      .from(products)
      .where(and(anyOf(products.id, 'ids'), eq(products.isPublished, true))),
  ).execute({ ids: [...ids] });
  if (found.length === 0) return [];
  const productIds = found.map((p) => p.id);
  // Independent reads at once on the pool (one after another in a transaction).
  const [variantRows, productPrices, held, vatIncluded] = await together(
    db,
    () =>
      prepared(db, 'live_values_variants', (db) =>
        db
          .select({
            id: variants.id,
            productId: variants.productId,
            quantity: variants.quantity,
            isBackorderable: variants.isBackorderable,
            standard: variants.standardPrice,
            special: variants.specialPrice,
          })
          .from(variants)
          .where(anyOf(variants.productId, 'ids'))
          .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
      ).execute({ ids: productIds }),
    () => priceProducts(db, productIds, q),
    () => heldByCarts(db, productIds, holds.effect, holds.now, holds.viewerCartId),
    () => vatIncludedFor(db, q.customerId),
  );
  const variantPrices = await priceVariants(db, variantRows.map((v) => v.id), q);
  const vatRateOf = new Map(found.map((p) => [p.id, p.vatRate]));
  const variantsOf = new Map<number, LiveProductValues['variants']>();
  for (const v of variantRows) {
    const list = variantsOf.get(v.productId) ?? [];
    const quantity = rowStock(v.quantity, held.get(stockKey(v.productId, v.id)) ?? 0);
    list.push({
      id: v.id,
      quantity,
      is_backorderable: v.isBackorderable,
      stock_state: stockState(quantity, v.isBackorderable),
      price: toPrice(v, variantPrices.get(v.id), vatRateOf.get(v.productId) ?? 0, vatIncluded),
    });
    variantsOf.set(v.productId, list);
  }
  const byId = new Map(found.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const quantity = rowStock(p.quantity, held.get(stockKey(p.id, null)) ?? 0);
    return [
      {
        id: p.id,
        quantity,
        is_backorderable: p.isBackorderable,
        stock_state: stockState(quantity, p.isBackorderable),
        price: toPrice(p, productPrices.get(p.id), p.vatRate, vatIncluded),
        variants: variantsOf.get(p.id) ?? [],
      },
    ];
  });
}
