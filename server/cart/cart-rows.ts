import { inOrder } from '../db/in-order';
// Cart rows with their product, price for the cart's customer and season, and the stock the
// row may hold: a few batched queries for any number of rows (never one per row).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CartRow, CartRowOrderField } from '../../src/lib/contract/cart';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import { round2 } from '../../src/lib/rules/pricing';
import { rowStock } from '../../src/lib/rules/cart';
import { stockState } from '../../src/lib/rules/stock';
import { cartRowsHoldStock, type StockEffect } from '../../src/lib/rules/stock-effect';
import { grossOf } from '../../src/lib/rules/vat-display';
import { pick } from '../catalogue/localized';
import { priceProducts, priceVariants } from '../catalogue/prices';
import { toImage } from '../catalogue/product-list';
import type { Db } from '../db/client';
import { assets, cartRows, customers, products, productTranslations, variants, type carts } from '../db/schema';
import { renewHolds } from './cart-holds';
import { heldByCarts, readStockEffect, stockKey } from './stock';

export type CartRecord = typeof carts.$inferSelect;

/** A row whose hold ran out and the stock no longer covers: spec section 8's wording. */
const HOLD_LAPSED = { field: 'qty', code: 'quantity_not_available', message: 'The quantity is not available' } as const;
export type CartRowRecord = typeof cartRows.$inferSelect;

/** A priced row with what checkout needs beyond the API shape. */
export interface PricedCartRow extends CartRow {
  weight_kg: number;
  /** Units in stock of the product (or variant), before any cart holds some. */
  stock: number;
}

/**
 * `now` is the moment whose holds count: other carts' rows hold stock only while fresh, and a row
 * of this cart whose hold has run out (and could not be renewed) carries a stock_problem.
 */
export async function pricedRows(db: Db, cart: CartRecord, rows: CartRowRecord[], locale: Locale, now: Date, effect?: StockEffect): Promise<PricedCartRow[]> {
  if (rows.length === 0) return [];
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const variantIds = [...new Set(rows.flatMap((r) => (r.variantId === null ? [] : [r.variantId])))];
  const priceQuery = { customerId: cart.customerId, seasonId: cart.seasonId };
  const stockEffect = effect ?? (await readStockEffect(db));
  const [productRecords, variantRecords, images, productPrices, variantPrices, held, vatIncluded] = await inOrder(
    () =>
      db
        .select()
        .from(products)
        .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
        .where(inArray(products.id, productIds)),
    () => (variantIds.length ? db.select().from(variants).where(inArray(variants.id, variantIds)) : Promise.resolve([])),
    () =>
      db
        .selectDistinctOn([assets.productId])
        .from(assets)
        .where(and(inArray(assets.productId, productIds), eq(assets.kind, 'image')))
        .orderBy(assets.productId, asc(assets.position)),
    () => priceProducts(db, rows.filter((r) => r.variantId === null).map((r) => r.productId), priceQuery),
    () => priceVariants(db, variantIds, priceQuery),
    () => heldByCarts(db, productIds, stockEffect, now, cart.id),
    () => cartShowsVat(db, cart),
  );
  const productOf = new Map(productRecords.map((r) => [r.products.id, r]));
  const variantOf = new Map(variantRecords.map((v) => [v.id, v]));
  const imageOf = new Map(images.map((a) => [a.productId, a]));
  const rowsHold = cartRowsHoldStock(stockEffect, cart.shopContext);
  return rows.flatMap((row) => {
    const record = productOf.get(row.productId);
    if (!record) return [];
    const { products: p, product_translations: t } = record;
    const variant = row.variantId === null ? undefined : variantOf.get(row.variantId);
    const price = (variant ? variantPrices.get(variant.id)?.price : productPrices.get(p.id)?.price) ?? variant?.standardPrice ?? p.standardPrice;
    const stock = variant?.quantity ?? p.quantity;
    const isBackorderable = variant?.isBackorderable ?? p.isBackorderable;
    const shown = rowStock(stock, held.get(stockKey(row.productId, row.variantId)) ?? 0);
    const name = t?.name ?? p.code;
    const image = imageOf.get(p.id);
    return [
      {
        id: row.id,
        cart: row.cartId,
        product: row.productId,
        variant: row.variantId,
        qty: row.qty,
        price,
        total: round2(price * row.qty),
        vat_included: vatIncluded,
        shown_price: vatIncluded ? grossOf(price, p.vatRate) : price,
        shown_total: vatIncluded ? grossOf(round2(price * row.qty), p.vatRate) : round2(price * row.qty),
        product_detail: {
          id: p.id,
          code: variant?.code ?? p.code,
          slug: p.slug,
          name,
          variant_name: variant ? pick(variant.name, locale) : null,
          image: image ? toImage(image, name, locale) : null,
          is_backorderable: isBackorderable,
          quantity: shown,
          stock_state: stockState(shown, isBackorderable),
          vat_rate: p.vatRate,
          unit: p.unit,
        },
        ...(rowsHold && !isBackorderable && row.heldUntil <= now ? { stock_problem: HOLD_LAPSED } : {}),
        weight_kg: p.weightKg,
        stock,
      },
    ];
  });
}

/**
 * Whether the cart's prices are shown with VAT (src/lib/rules/vat-display.ts): by the kind of its
 * customer, whoever (customer or agent) looks at it.
 */
export async function cartShowsVat(db: Db, cart: Pick<CartRecord, 'customerId'>): Promise<boolean> {
  const [c] = await db.select({ kind: customers.kind }).from(customers).where(eq(customers.id, cart.customerId));
  return c?.kind !== 'b2b';
}

export async function allCartRows(db: Db, cartId: number): Promise<CartRowRecord[]> {
  return db.select().from(cartRows).where(eq(cartRows.cartId, cartId)).orderBy(asc(cartRows.id));
}

export const DEFAULT_CART_ROW_ORDER: Ordering<CartRowOrderField> = { field: 'id', direction: 'asc' };

/** One page of a cart's rows, paged and sorted in SQL. */
export async function listCartRows(
  db: Db,
  cart: CartRecord,
  locale: Locale,
  page: { page: number; pageSize: number },
  now: Date,
  ordering: Ordering<CartRowOrderField> = DEFAULT_CART_ROW_ORDER,
): Promise<{ results: CartRow[]; count: number }> {
  // Reading the cart is when its lapsed holds are taken again, where the stock allows.
  await renewHolds(db, cart, await allCartRows(db, cart.id), now);
  const column = { id: cartRows.id, created_at: cartRows.createdAt, qty: cartRows.qty }[ordering.field];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cartRows)
      .where(eq(cartRows.cartId, cart.id))
      .orderBy(ordering.direction === 'asc' ? asc(column) : desc(column), asc(cartRows.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(cartRows).where(eq(cartRows.cartId, cart.id)),
  ]);
  const priced = await pricedRows(db, cart, rows, locale, now);
  return { results: priced.map(toCartRow), count: total?.count ?? 0 };
}

/** The API shape of a priced row (without checkout's extras). */
export function toCartRow(row: PricedCartRow): CartRow {
  const { weight_kg: _weight, stock: _stock, ...shape } = row;
  return shape;
}
