// Opening a cart and changing its rows. A quantity change checks the stock; when cart rows hold
// stock it checks and writes in a short transaction holding the stock item's row lock, so
// concurrent adds cannot hold more than the stock (ADR 0016, ADR 0037).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ErrorItem } from '../../src/lib/contract/common';
import { cartQuantityProblem, cartRowAction, maxRowQuantity, type CartRowAction } from '../../src/lib/rules/cart';
import { cartRowsHoldStock, holdEnd } from '../../src/lib/rules/stock-effect';
import { FIELD_CODES } from '../../src/lib/contract/error-codes';
import { shopError } from '../shop-errors';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { cartRows, carts, customers, products, variants } from '../db/schema';
import type { CartRecord, CartRowRecord } from './cart-rows';
import { lockCustomer, type Owner } from './owner';
import { cartSettingsColumn, cartSettingsOf, heldByCarts, readCartSettings, stockKey, type CartSettings } from './stock';

export async function findOpenCart(db: Db, owner: Omit<Owner, 'agentId'>): Promise<CartRecord | undefined> {
  // Every get-or-create asks it: a named statement (ADR 0035), one text with a season and one without.
  const withSeason = owner.seasonId !== null;
  const [cart] = await prepared(db, withSeason ? 'open_cart_of_season' : 'open_cart', (db) =>
    db
      .select()
      .from(carts)
      .where(
        and(
          eq(carts.customerId, sql.placeholder('customer')),
          eq(carts.shopContext, sql.placeholder('context')),
          withSeason ? eq(carts.seasonId, sql.placeholder('season')) : isNull(carts.seasonId),
        ),
      )
      .orderBy(asc(carts.id))
      .limit(1),
  ).execute({ customer: owner.customerId, context: owner.shopContext, season: owner.seasonId });
  return cart;
}

/**
 * One open cart per customer, shop context and season. The cart found is answered at once; only
 * a customer without one takes the lock that makes two tabs opening the shop share one cart, and
 * only then is the agent of the new cart asked (`agentId`).
 */
export async function getOrCreateCart(
  db: Db,
  owner: Omit<Owner, 'agentId'>,
  agentId: () => Promise<number | null>,
): Promise<{ cart: CartRecord; created: boolean }> {
  const open = await findOpenCart(db, owner);
  if (open) return { cart: open, created: false };
  const agent = await agentId();
  return db.transaction(async (tx) => {
    await lockCustomer(tx, owner.customerId);
    const found = await findOpenCart(tx, owner);
    if (found) return { cart: found, created: false };
    const [cart] = await tx
      .insert(carts)
      .values({ customerId: owner.customerId, agentId: agent, seasonId: owner.seasonId, shopContext: owner.shopContext })
      .returning();
    return { cart: cart!, created: true };
  });
}

export interface CartItemChange {
  productId: number;
  variantId: number | null;
  qty: number;
}

export interface CartItemResult {
  action: CartRowAction;
  /** The row as written (null when removed). */
  row: CartRowRecord | null;
  /** Id of the row that was changed or removed (null when nothing changed). */
  rowId: number | null;
}

/**
 * Sets the quantity of a product (and variant) in a cart: adds, updates or removes its row
 * (spec section 4), after the stock check of spec section 5. Everything is read first, under no
 * lock. When the cart's rows hold stock (ADR 0016) the check and the write run again in a short
 * transaction holding the stock item's row lock (the product's, or the variant's), so concurrent
 * adds cannot hold more than the stock; otherwise the row is written at once and checkout's
 * conditional decrement has the last word on the stock.
 */
