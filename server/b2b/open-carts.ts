// The open cart total of many customers at once (the agent's customer picker, issue 16): every
// row of their carts priced for its cart's customer and season as priceProducts and
// priceVariants do, in five statements whatever the number of customers.
import { and, eq, inArray } from 'drizzle-orm';
import { effectivePrice, round2 } from '../../src/lib/rules/pricing';
import type { Db } from '../db/client';
import { inOrder } from '../db/in-order';
import { cartRows, carts, customerPrices, products, seasonPrices, variants } from '../db/schema';

export interface OpenCartTotal {
  rows: number;
  /** Net, before discounts (the cart's subtotal). */
  total: number;
}

export async function openCartTotals(db: Db, customerIds: number[]): Promise<Map<number, OpenCartTotal>> {
  const out = new Map<number, OpenCartTotal>();
  if (customerIds.length === 0) return out;
  const rows = await db
    .select({ customerId: carts.customerId, seasonId: carts.seasonId, productId: cartRows.productId, variantId: cartRows.variantId, qty: cartRows.qty })
    .from(cartRows)
    .innerJoin(carts, eq(carts.id, cartRows.cartId))
    .where(inArray(carts.customerId, customerIds));
  if (rows.length === 0) return out;
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const variantIds = [...new Set(rows.flatMap((r) => (r.variantId === null ? [] : [r.variantId])))];
  const seasonIds = [...new Set(rows.flatMap((r) => (r.seasonId === null ? [] : [r.seasonId])))];
  const [productBase, variantBase, agreed, seasonal] = await inOrder(
    () => db.select({ id: products.id, standard: products.standardPrice, special: products.specialPrice }).from(products).where(inArray(products.id, productIds)),
    () =>
      variantIds.length
        ? db.select({ id: variants.id, standard: variants.standardPrice, special: variants.specialPrice }).from(variants).where(inArray(variants.id, variantIds))
        : Promise.resolve([]),
    () => db.select().from(customerPrices).where(and(inArray(customerPrices.customerId, customerIds), inArray(customerPrices.productId, productIds))),
    () => (seasonIds.length ? db.select().from(seasonPrices).where(and(inArray(seasonPrices.seasonId, seasonIds), inArray(seasonPrices.productId, productIds))) : Promise.resolve([])),
  );
  const productOf = new Map(productBase.map((p) => [p.id, p]));
  const variantOf = new Map(variantBase.map((v) => [v.id, v]));
  const today = new Date().toISOString().slice(0, 10);
  const valid = (p: typeof customerPrices.$inferSelect) => (!p.validFrom || p.validFrom <= today) && (!p.validTo || p.validTo >= today);
  for (const r of rows) {
    let price: number | undefined;
    if (r.variantId !== null) {
      const v = variantOf.get(r.variantId);
      if (v) {
        const mine = agreed.filter((a) => a.customerId === r.customerId && a.variantId === r.variantId && (a.seasonId === null || a.seasonId === r.seasonId));
        price = effectivePrice({
          standard: v.standard,
          special: v.special,
          customerSeason: mine.find((a) => a.seasonId !== null)?.price ?? null,
          customer: mine.find((a) => a.seasonId === null)?.price ?? null,
        }).price;
      }
    } else {
      const p = productOf.get(r.productId);
      if (p) {
        const mine = agreed.filter(
          (a) => a.customerId === r.customerId && a.productId === r.productId && a.variantId === null && (a.seasonId === null || a.seasonId === r.seasonId) && valid(a),
        );
        price = effectivePrice({
          standard: p.standard,
          special: p.special,
          customerSeason: mine.find((a) => a.seasonId !== null)?.price ?? null,
          customer: mine.find((a) => a.seasonId === null)?.price ?? null,
          season: r.seasonId === null ? null : (seasonal.find((s) => s.seasonId === r.seasonId && s.productId === r.productId)?.price ?? null),
        }).price;
      }
    }
    const sum = out.get(r.customerId) ?? { rows: 0, total: 0 };
    out.set(r.customerId, { rows: sum.rows + 1, total: round2(sum.total + round2((price ?? 0) * r.qty)) });
  }
  return out;
}

