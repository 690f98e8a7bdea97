// Saved lists (requisition lists, issue 16): named lists of products and quantities a business
// customer orders again, beside the wishlist, shared by its users and agents. Names are unique
// per customer ignoring case; adding a product already listed adds to its quantity.
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { BulkAddReason } from '../../src/lib/contract/b2b-codes';
import type { BulkLine, SavedList, SavedListBulkAnswer, SavedListRow } from '../../src/lib/contract/b2b-ordering';
import { MAX_CART_QTY } from '../../src/lib/rules/cart';
import type { Db } from '../db/client';
import { cartRows, products, savedListRows, savedLists, variants } from '../db/schema';
import { shopError } from '../shop-errors';
import { describeItems, itemKey, productsWithVariants, type ItemView } from './items';

export type SavedListRecord = typeof savedLists.$inferSelect;
export type SavedListRowRecord = typeof savedListRows.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

const nameTaken = () => shopError('SavedListNameTaken', [{ field: 'name', code: 'taken', message: 'A list with this name already exists.' }]);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Lists with their row count and units, in one statement. */
function listsWithTotals(db: Db) {
  return db
    .select({
      list: savedLists,
      rows: sql<number>`count(${savedListRows.id})::int`,
      units: sql<number>`coalesce(sum(${savedListRows.qty}), 0)::int`,
    })
    .from(savedLists)
    .leftJoin(savedListRows, eq(savedListRows.listId, savedLists.id))
    .groupBy(savedLists.id)
    .$dynamic();
}

const shape = (r: { list: SavedListRecord; rows: number; units: number }): SavedList => ({
  id: r.list.id,
  customer: r.list.customerId,
  name: r.list.name,
  rows_count: r.rows,
  total_quantity: r.units,
  created_at: r.list.createdAt.toISOString(),
  updated_at: r.list.updatedAt.toISOString(),
});

export async function listSavedLists(db: Db, customerId: number, search: string | undefined, page: { page: number; pageSize: number }) {
  const where = and(eq(savedLists.customerId, customerId), search ? ilike(savedLists.name, `%${escapeLike(search)}%`) : undefined);
  const [rows, [total]] = await Promise.all([
    listsWithTotals(db)
      .where(where)
      .orderBy(desc(savedLists.updatedAt), desc(savedLists.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: count() }).from(savedLists).where(where),
  ]);
  return { results: rows.map(shape), count: total?.count ?? 0 };
}

export async function savedListById(db: Db, id: number): Promise<SavedListRecord | undefined> {
  const [found] = await db.select().from(savedLists).where(eq(savedLists.id, id)).limit(1);
  return found;
}

export async function savedListSummary(db: Db, id: number): Promise<SavedList> {
  const [row] = await listsWithTotals(db).where(eq(savedLists.id, id));
  return shape(row!);
}

export async function savedListRowWithList(db: Db, rowId: number) {
  const [found] = await db.select().from(savedListRows).innerJoin(savedLists, eq(savedLists.id, savedListRows.listId)).where(eq(savedListRows.id, rowId)).limit(1);
  return found ? { row: found.saved_list_rows, list: found.saved_lists } : undefined;
}

export async function createSavedList(db: Db, customerId: number, name: string, userId: number): Promise<SavedListRecord> {
  const [list] = await db.insert(savedLists).values({ customerId, name, createdBy: userId }).onConflictDoNothing().returning();
  if (!list) throw nameTaken();
  return list;
}

