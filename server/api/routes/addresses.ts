// addresses/ (spec section 7): the address book of the customer the caller acts for.
import type { Context } from 'hono';
import { ADDRESS_ORDER_FIELDS } from '../../../src/lib/contract/addresses';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { auditAgentAction } from '../../auth/audit';
import { assertVisible, resolveCustomer } from '../../auth/permissions';
import { createAddress, deleteAddress, findAddress, listAddresses, toAddress, updateAddress } from '../../orders/address-book';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';

/** The live address of the path, or 404 when it does not exist or is not the caller's to see. */
async function visibleAddress(c: Context<ApiEnv>, id: number) {
  const user = requireUser(c);
  const { db } = c.get('deps');
  const address = await findAddress(db, id);
  await assertVisible(db, user, address?.customerId);
  return { user, address: address! };
}

export const addressHandlers = defineHandlers({
  listAddresses: async (c, { query: q }) => {
    const user = requireUser(c);
    let ordering;
    if (q.order_by) {
      const parsed = parseOrderBy(q.order_by, ADDRESS_ORDER_FIELDS);
      if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
      ordering = parsed.value;
    }
    const { db } = c.get('deps');
    const customerId = await resolveCustomer(db, user, q.customer);
    return listAddresses(db, { customerId, type: q.type, search: q.search || undefined }, { page: q.page, pageSize: q.page_size }, ordering);
  },

  createAddress: async (c, { body }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const customerId = await resolveCustomer(db, user, body.customer);
    const address = await createAddress(db, customerId, user.id, body);
    await auditAgentAction(db, user, customerId, 'address.create', 'address', address.id, { type: address.type });
    return address;
  },

  getAddress: async (c, { params: { id } }) => toAddress((await visibleAddress(c, id)).address),

  updateAddress: async (c, { params: { id }, body }) => {
    const { user, address } = await visibleAddress(c, id);
    const { db } = c.get('deps');
    const updated = await updateAddress(db, address, body);
    await auditAgentAction(db, user, address.customerId, 'address.update', 'address', address.id, { fields: Object.keys(body) });
    return updated;
  },

  deleteAddress: async (c, { params: { id } }) => {
    const { user, address } = await visibleAddress(c, id);
    const { db, now } = c.get('deps');
    await deleteAddress(db, address.id, now());
    await auditAgentAction(db, user, address.customerId, 'address.delete', 'address', address.id);
    return undefined;
  },
});
