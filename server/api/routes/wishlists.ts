// Wishlists (spec section 7, wishlists/): get-or-create like carts (same customer and agent
// rules, `lazy` creates nothing), rows of products with notes.
import { Hono } from 'hono';
import { IdSchema } from '../../../src/lib/contract/common';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import {
  WISHLIST_ROW_ORDER_FIELDS, WishlistGetOrCreateBodySchema, WishlistGetOrCreateQuerySchema, WishlistRowBodySchema, WishlistRowPatchSchema,
  WishlistRowsQuerySchema,
} from '../../../src/lib/contract/wishlist';
import { auditAgentAction } from '../../auth/audit';
import { assertVisible } from '../../auth/permissions';
import { resolveOwner } from '../../cart/owner';
import {
  addWishlistRow, DEFAULT_WISHLIST_ROW_ORDER, deleteWishlistRow, emptyWishlistHeader, findWishlist, getOrCreateWishlist, listWishlistRows,
  setWishlistNotes, shapeWishlistRows, wishlistById, wishlistHeader, wishlistRowWithList,
} from '../../cart/wishlist-store';
import { readBody } from '../body';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { parseOrThrow, parseQuery } from '../validation';

export const wishlistsRoutes = new Hono<ApiEnv>({ strict: false });

wishlistsRoutes.post('/get-or-create', async (c) => {
  const user = requireUser(c);
  const { lazy } = parseQuery(c, WishlistGetOrCreateQuerySchema);
  const body = await readBody(c, WishlistGetOrCreateBodySchema);
  const { db } = c.get('deps');
  const owner = await resolveOwner(db, user, body, c.get('shopContext'));
  if (lazy) {
    const found = await findWishlist(db, owner);
    return c.json(found ? await wishlistHeader(db, found) : emptyWishlistHeader(owner));
  }
  const { wishlist, created } = await getOrCreateWishlist(db, owner);
  if (created) await auditAgentAction(db, user, wishlist.customerId, 'wishlist.create', 'wishlist', wishlist.id, { shop_context: wishlist.shopContext, season: wishlist.seasonId });
  return c.json(await wishlistHeader(db, wishlist));
});

wishlistsRoutes.get('/rows', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, WishlistRowsQuerySchema);
  let ordering = DEFAULT_WISHLIST_ROW_ORDER;
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, WISHLIST_ROW_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
  const { db } = c.get('deps');
  const wishlist = await wishlistById(db, q.wishlist);
  await assertVisible(db, user, wishlist?.customerId);
  return c.json(await listWishlistRows(db, wishlist!, c.get('locale'), { page: q.page, pageSize: q.page_size }, ordering));
});

/** Answers the new row (201). */
wishlistsRoutes.post('/rows', async (c) => {
  const user = requireUser(c);
  const body = await readBody(c, WishlistRowBodySchema);
  const { db } = c.get('deps');
  const wishlist = await wishlistById(db, body.wishlist);
  await assertVisible(db, user, wishlist?.customerId);
  const row = await addWishlistRow(db, wishlist!, body.product, body.notes ?? '');
  await auditAgentAction(db, user, wishlist!.customerId, 'wishlist.row.add', 'wishlist_row', row.id, { wishlist: wishlist!.id, product: body.product });
  const [shaped] = await shapeWishlistRows(db, wishlist!, [row], c.get('locale'));
  return c.json(shaped, 201);
});

/** Answers the row with its new notes. */
wishlistsRoutes.patch('/row/:id', async (c) => {
  const user = requireUser(c);
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const { db } = c.get('deps');
  const found = await wishlistRowWithList(db, id);
  await assertVisible(db, user, found?.wishlist.customerId);
  const { notes } = await readBody(c, WishlistRowPatchSchema);
  const row = await setWishlistNotes(db, found!.row, notes ?? '');
  await auditAgentAction(db, user, found!.wishlist.customerId, 'wishlist.row.update', 'wishlist_row', row.id, { wishlist: row.wishlistId, notes: row.notes });
  const [shaped] = await shapeWishlistRows(db, found!.wishlist, [row], c.get('locale'));
  return c.json(shaped);
});

/** Answers 204. */
wishlistsRoutes.delete('/row/:id', async (c) => {
  const user = requireUser(c);
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const { db } = c.get('deps');
  const found = await wishlistRowWithList(db, id);
  await assertVisible(db, user, found?.wishlist.customerId);
  await deleteWishlistRow(db, found!.row);
  await auditAgentAction(db, user, found!.wishlist.customerId, 'wishlist.row.remove', 'wishlist_row', found!.row.id, { wishlist: found!.wishlist.id, product: found!.row.productId });
  return c.body(null, 204);
});
