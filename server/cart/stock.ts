// Stock held by cart rows, for the cart's stock checks, the live values and checkout. A row holds
// its units only while its hold is fresh (held_until after the moment asked about, ADR 0016), so
// an abandoned cart stops blocking others without any sweeper.
import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { holdingContexts, parseHoldMinutes, parseStockEffect, type StockEffect } from '../../src/lib/rules/stock-effect';
import type { Db } from '../db/client';
import { anyOf, prepared } from '../db/prepared';
import { cartRows, carts, systemSettings } from '../db/schema';
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

/** The settings a cart or checkout request reads, in one statement (each used to be read by every step that needed it). */
export interface CartSettings {
  effect: StockEffect;
  /** CART_HOLD_MINUTES. */
  holdMinutes: number;
  /** FREE_SHIPPING_CODE, trimmed; undefined when unset or blank. */
  freeShippingCode: string | undefined;
}

const CART_SETTING_KEYS = ['CART_ROWS_AFFECT_STOCK', 'CART_ROWS_AFFECT_STOCK_TYPE', 'CART_HOLD_MINUTES', 'FREE_SHIPPING_CODE'] as const;
type CartSettingValues = Partial<Record<(typeof CART_SETTING_KEYS)[number], string>>;

const cartSettingsFrom = (s: CartSettingValues): CartSettings => ({
  effect: parseStockEffect(s.CART_ROWS_AFFECT_STOCK, s.CART_ROWS_AFFECT_STOCK_TYPE),
  holdMinutes: parseHoldMinutes(s.CART_HOLD_MINUTES),
  freeShippingCode: s.FREE_SHIPPING_CODE?.trim() || undefined,
});

export async function readCartSettings(db: Db): Promise<CartSettings> {
  return cartSettingsFrom(await readSettings(db, CART_SETTING_KEYS));
}

/**
 * The cart settings as a column of the cart read a request makes first (add a row, checkout init,
 * place order): one statement less per request (ADR 0041). cartSettingsOf reads its value.
 */
export const cartSettingsColumn = (): SQL<unknown> =>
  sql`(select json_object_agg(s.key, s.value) from ${systemSettings} s where s.key in (${sql.join(
    CART_SETTING_KEYS.map((k) => sql`${k}`),
    sql`, `,
  )}))`;

/** The value of cartSettingsColumn (parsed by either driver; null when none is stored). */
export const cartSettingsOf = (value: unknown): CartSettings =>
  cartSettingsFrom((value ?? {}) as CartSettingValues);

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
  // A named statement (ADR 0035): every add, cart read and checkout asks it.
  const rows = await prepared(db, exceptCartId === undefined ? 'held_by_carts' : 'held_by_other_carts', (db) =>
    db
      .select({ productId: cartRows.productId, variantId: cartRows.variantId, held: sql<number>`sum(${cartRows.qty})::int` })
      .from(cartRows)
      .innerJoin(carts, eq(carts.id, cartRows.cartId))
      .where(
        and(
          anyOf(cartRows.productId, 'products'),
          gt(cartRows.heldUntil, sql.placeholder('now')),
          anyOf(carts.shopContext, 'contexts'),
          exceptCartId === undefined ? undefined : ne(carts.id, sql.placeholder('cart')),
        ),
      )
      .groupBy(cartRows.productId, cartRows.variantId),
  ).execute({ products: productIds, now: now.toISOString(), contexts, cart: exceptCartId });
  for (const r of rows) out.set(stockKey(r.productId, r.variantId), r.held);
  return out;
}
