// orders/ (spec section 7): order history, one order, its rows and its documents as PDF.
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { ORDER_ORDER_FIELDS } from '../../../src/lib/contract/orders';
import { assertVisible, resolveCustomer } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { renderOrderDocument } from '../../orders/order-pdf';
import { DEFAULT_ORDER_ORDER, findOrder, listOrderRows, listOrders, orderDetail } from '../../orders/order-read';
import type { AuthUser } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';

/** The order, or 404 when it does not exist or belongs to a customer the user may not see. */
async function visibleOrder(db: Db, user: AuthUser, id: number) {
  const order = await findOrder(db, id);
  await assertVisible(db, user, order?.customerId);
  return order!;
}

export const orderHandlers = defineHandlers({
  listOrders: async (c, { query: q }) => {
    const user = requireUser(c);
    let ordering = DEFAULT_ORDER_ORDER;
    if (q.order_by) {
      const parsed = parseOrderBy(q.order_by, ORDER_ORDER_FIELDS);
      if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
      ordering = parsed.value;
    }
    const { db } = c.get('deps');
    const customerId = await resolveCustomer(db, user, q.customer);
    return listOrders(db, { customerId, status: q.status }, { page: q.page, pageSize: q.page_size }, ordering);
  },

  listOrderRows: async (c, { query: q }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const order = await visibleOrder(db, user, q.order);
    return listOrderRows(db, order.id, c.get('locale'), { page: q.page, pageSize: q.page_size });
  },

  getOrderDocument: async (c, { query: q }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const order = await visibleOrder(db, user, q.order_id);
    const pdf = await renderOrderDocument(db, order, q.type, c.get('locale'));
    if (!pdf) throw apiError('NotFound', [{ field: 'type', code: 'not_found', message: 'The order has no document of this type.' }]);
    return c.body(new Uint8Array(pdf.content), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${pdf.fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  },

  getOrder: async (c, { params: { id } }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const order = await visibleOrder(db, user, id);
    return orderDetail(db, order, c.get('locale'));
  },
});