export async function renameSavedList(db: Db, list: SavedListRecord, name: string): Promise<void> {
  try {
    await db.update(savedLists).set({ name }).where(eq(savedLists.id, list.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteSavedList(db: Db, list: SavedListRecord): Promise<void> {
  await db.delete(savedLists).where(eq(savedLists.id, list.id));
}

const touch = (db: Db, listId: number) => db.update(savedLists).set({ updatedAt: new Date() }).where(eq(savedLists.id, listId));

/**
 * Adds lines to a list in one statement per table: products that are gone, variants not of their
 * product and products sold only by their variants named without one are refused; the rest add
 * to the quantity already listed (up to MAX_CART_QTY). Unpublished products may be listed (they
 * show as not orderable), as a list outlives the catalogue's changes.
 */
export async function addLinesToList(db: Db, list: SavedListRecord, lines: BulkLine[]): Promise<SavedListBulkAnswer['lines']> {
  return db.transaction(async (tx) => {
    const productIds = [...new Set(lines.map((l) => l.product))];
    const variantIds = [...new Set(lines.flatMap((l) => (l.variant ? [l.variant] : [])))];
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
    const variantRows = variantIds.length
      ? await tx.select({ id: variants.id, productId: variants.productId }).from(variants).where(inArray(variants.id, variantIds))
      : [];
    const withVariants = await productsWithVariants(tx, productIds);
    const existing = await tx.select().from(savedListRows).where(and(eq(savedListRows.listId, list.id), inArray(savedListRows.productId, productIds)));
    const known = new Set(found.map((p) => p.id));
    const variantOf = new Map(variantRows.map((v) => [v.id, v.productId]));
    const qtyOf = new Map(existing.map((r) => [itemKey(r), r.qty]));
    const changed = new Set<string>();
    const results = lines.map((l, index) => {
      const variantId = l.variant ?? null;
      const base = { line: index + 1, product: l.product, variant: variantId };
      let reason: BulkAddReason | null = null;
      if (!known.has(l.product) || (variantId !== null && variantOf.get(variantId) !== l.product)) reason = 'not_found';
      else if (variantId === null && withVariants.has(l.product)) reason = 'choose_variant';
      const key = itemKey({ productId: l.product, variantId });
      const before = qtyOf.get(key);
      if (!reason && before !== undefined && before >= MAX_CART_QTY) reason = 'row_limit';
      if (reason) return { ...base, status: 'refused' as const, reason, row_qty: before ?? 0 };
      const qty = Math.min(MAX_CART_QTY, (before ?? 0) + l.qty);
      qtyOf.set(key, qty);
      const wasListed = before !== undefined;
      changed.add(key);
      return { ...base, status: wasListed ? ('updated' as const) : ('added' as const), reason: null, row_qty: qty };
    });
    if (changed.size > 0) {
      await tx
        .insert(savedListRows)
        .values(
          [...changed].map((key) => {
            const [productId, variantId] = key.split(':');
            return { listId: list.id, productId: Number(productId), variantId: variantId ? Number(variantId) : null, qty: qtyOf.get(key)! };
          }),
        )
        .onConflictDoUpdate({
          target: [savedListRows.listId, savedListRows.productId, savedListRows.variantId],
          set: { qty: sql`excluded.qty`, updatedAt: sql`now()` },
        });
      await touch(tx, list.id);
    }
    return results;
  });
}

/** One product into a list: the row as it is now, and whether it was new. */
export async function addRowToList(db: Db, list: SavedListRecord, line: BulkLine): Promise<{ row: SavedListRowRecord; created: boolean }> {
  const [result] = await addLinesToList(db, list, [line]);
  if (result!.status === 'refused') {
    if (result!.reason === 'not_found') throw shopError('ProductNotFound', [{ field: line.variant ? 'variant' : 'product', code: 'not_found', message: 'Product not found' }]);
    if (result!.reason === 'choose_variant') throw shopError('ValidationFailed', [{ field: 'variant', code: 'choose_variant', message: 'Choose a version of this product.' }]);
    throw shopError('ValidationFailed', [{ field: 'qty', code: 'row_limit', message: `A row holds at most ${MAX_CART_QTY} units.` }]);
  }
  const variantId = line.variant ?? null;
  const [row] = await db
    .select()
    .from(savedListRows)
    .where(and(eq(savedListRows.listId, list.id), eq(savedListRows.productId, line.product), variantId === null ? sql`${savedListRows.variantId} is null` : eq(savedListRows.variantId, variantId)));
  return { row: row!, created: result!.status === 'added' };
}

export async function setListRowQty(db: Db, row: SavedListRowRecord, qty: number): Promise<SavedListRowRecord> {
  const [updated] = await db.update(savedListRows).set({ qty }).where(eq(savedListRows.id, row.id)).returning();
  await touch(db, row.listId);
  return updated!;
}

export async function deleteListRow(db: Db, row: SavedListRowRecord): Promise<void> {
  await db.delete(savedListRows).where(eq(savedListRows.id, row.id));
  await touch(db, row.listId);
}

/** A new list holding the cart's rows (name taken: 409, nothing written). */
export async function saveCartAsList(db: Db, cart: { id: number; customerId: number }, name: string, userId: number): Promise<SavedListRecord> {
  return db.transaction(async (tx) => {
    const [list] = await tx.insert(savedLists).values({ customerId: cart.customerId, name, createdBy: userId }).onConflictDoNothing().returning();
    if (!list) throw nameTaken();
    await tx.execute(sql`
      insert into ${savedListRows} (list_id, product_id, variant_id, qty)
      select ${list.id}, ${cartRows.productId}, ${cartRows.variantId}, least(${cartRows.qty}, ${MAX_CART_QTY})
      from ${cartRows} where ${cartRows.cartId} = ${cart.id} and ${cartRows.qty} > 0
      order by ${cartRows.id}`);
    return list;
  });
}

/** Every row of a list as bulk lines, in the order they were added. */
export async function listLines(db: Db, listId: number): Promise<BulkLine[]> {
  const rows = await db.select().from(savedListRows).where(eq(savedListRows.listId, listId)).orderBy(asc(savedListRows.id));
  return rows.map((r) => ({ product: r.productId, variant: r.variantId, qty: r.qty }));
}

export async function shapeListRows(db: Db, rows: SavedListRowRecord[], view: ItemView): Promise<SavedListRow[]> {
  const items = await describeItems(db, rows.map((r) => ({ productId: r.productId, variantId: r.variantId })), view);
  return rows.flatMap((r) => {
    const item = items.get(itemKey(r));
    return item ? [{ id: r.id, list: r.listId, product: r.productId, variant: r.variantId, qty: r.qty, created_at: r.createdAt.toISOString(), item }] : [];
  });
}

export async function listRowsPage(db: Db, list: SavedListRecord, page: { page: number; pageSize: number }, view: ItemView) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(savedListRows)
      .where(eq(savedListRows.listId, list.id))
      .orderBy(asc(savedListRows.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: count() }).from(savedListRows).where(eq(savedListRows.listId, list.id)),
  ]);
  return { results: await shapeListRows(db, rows, view), count: total?.count ?? 0 };
}
