// Wishlists (spec section 7, wishlists/): get-or-create like carts (same customer and agent
// rules, `lazy` creates nothing), rows of products with notes.
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { WISHLIST_ROW_ORDER_FIELDS } from '../../../src/lib/contract/wishlist';
import { auditAgentAction } from '../../auth/audit';
import { assertVisible } from '../../auth/permissions';
import { resolveOwner } from '../../cart/owner';
import {
  addWishlistRow, DEFAULT_WISHLIST_ROW_ORDER, deleteWishlistRow, emptyWishlistHeader, findWishlist, getOrCreateWishlist, listWishlistRows,
  setWishlistNotes, shapeWishlistRows, wishlistById, wishlistHeader, wishlistRowWithList,
} from '../../cart/wishlist-store';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';

export const wishlistHandlers = defineHandlers({
  getOrCreateWishlist: async (c, { query: { lazy }, body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const owner = await resolveOwner(db, user, body, c.get('shopContext'));
    if (lazy) {
      const found = await findWishlist(db, owner);
      return found ? await wishlistHeader(db, found) : emptyWishlistHeader(owner);
    }
    const { wishlist, created } = await getOrCreateWishlist(db, owner);
    if (created) await auditAgentAction(db, user, wishlist.customerId, 'wishlist.create', 'wishlist', wishlist.id, { shop_context: wishlist.shopContext, season: wishlist.seasonId });
    return wishlistHeader(db, wishlist);
  },

  listWishlistRows: async (c, { query: q }) => {
    const user = requireUser(c);
    let ordering = DEFAULT_WISHLIST_ROW_ORDER;
    if (q.order_by) {
      const parsed = parseOrderBy(q.order_by, WISHLIST_ROW_ORDER_FIELDS);
      if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
      ordering = parsed.value;
    }
    const { db } = c.get('deps');
    const wishlist = await wishlistById(db, q.wishlist);
    await assertVisible(db, user, wishlist?.customerId);
    return listWishlistRows(db, wishlist!, c.get('locale'), { page: q.page, pageSize: q.page_size }, ordering);
  },

  addWishlistRow: async (c, { body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const wishlist = await wishlistById(db, body.wishlist);
    await assertVisible(db, user, wishlist?.customerId);
    const row = await addWishlistRow(db, wishlist!, body.product, body.notes ?? '');
    await auditAgentAction(db, user, wishlist!.customerId, 'wishlist.row.add', 'wishlist_row', row.id, { wishlist: wishlist!.id, product: body.product });
    const [shaped] = await shapeWishlistRows(db, wishlist!, [row], c.get('locale'));
    return shaped!;
  },

  updateWishlistRow: async (c, { params: { id }, body: { notes } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const found = await wishlistRowWithList(db, id);
    await assertVisible(db, user, found?.wishlist.customerId);
    const row = await setWishlistNotes(db, found!.row, notes ?? '');
    await auditAgentAction(db, user, found!.wishlist.customerId, 'wishlist.row.update', 'wishlist_row', row.id, { wishlist: row.wishlistId, notes: row.notes });
    const [shaped] = await shapeWishlistRows(db, found!.wishlist, [row], c.get('locale'));
    return shaped!;
  },

  deleteWishlistRow: async (c, { params: { id } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const found = await wishlistRowWithList(db, id);
    await assertVisible(db, user, found?.wishlist.customerId);
    await deleteWishlistRow(db, found!.row);
    await auditAgentAction(db, user, found!.wishlist.customerId, 'wishlist.row.remove', 'wishlist_row', found!.row.id, { wishlist: found!.wishlist.id, product: found!.row.productId });
    return undefined;
  },
});
