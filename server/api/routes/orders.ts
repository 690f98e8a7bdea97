// orders/ (spec section 7): order history, one order, its rows and its documents as PDF.
import { Hono } from 'hono';
import { IdSchema } from '../../../src/lib/contract/common';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { ORDER_ORDER_FIELDS, OrderDocQuerySchema, OrderListQuerySchema, OrderRowsQuerySchema } from '../../../src/lib/contract/orders';
import { assertVisible, resolveCustomer } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { renderOrderDocument } from '../../orders/order-pdf';
import { DEFAULT_ORDER_ORDER, findOrder, listOrderRows, listOrders, orderDetail } from '../../orders/order-read';
import type { ApiEnv, AuthUser } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { parseOrThrow, parseQuery } from '../validation';

export const ordersRoutes = new Hono<ApiEnv>({ strict: false });

/** The order, or 404 when it does not exist or belongs to a customer the user may not see. */
async function visibleOrder(db: Db, user: AuthUser, id: number) {
  const order = await findOrder(db, id);
  await assertVisible(db, user, order?.customerId);
  return order!;
}

ordersRoutes.get('/', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, OrderListQuerySchema);
  let ordering = DEFAULT_ORDER_ORDER;
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, ORDER_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
  const { db } = c.get('deps');
  const customerId = await resolveCustomer(db, user, q.customer);
  return c.json(await listOrders(db, { customerId, status: q.status }, { page: q.page, pageSize: q.page_size }, ordering));
});

ordersRoutes.get('/rows', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, OrderRowsQuerySchema);
  const { db } = c.get('deps');
  const order = await visibleOrder(db, user, q.order);
  return c.json(await listOrderRows(db, order.id, c.get('locale'), { page: q.page, pageSize: q.page_size }));
});

ordersRoutes.get('/doc', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, OrderDocQuerySchema);
  const { db } = c.get('deps');
  const order = await visibleOrder(db, user, q.order_id);
  const pdf = await renderOrderDocument(db, order, q.type, c.get('locale'));
  if (!pdf) throw apiError('NotFound', [{ field: 'type', code: 'not_found', message: 'The order has no document of this type.' }]);
  return c.body(new Uint8Array(pdf.content), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${pdf.fileName}"`,
    'Cache-Control': 'private, no-store',
  });
});

ordersRoutes.get('/:id', async (c) => {
  const user = requireUser(c);
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const { db } = c.get('deps');
  const order = await visibleOrder(db, user, id);
  return c.json(await orderDetail(db, order, c.get('locale')));
});
