// Carts (spec section 7, carts/): one open cart per customer, shop context and season; rows
// whose quantity is set (0 or less removes them) after the stock check of spec section 5.
import type { Context } from 'hono';
import { CART_ROW_ORDER_FIELDS, type CartRowChange } from '../../../src/lib/contract/cart';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { auditAgentAction } from '../../auth/audit';
import { assertVisible } from '../../auth/permissions';
import { summaryAfterChange, visibleCart, visibleCartWithSettings } from '../../cart/cart-access';
import { cartShowsVat, DEFAULT_CART_ROW_ORDER, listCartRows, toCartRow, type CartRecord } from '../../cart/cart-rows';
import { cartRowWithCart, deleteCartRow, findOpenCart, getOrCreateCart, setCartItem } from '../../cart/cart-store';
import { emptyCartHeader } from '../../cart/cart-summary';
import { resolveOwnerKey } from '../../cart/owner';
import { readCartSettings, type CartSettings } from '../../cart/stock';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { answerWithStatus } from '../operation-status';
import { defineHandlers } from '../operation-routes';

const summaryOptions = (c: Context<ApiEnv>, settings?: CartSettings) => ({ locale: c.get('locale'), now: c.get('deps').now(), effect: settings?.effect });

const cartHeader = (c: Context<ApiEnv>, cart: CartRecord, settings?: CartSettings) => summaryAfterChange(c.get('deps').db, cart, summaryOptions(c, settings));

async function rowChange(c: Context<ApiEnv>, cart: CartRecord, rowId: number | null, removed: boolean, settings?: CartSettings): Promise<CartRowChange> {
  const summary = await cartHeader(c, cart, settings);
  const row = rowId === null ? undefined : summary.rows.find((r) => r.id === rowId);
  return { row: row ? toCartRow(row) : null, removed, cart: summary.header };
}

export const cartHandlers = defineHandlers({
  getOrCreateCart: async (c, { query: { lazy }, body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const [{ key: owner, agentId }, settings] = await Promise.all([resolveOwnerKey(db, user, body, c.get('shopContext')), readCartSettings(db)]);
    if (lazy) {
      const found = await findOpenCart(db, owner);
      if (!found) return emptyCartHeader(owner.customerId, owner.shopContext, owner.seasonId, await agentId(), await cartShowsVat(db, owner));
      return (await cartHeader(c, found, settings)).header;
    }
    const { cart, created } = await getOrCreateCart(db, owner, agentId);
    if (created) await auditAgentAction(db, user, cart.customerId, 'cart.create', 'cart', cart.id, { shop_context: cart.shopContext, season: cart.seasonId });
    return (await cartHeader(c, cart, settings)).header;
  },

  listCartRows: async (c, { query: q }) => {
    const user = requireUser(c);
    let ordering = DEFAULT_CART_ROW_ORDER;
    if (q.order_by) {
      const parsed = parseOrderBy(q.order_by, CART_ROW_ORDER_FIELDS);
      if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
      ordering = parsed.value;
    }
    const { db } = c.get('deps');
    const cart = await visibleCart(db, user, q.cart);
    return listCartRows(db, cart, c.get('locale'), { page: q.page, pageSize: q.page_size }, c.get('deps').now(), ordering);
  },

  setCartRow: async (c, { body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    // The settings the change and the summary after it both need, read once, with the cart.
    const { cart, settings } = await visibleCartWithSettings(db, user, body.cart);
    const result = await setCartItem(db, cart, { productId: body.product, variantId: body.variant ?? null, qty: body.qty }, c.get('deps').now(), settings);
    if (result.rowId !== null) {
      await auditAgentAction(db, user, cart.customerId, `cart.row.${result.action}`, 'cart_row', result.rowId, {
        cart: cart.id,
        product: body.product,
        variant: body.variant ?? null,
        qty: body.qty,
      });
    }
    const change = await rowChange(c, cart, result.row?.id ?? null, result.action === 'remove', settings);
    return result.action === 'add' ? change : answerWithStatus(c, 'setCartRow', change, 200);
  },

  updateCartRow: async (c, { params: { id }, body: { qty } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const found = await cartRowWithCart(db, id);
    await assertVisible(db, user, found?.cart.customerId);
    const { row, cart } = found!;
    const result = await setCartItem(db, cart, { productId: row.productId, variantId: row.variantId, qty }, c.get('deps').now());
    await auditAgentAction(db, user, cart.customerId, `cart.row.${result.action}`, 'cart_row', row.id, { cart: cart.id, product: row.productId, qty });
    return rowChange(c, cart, result.row?.id ?? null, result.action === 'remove');
  },

  deleteCartRow: async (c, { params: { id } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const found = await cartRowWithCart(db, id);
    await assertVisible(db, user, found?.cart.customerId);
    const { row, cart } = found!;
    await deleteCartRow(db, row);
    await auditAgentAction(db, user, cart.customerId, 'cart.row.remove', 'cart_row', row.id, { cart: cart.id, product: row.productId });
    return rowChange(c, cart, null, true);
  },
});