export async function setCartItem(db: Db, cart: CartRecord, change: CartItemChange, now: Date, settings?: CartSettings): Promise<CartItemResult> {
  const [[found], [variant], { effect, holdMinutes: minutes }] = await Promise.all([
    // The product with the cart's row of it (or of its variant), in one statement.
    prepared(db, 'cart_item_product_row', (db) =>
      db
        .select({ product: products, row: cartRows })
        .from(products)
        .leftJoin(
          cartRows,
          and(
            eq(cartRows.cartId, sql.placeholder('cart')),
            eq(cartRows.productId, products.id),
            sql`${cartRows.variantId} is not distinct from ${sql.placeholder('variant')}::int`,
          ),
        )
        .where(eq(products.id, sql.placeholder('product')))
        .limit(1),
    ).execute({ cart: cart.id, product: change.productId, variant: change.variantId }),
    change.variantId === null
      ? Promise.resolve([])
      : prepared(db, 'cart_item_variant', (db) =>
          db
            .select()
            .from(variants)
            .where(and(eq(variants.id, sql.placeholder('variant')), eq(variants.productId, sql.placeholder('product'))))
            .limit(1),
        ).execute({ variant: change.variantId, product: change.productId }),
    settings ?? readCartSettings(db),
  ]);
  const product = found?.product;
  const existing = found?.row ?? undefined;
  if (!product) throw shopError('ProductNotFound', [{ field: 'product', code: 'not_found', message: 'Product not found' }]);
  if (change.variantId !== null && !variant) throw shopError('ValidationFailed', [{ field: 'variant', code: 'not_found', message: 'This variant is not one of the product.' }]);
  const action = cartRowAction(change.qty, !!existing);
  if (action === 'negative_quantity') throw negativeQuantity();
  if (action === 'none') return { action, row: null, rowId: null };
  if (action === 'remove') {
    await db.delete(cartRows).where(eq(cartRows.id, existing!.id));
    await touch(db, cart.id);
    return { action, row: null, rowId: existing!.id };
  }
  if (!product.isPublished) throw shopError('ProductNotFound', [{ field: 'product', code: 'not_found', message: 'Product not found' }]);
  const rowsHoldStock = cartRowsHoldStock(effect, cart.shopContext);
  const item = { productId: product.id, variantId: change.variantId, qty: change.qty };
  const write = async (tx: Db, stock: { quantity: number; isBackorderable: boolean }) => {
    const held = await heldByCarts(tx, [product.id], effect, now, cart.id);
    const check = {
      requested: change.qty,
      // A lapsed hold holds nothing: its units are checked again like a new row's (ADR 0016).
      current: existing && (!rowsHoldStock || existing.heldUntil > now) ? existing.qty : 0,
      stock: stock.quantity,
      heldByOthers: held.get(stockKey(product.id, change.variantId)) ?? 0,
      rowsHoldStock,
      isBackorderable: stock.isBackorderable,
    };
    const problem = cartQuantityProblem(check);
    if (problem === 'negative_quantity') throw negativeQuantity();
    if (problem === 'quantity_not_available') throw quantityNotAvailable(maxRowQuantity(check) ?? 0);
    return upsertRow(tx, cart.id, item, holdEnd(now, minutes));
  };
  const row = rowsHoldStock
    ? await db.transaction(async (tx) => write(tx, await lockStockItem(tx, item)))
    : await write(db, variant ?? product);
  await touch(db, cart.id);
  return { action, row, rowId: row.id };
}

/**
 * Locks one stock item's row (the product, or the variant of a variant row) and reads its stock:
 * every change of a holding row of that item queues here, and so does checkout's decrement.
 */
export async function lockStockItem(tx: Db, item: { productId: number; variantId: number | null }): Promise<{ quantity: number; isBackorderable: boolean }> {
  const [locked] =
    item.variantId === null
      ? await prepared(tx, 'lock_product_stock', (db) =>
          db.select({ quantity: products.quantity, isBackorderable: products.isBackorderable }).from(products).where(eq(products.id, sql.placeholder('id'))).for('update'),
        ).execute({ id: item.productId })
      : await prepared(tx, 'lock_variant_stock', (db) =>
          db.select({ quantity: variants.quantity, isBackorderable: variants.isBackorderable }).from(variants).where(eq(variants.id, sql.placeholder('id'))).for('update'),
        ).execute({ id: item.variantId });
  if (!locked) throw shopError('ProductNotFound', [{ field: 'product', code: 'not_found', message: 'Product not found' }]);
  return locked;
}

/** One row per product and variant in a cart (its unique key): two adds at once write one row. */
async function upsertRow(db: Db, cartId: number, item: { productId: number; variantId: number | null; qty: number }, heldUntil: Date): Promise<CartRowRecord> {
  const [row] = await prepared(db, 'upsert_cart_row', (db) =>
    db
      .insert(cartRows)
      .values({
        cartId: sql.placeholder('cart'),
        productId: sql.placeholder('product'),
        variantId: sql.placeholder('variant'),
        qty: sql.placeholder('qty'),
        heldUntil: sql.placeholder('until'),
      })
      // updated_at is set by hand: drizzle would fill its $onUpdate value in once, when the named statement is built.
      .onConflictDoUpdate({
        target: [cartRows.cartId, cartRows.productId, cartRows.variantId],
        set: { qty: sql`excluded.qty`, heldUntil: sql`excluded.held_until`, updatedAt: sql`${sql.placeholder('now')}::timestamptz` },
      })
      .returning(),
  ).execute({ cart: cartId, product: item.productId, variant: item.variantId, qty: item.qty, until: heldUntil, now: new Date().toISOString() });
  return row!;
}

