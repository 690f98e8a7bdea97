// Quick order, bulk adds, saved lists and previously bought (issue 16): for business customers'
// users and their agents (server/b2b/access.ts says who; consumers get TradeCustomersOnly).
import type { Context } from 'hono';
import { PURCHASED_ORDER_FIELDS } from '../../../src/lib/contract/b2b-codes';
import type { CartBulkAddAnswer, BulkLine } from '../../../src/lib/contract/b2b-ordering';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { auditAgentAction } from '../../auth/audit';
import type { AuthUser } from '../../auth/auth-user';
import { assertTradeCaller, assertTradeVisible, tradeCustomerFor } from '../../b2b/access';
import { addLinesToCart } from '../../b2b/bulk-add';
import type { ItemView } from '../../b2b/items';
import { DEFAULT_PURCHASED_ORDER, listPurchased } from '../../b2b/purchased';
import { searchQuickOrder, validateQuickOrder } from '../../b2b/quick-order';
import {
  addLinesToList, addRowToList, createSavedList, deleteListRow, deleteSavedList, listLines, listRowsPage, listSavedLists, renameSavedList, saveCartAsList,
  savedListById, savedListRowWithList, savedListSummary, setListRowQty, shapeListRows, type SavedListRecord,
} from '../../b2b/saved-lists';
import { summaryAfterChange } from '../../cart/cart-access';
import type { CartRecord } from '../../cart/cart-rows';
import { cartById } from '../../cart/cart-store';
import { assertSeason } from '../../catalogue/customer-pricing';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { answerWithStatus } from '../operation-status';
import { defineHandlers } from '../operation-routes';

async function viewFor(c: Context<ApiEnv>, customerId: number, season: number | null | undefined): Promise<ItemView> {
  await assertSeason(c.get('deps').db, season ?? undefined);
  return { customerId, seasonId: season ?? null, locale: c.get('locale'), now: c.get('deps').now() };
}

/** A cart of a business customer the caller may act for (404 otherwise, as carts/ answers). */
async function tradeCart(c: Context<ApiEnv>, user: AuthUser, cartId: number): Promise<CartRecord> {
  const db = c.get('deps').db;
  assertTradeCaller(user);
  const cart = await cartById(db, cartId);
  await assertTradeVisible(db, user, cart?.customerId);
  if (cart!.shopContext !== 'b2b') throw apiError('TradeCustomersOnly');
  return cart!;
}

async function tradeList(c: Context<ApiEnv>, user: AuthUser, listId: number): Promise<SavedListRecord> {
  const db = c.get('deps').db;
  assertTradeCaller(user);
  const list = await savedListById(db, listId);
  await assertTradeVisible(db, user, list?.customerId);
  return list!;
}

async function bulkIntoCart(c: Context<ApiEnv>, user: AuthUser, cart: CartRecord, lines: BulkLine[], source: Record<string, unknown>): Promise<CartBulkAddAnswer> {
  const { db, now } = c.get('deps');
  const results = lines.length ? await addLinesToCart(db, cart, lines, now()) : [];
  const added = results.filter((r) => r.added > 0);
  await auditAgentAction(db, user, cart.customerId, 'cart.rows.bulk_add', 'cart', cart.id, { ...source, lines: lines.length, added: added.length });
  const summary = await summaryAfterChange(db, cart, { locale: c.get('locale'), now: now() });
  return { lines: results, added_count: added.length, refused_count: results.length - added.length, cart: summary.header };
}

