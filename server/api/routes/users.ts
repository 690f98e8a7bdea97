// users/ and users/{id}/ (the users a signed-in user may see) and users/customers/ (an agent's
// assigned customers).
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { USER_ORDER_FIELDS } from '../../../src/lib/contract/users';
import { DEFAULT_USER_ORDER, findVisibleUser, listAgentCustomers, listVisibleUsers } from '../../users/directory';
import { apiError } from '../errors';
import { requireAgent, requireUser } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';

export const usersHandlers = defineHandlers({
  listUsers: async (c, { query: q }) => {
    const user = requireUser(c);
    let ordering = DEFAULT_USER_ORDER;
    if (q.order_by) {
      const parsed = parseOrderBy(q.order_by, USER_ORDER_FIELDS);
      if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
      ordering = parsed.value;
    }
    return listVisibleUsers(c.get('deps').db, user, { locale: c.get('locale'), search: q.search || undefined }, { page: q.page, pageSize: q.page_size }, ordering);
  },

  listAgentCustomers: async (c, { query: q }) => {
    const agent = requireAgent(c);
    return listAgentCustomers(c.get('deps').db, agent.id, { search: q.search || undefined, order: q.order_by }, { page: q.page, pageSize: q.page_size });
  },

  getUser: async (c, { params: { id } }) => {
    const user = requireUser(c);
    const found = await findVisibleUser(c.get('deps').db, user, id, c.get('locale'));
    if (!found) throw apiError('NotFound');
    return found;
  },
});
