// Wishlists: one per customer, shop context and season, like carts; rows are products with notes.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { WishlistHeader, WishlistRow, WishlistRowOrderField } from '../../src/lib/contract/wishlist';
import { rowStock } from '../../src/lib/rules/cart';
import { stockState } from '../../src/lib/rules/stock';
import { FIELD_CODES } from '../../src/lib/contract/error-codes';
import { shopError } from '../shop-errors';
import { priceProducts } from '../catalogue/prices';
import { toImage } from '../catalogue/product-list';
import type { Db } from '../db/client';
import { assets, products, productTranslations, wishlistRows, wishlists } from '../db/schema';
import { findOpenCart } from './cart-store';
import { lockCustomer, type Owner } from './owner';
import { heldByCarts, readStockEffect, stockKey } from './stock';

export type WishlistRecord = typeof wishlists.$inferSelect;
export type WishlistRowRecord = typeof wishlistRows.$inferSelect;

export async function findWishlist(db: Db, owner: Omit<Owner, 'agentId'>): Promise<WishlistRecord | undefined> {
  const [found] = await db
    .select()
    .from(wishlists)
    .where(
      and(
        eq(wishlists.customerId, owner.customerId),
        eq(wishlists.shopContext, owner.shopContext),
        owner.seasonId === null ? isNull(wishlists.seasonId) : eq(wishlists.seasonId, owner.seasonId),
      ),
    )
    .orderBy(asc(wishlists.id))
    .limit(1);
  return found;
}

export async function getOrCreateWishlist(db: Db, owner: Owner): Promise<{ wishlist: WishlistRecord; created: boolean }> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, owner.customerId);
    const found = await findWishlist(tx, owner);
    if (found) return { wishlist: found, created: false };
    const [wishlist] = await tx
      .insert(wishlists)
      .values({ customerId: owner.customerId, agentId: owner.agentId, seasonId: owner.seasonId, shopContext: owner.shopContext })
      .returning();
    return { wishlist: wishlist!, created: true };
  });
}

export async function wishlistHeader(db: Db, w: WishlistRecord): Promise<WishlistHeader> {
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(wishlistRows).where(eq(wishlistRows.wishlistId, w.id));
  return { id: w.id, customer: w.customerId, agent: w.agentId, season: w.seasonId, shop_context: w.shopContext, rows_count: total?.count ?? 0 };
}

export const emptyWishlistHeader = (owner: Owner): WishlistHeader => ({
  id: null,
  customer: owner.customerId,
  agent: owner.agentId,
  season: owner.seasonId,
  shop_context: owner.shopContext,
  rows_count: 0,
});

export async function wishlistById(db: Db, id: number): Promise<WishlistRecord | undefined> {
  const [found] = await db.select().from(wishlists).where(eq(wishlists.id, id)).limit(1);
  return found;
}

export async function wishlistRowWithList(db: Db, rowId: number) {
  const [found] = await db.select().from(wishlistRows).innerJoin(wishlists, eq(wishlists.id, wishlistRows.wishlistId)).where(eq(wishlistRows.id, rowId)).limit(1);
  return found ? { row: found.wishlist_rows, wishlist: found.wishlists } : undefined;
}

/** Adds a product; the unique index settles concurrent adds of the same one. */
export async function addWishlistRow(db: Db, wishlist: WishlistRecord, productId: number, notes: string): Promise<WishlistRowRecord> {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.isPublished, true))).limit(1);
  if (!product) throw shopError('ProductNotFound', [{ field: 'product', code: 'not_found', message: 'Product not found' }]);
  const [row] = await db.insert(wishlistRows).values({ wishlistId: wishlist.id, productId, notes }).onConflictDoNothing().returning();
  if (!row) throw shopError('ProductAlreadyInWishlist', [{ field: 'product', code: FIELD_CODES.alreadyInWishlist, message: 'Product already in the wishlist' }]);
  await touch(db, wishlist.id);
  return row;
}

export async function setWishlistNotes(db: Db, row: WishlistRowRecord, notes: string): Promise<WishlistRowRecord> {
  const [updated] = await db.update(wishlistRows).set({ notes }).where(eq(wishlistRows.id, row.id)).returning();
  await touch(db, row.wishlistId);
  return updated!;
}

export async function deleteWishlistRow(db: Db, row: WishlistRowRecord): Promise<void> {
  await db.delete(wishlistRows).where(eq(wishlistRows.id, row.id));
  await touch(db, row.wishlistId);
}

const touch = (db: Db, id: number) => db.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, id));

export const DEFAULT_WISHLIST_ROW_ORDER: Ordering<WishlistRowOrderField> = { field: 'id', direction: 'asc' };

export async function listWishlistRows(
  db: Db,
  wishlist: WishlistRecord,
  locale: Locale,
  page: { page: number; pageSize: number },
  ordering: Ordering<WishlistRowOrderField> = DEFAULT_WISHLIST_ROW_ORDER,
): Promise<{ results: WishlistRow[]; count: number }> {
  const column = ordering.field === 'id' ? wishlistRows.id : wishlistRows.createdAt;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(wishlistRows)
      .where(eq(wishlistRows.wishlistId, wishlist.id))
      .orderBy(ordering.direction === 'asc' ? asc(column) : desc(column), asc(wishlistRows.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(wishlistRows).where(eq(wishlistRows.wishlistId, wishlist.id)),
  ]);
  return { results: await shapeWishlistRows(db, wishlist, rows, locale), count: total?.count ?? 0 };
}

export async function shapeWishlistRows(db: Db, wishlist: WishlistRecord, rows: WishlistRowRecord[], locale: Locale): Promise<WishlistRow[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.productId))];
  const [records, images, prices] = await Promise.all([
    db
      .select()
      .from(products)
      .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .where(inArray(products.id, ids)),
    db
      .selectDistinctOn([assets.productId])
      .from(assets)
      .where(and(inArray(assets.productId, ids), eq(assets.kind, 'image')))
      .orderBy(assets.productId, asc(assets.position)),
    priceProducts(db, ids, { customerId: wishlist.customerId, seasonId: wishlist.seasonId }),
  ]);
  // The stock as products/live/ and the cart answer it: less what other carts hold (ADR 0016).
  const ownCart = await findOpenCart(db, { customerId: wishlist.customerId, shopContext: wishlist.shopContext, seasonId: wishlist.seasonId });
  const held = await heldByCarts(db, ids, await readStockEffect(db), new Date(), ownCart?.id);
  const productOf = new Map(records.map((r) => [r.products.id, r]));
  const imageOf = new Map(images.map((a) => [a.productId, a]));
  return rows.flatMap((row) => {
    const record = productOf.get(row.productId);
    if (!record) return [];
    const { products: p, product_translations: t } = record;
    const name = t?.name ?? p.code;
    const image = imageOf.get(p.id);
    const quantity = rowStock(p.quantity, held.get(stockKey(p.id, null)) ?? 0);
    return [
      {
        id: row.id,
        wishlist: row.wishlistId,
        product: row.productId,
        notes: row.notes,
        created_at: row.createdAt.toISOString(),
        product_detail: {
          id: p.id,
          code: p.code,
          slug: p.slug,
          name,
          image: image ? toImage(image, name, locale) : null,
          is_backorderable: p.isBackorderable,
          quantity,
          stock_state: stockState(quantity, p.isBackorderable),
          price: prices.get(p.id)?.price ?? p.specialPrice ?? p.standardPrice,
          unit: p.unit,
        },
      },
    ];
  });
}
