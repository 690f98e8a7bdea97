// users/ and users/{id}/ (the users a signed-in user may see) and users/customers/ (an agent's
// assigned customers).
import { Hono } from 'hono';
import { IdSchema } from '../../../src/lib/contract/common';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { CustomerListQuerySchema, USER_ORDER_FIELDS, UserListQuerySchema } from '../../../src/lib/contract/users';
import { DEFAULT_USER_ORDER, findVisibleUser, listAgentCustomers, listVisibleUsers } from '../../users/directory';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireAgent, requireUser } from '../middleware/auth';
import { parseOrThrow, parseQuery } from '../validation';

export const usersRoutes = new Hono<ApiEnv>({ strict: false });

usersRoutes.get('/', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, UserListQuerySchema);
  let ordering = DEFAULT_USER_ORDER;
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, USER_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
  const list = await listVisibleUsers(c.get('deps').db, user, { locale: c.get('locale'), search: q.search || undefined }, { page: q.page, pageSize: q.page_size }, ordering);
  return c.json(list);
});

usersRoutes.get('/customers', async (c) => {
  const agent = requireAgent(c);
  const q = parseQuery(c, CustomerListQuerySchema);
  const list = await listAgentCustomers(c.get('deps').db, agent.id, { search: q.search || undefined }, { page: q.page, pageSize: q.page_size });
  return c.json(list);
});

usersRoutes.get('/:id', async (c) => {
  const user = requireUser(c);
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const found = await findVisibleUser(c.get('deps').db, user, id, c.get('locale'));
  if (!found) throw apiError('NotFound');
  return c.json(found);
});
