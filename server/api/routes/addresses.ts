// addresses/ (spec section 7): the address book of the customer the caller acts for.
import { Hono, type Context } from 'hono';
import { ADDRESS_ORDER_FIELDS, AddressCreateBodySchema, AddressListQuerySchema, AddressPatchBodySchema } from '../../../src/lib/contract/addresses';
import { IdSchema } from '../../../src/lib/contract/common';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { auditAgentAction } from '../../auth/audit';
import { assertVisible, resolveCustomer } from '../../auth/permissions';
import { createAddress, deleteAddress, findAddress, listAddresses, toAddress, updateAddress } from '../../orders/address-book';
import { readBody } from '../body';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { parseOrThrow, parseQuery } from '../validation';

export const addressRoutes = new Hono<ApiEnv>({ strict: false });

addressRoutes.get('/', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, AddressListQuerySchema);
  let ordering;
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, ADDRESS_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
  const { db } = c.get('deps');
  const customerId = await resolveCustomer(db, user, q.customer);
  return c.json(await listAddresses(db, { customerId, type: q.type, search: q.search || undefined }, { page: q.page, pageSize: q.page_size }, ordering));
});

addressRoutes.post('/', async (c) => {
  const user = requireUser(c);
  const body = await readBody(c, AddressCreateBodySchema);
  const { db } = c.get('deps');
  const customerId = await resolveCustomer(db, user, body.customer);
  const address = await createAddress(db, customerId, user.id, body);
  await auditAgentAction(db, user, customerId, 'address.create', 'address', address.id, { type: address.type });
  return c.json(address, 201);
});

/** The live address of the path, or 404 when it does not exist or is not the caller's to see. */
async function visibleAddress(c: Context<ApiEnv>) {
  const user = requireUser(c);
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const { db } = c.get('deps');
  const address = await findAddress(db, id);
  await assertVisible(db, user, address?.customerId);
  return { user, address: address! };
}

addressRoutes.get('/:id', async (c) => {
  const { address } = await visibleAddress(c);
  return c.json(toAddress(address));
});

addressRoutes.patch('/:id', async (c) => {
  const { user, address } = await visibleAddress(c);
  const body = await readBody(c, AddressPatchBodySchema);
  const { db } = c.get('deps');
  const updated = await updateAddress(db, address, body);
  await auditAgentAction(db, user, address.customerId, 'address.update', 'address', address.id, { fields: Object.keys(body) });
  return c.json(updated);
});

addressRoutes.delete('/:id', async (c) => {
  const { user, address } = await visibleAddress(c);
  const { db, now } = c.get('deps');
  await deleteAddress(db, address.id, now());
  await auditAgentAction(db, user, address.customerId, 'address.delete', 'address', address.id);
  return c.body(null, 204);
});