export const b2bOrderingHandlers = defineHandlers({
  validateQuickOrder: async (c, { body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const customerId = await tradeCustomerFor(db, user, body.customer);
    return validateQuickOrder(db, body.lines, await viewFor(c, customerId, body.season));
  },

  searchQuickOrder: async (c, { query: q }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const customerId = await tradeCustomerFor(db, user, q.customer);
    return { results: await searchQuickOrder(db, q.q, await viewFor(c, customerId, q.season)) };
  },

  addCartRowsBulk: async (c, { body }) => {
    const user = requireUser(c);
    const cart = await tradeCart(c, user, body.cart);
    return bulkIntoCart(c, user, cart, body.lines, { source: 'quick_order' });
  },

  listSavedLists: async (c, { query: q }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const customerId = await tradeCustomerFor(db, user, q.customer);
    return listSavedLists(db, customerId, q.search || undefined, { page: q.page, pageSize: q.page_size });
  },

  createSavedList: async (c, { body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const customerId = await tradeCustomerFor(db, user, body.customer);
    const list = await createSavedList(db, customerId, body.name, user.id);
    await auditAgentAction(db, user, customerId, 'saved_list.create', 'saved_list', list.id, { name: list.name });
    return savedListSummary(db, list.id);
  },

  createSavedListFromCart: async (c, { body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const cart = await tradeCart(c, user, body.cart);
    const list = await saveCartAsList(db, cart, body.name, user.id);
    await auditAgentAction(db, user, cart.customerId, 'saved_list.create', 'saved_list', list.id, { name: list.name, cart: cart.id });
    return savedListSummary(db, list.id);
  },

  updateSavedListRow: async (c, { params: { id }, body: { qty } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    assertTradeCaller(user);
    const found = await savedListRowWithList(db, id);
    await assertTradeVisible(db, user, found?.list.customerId);
    const row = await setListRowQty(db, found!.row, qty);
    await auditAgentAction(db, user, found!.list.customerId, 'saved_list.row.update', 'saved_list_row', row.id, { list: row.listId, qty });
    const [shaped] = await shapeListRows(db, [row], await viewFor(c, found!.list.customerId, null));
    return shaped!;
  },

  deleteSavedListRow: async (c, { params: { id } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    assertTradeCaller(user);
    const found = await savedListRowWithList(db, id);
    await assertTradeVisible(db, user, found?.list.customerId);
    await deleteListRow(db, found!.row);
    await auditAgentAction(db, user, found!.list.customerId, 'saved_list.row.remove', 'saved_list_row', id, { list: found!.list.id });
    return undefined;
  },

  getSavedList: async (c, { params: { id } }) => {
    const user = requireUser(c);
    const list = await tradeList(c, user, id);
    return savedListSummary(c.get('deps').db, list.id);
  },

  renameSavedList: async (c, { params: { id }, body: { name } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const list = await tradeList(c, user, id);
    await renameSavedList(db, list, name);
    await auditAgentAction(db, user, list.customerId, 'saved_list.rename', 'saved_list', list.id, { name });
    return savedListSummary(db, list.id);
  },

  deleteSavedList: async (c, { params: { id } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const list = await tradeList(c, user, id);
    await deleteSavedList(db, list);
    await auditAgentAction(db, user, list.customerId, 'saved_list.delete', 'saved_list', list.id, { name: list.name });
    return undefined;
  },

  listSavedListRows: async (c, { params: { id }, query: q }) => {
    const user = requireUser(c);
    const list = await tradeList(c, user, id);
    return listRowsPage(c.get('deps').db, list, { page: q.page, pageSize: q.page_size }, await viewFor(c, list.customerId, q.season));
  },

  addSavedListRow: async (c, { params: { id }, body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const list = await tradeList(c, user, id);
    const { row, created } = await addRowToList(db, list, body);
    await auditAgentAction(db, user, list.customerId, 'saved_list.row.add', 'saved_list_row', row.id, { list: list.id, product: body.product, variant: body.variant ?? null, qty: body.qty });
    const [shaped] = await shapeListRows(db, [row], await viewFor(c, list.customerId, null));
    return created ? shaped! : answerWithStatus(c, 'addSavedListRow', shaped!, 200);
  },

  addSavedListRowsBulk: async (c, { params: { id }, body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const list = await tradeList(c, user, id);
    const lines = await addLinesToList(db, list, body.lines);
    await auditAgentAction(db, user, list.customerId, 'saved_list.rows.bulk_add', 'saved_list', list.id, { lines: body.lines.length });
    return { lines, list: await savedListSummary(db, list.id) };
  },

  addSavedListToCart: async (c, { params: { id }, body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const list = await tradeList(c, user, id);
    const cart = await tradeCart(c, user, body.cart);
    if (cart.customerId !== list.customerId) {
      throw apiError('ValidationFailed', [{ field: 'cart', code: 'other_customer', message: 'The cart belongs to another customer than the list.' }]);
    }
    return bulkIntoCart(c, user, cart, await listLines(db, list.id), { source: 'saved_list', list: list.id });
  },

  listPurchasedProducts: async (c, { query: q }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    let ordering = DEFAULT_PURCHASED_ORDER;
    if (q.order_by) {
      const parsed = parseOrderBy(q.order_by, PURCHASED_ORDER_FIELDS);
      if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
      ordering = parsed.value;
    }
    const customerId = await tradeCustomerFor(db, user, q.customer);
    return listPurchased(db, customerId, { search: q.search || undefined }, { page: q.page, pageSize: q.page_size }, ordering, await viewFor(c, customerId, q.season));
  },
});