export async function deleteCartRow(db: Db, row: CartRowRecord): Promise<void> {
  await db.delete(cartRows).where(eq(cartRows.id, row.id));
  await touch(db, row.cartId);
}

export async function cartRowWithCart(db: Db, rowId: number): Promise<{ row: CartRowRecord; cart: CartRecord } | undefined> {
  const [found] = await db.select().from(cartRows).innerJoin(carts, eq(carts.id, cartRows.cartId)).where(eq(cartRows.id, rowId)).limit(1);
  return found ? { row: found.cart_rows, cart: found.carts } : undefined;
}

export async function cartById(db: Db, id: number): Promise<CartRecord | undefined> {
  // Every cart change and checkout asks it first: a named statement (ADR 0035).
  const [cart] = await prepared(db, 'cart_by_id', (db) => db.select().from(carts).where(eq(carts.id, sql.placeholder('id'))).limit(1)).execute({ id });
  return cart;
}

/** A cart with its customer and the cart settings, in one named statement (checkout/init/ needs all three). */
export async function cartWithCustomer(db: Db, id: number): Promise<{ cart: CartRecord; customer: typeof customers.$inferSelect; settings: CartSettings } | undefined> {
  const [found] = await prepared(db, 'cart_with_customer_settings', (db) =>
    db
      .select({ cart: carts, customer: customers, settings: cartSettingsColumn() })
      .from(carts)
      .innerJoin(customers, eq(customers.id, carts.customerId))
      .where(eq(carts.id, sql.placeholder('id')))
      .limit(1),
  ).execute({ id });
  return found && { ...found, settings: cartSettingsOf(found.settings) };
}

/** A cart and the cart settings, in one named statement (adding to a cart needs both). */
export async function cartWithSettings(db: Db, id: number): Promise<{ cart: CartRecord | undefined; settings: CartSettings }> {
  // From the settings, so that a missing cart still answers them.
  const [found] = await prepared(db, 'cart_by_id_with_settings', (db) =>
    db
      .select({ cart: carts, settings: sql<unknown>`s.settings` })
      .from(sql`(select ${cartSettingsColumn()} as settings) s`)
      .leftJoin(carts, eq(carts.id, sql.placeholder('id'))),
  ).execute({ id });
  return { cart: found?.cart ?? undefined, settings: cartSettingsOf(found?.settings) };
}

/** Records the promotion the cart now gets, so the stored cart says what the header shows. */
export async function storeCartPromotion(db: Db, cart: CartRecord, promotionId: number | null): Promise<void> {
  if (cart.promotionId !== promotionId) await db.update(carts).set({ promotionId }).where(eq(carts.id, cart.id));
}

export async function setCartCoupon(db: Db, cartId: number, couponId: number | null): Promise<void> {
  await db.update(carts).set({ couponId }).where(eq(carts.id, cartId));
}

const touch = (db: Db, cartId: number) =>
  prepared(db, 'touch_cart', (db) =>
    db
      .update(carts)
      // Set by hand: drizzle would fill its $onUpdate value in once, when the named statement is built.
      .set({ updatedAt: sql`${sql.placeholder('at')}::timestamptz` })
      .where(eq(carts.id, sql.placeholder('id'))),
  ).execute({ at: new Date().toISOString(), id: cartId });

const negativeQuantity = () =>
  shopError('NegativeQuantity', [{ field: 'qty', code: FIELD_CODES.negativeQuantity, message: 'The quantity must be a positive number' }]);

function quantityNotAvailable(available: number) {
  const item: ErrorItem = {
    field: 'qty',
    code: FIELD_CODES.quantityNotAvailable,
    message: `The quantity is not available: at most ${available} ${available === 1 ? 'unit' : 'units'} can be in the cart.`,
  };
  return shopError('QuantityNotAvailable', [item]);
}
