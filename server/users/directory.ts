// Who sees which users and customers: a customer user sees the users of its own customer; an
// agent sees itself, the users of its assigned customers, and (users/customers/) those customers.
import { and, asc, desc, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AgentCustomerOrder } from '../../src/lib/contract/b2b-codes';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { CustomerSummary, ShopUser, UserOrderField } from '../../src/lib/contract/users';
import type { AuthUser } from '../auth/auth-user';
import { customFieldValuesOf } from '../catalogue/custom-field-values';
import type { Db } from '../db/client';
import { addresses, agentCustomers, carts, customers, orders, users } from '../db/schema';
import { openCartTotals } from '../b2b/open-carts';

export const DEFAULT_USER_ORDER: Ordering<UserOrderField> = { field: 'last_name', direction: 'asc' };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const contains = (s: string) => `%${escapeLike(s)}%`;

const assignedTo = (db: Db, agentId: number) =>
  db.select({ id: agentCustomers.customerId }).from(agentCustomers).where(eq(agentCustomers.agentId, agentId));

/** The users `viewer` may see, as a condition on `users`. */
function visibleUsers(db: Db, viewer: AuthUser): SQL {
  const own = eq(users.id, viewer.id);
  if (viewer.isAgent) return or(own, inArray(users.customerId, assignedTo(db, viewer.id)))!;
  return viewer.customerId === null ? own : or(own, eq(users.customerId, viewer.customerId))!;
}

function userOrder(o: Ordering<UserOrderField>): SQL[] {
  const dir = o.direction === 'asc' ? asc : desc;
  const column = { last_name: sql`lower(${users.lastName})`, first_name: sql`lower(${users.firstName})`, email: sql`lower(${users.email})` }[o.field];
  const second = o.field === 'first_name' ? sql`lower(${users.lastName})` : sql`lower(${users.firstName})`;
  return [dir(column), asc(second), asc(users.id)];
}

const userColumns = { user: users, customer: customers };

async function describeUsers(db: Db, rows: { user: typeof users.$inferSelect; customer: typeof customers.$inferSelect | null }[], locale: Locale): Promise<ShopUser[]> {
  const fields = await customFieldValuesOf(db, 'user', rows.map((r) => r.user.id), locale);
  // Only public fields: the password hash and sign-in details never leave this module.
  return rows.map(({ user: u, customer: c }) => ({
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    is_agent: u.isAgent,
    agent_profile: u.isAgent ? { id: u.id } : null,
    customer_profile: c ? { id: c.id, code: c.code, kind: c.kind, business_name: c.businessName, first_name: c.firstName, last_name: c.lastName } : null,
    custom_fields: fields.get(u.id) ?? [],
  }));
}

export async function listVisibleUsers(
  db: Db,
  viewer: AuthUser,
  q: { locale: Locale; search?: string },
  page: { page: number; pageSize: number },
  ordering: Ordering<UserOrderField> = DEFAULT_USER_ORDER,
): Promise<{ results: ShopUser[]; count: number }> {
  const where = and(
    eq(users.isActive, true),
    visibleUsers(db, viewer),
    q.search ? or(ilike(users.firstName, contains(q.search)), ilike(users.lastName, contains(q.search)), ilike(users.email, contains(q.search))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(customers, eq(customers.id, users.customerId))
      .where(where)
      .orderBy(...userOrder(ordering))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { results: await describeUsers(db, rows, q.locale), count: total?.count ?? 0 };
}

/** One user if `viewer` may see it. */
export async function findVisibleUser(db: Db, viewer: AuthUser, id: number, locale: Locale): Promise<ShopUser | undefined> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(users.id, id), eq(users.isActive, true), visibleUsers(db, viewer)))
    .limit(1);
  return (await describeUsers(db, rows, locale))[0];
}

/**
 * The customers assigned to an agent, searched on name, code and the city of any address;
 * `recent` puts first those the agent served last (its last order or cart change for them), then
 * by business name (then name). City, last service and each customer's open cart total come in
 * the same few statements whatever the page size.
 */
export async function listAgentCustomers(
  db: Db,
  agentId: number,
  q: { search?: string; order?: AgentCustomerOrder },
  page: { page: number; pageSize: number },
): Promise<{ results: CustomerSummary[]; count: number }> {
  const like = q.search ? contains(q.search) : undefined;
  const where = and(
    inArray(customers.id, assignedTo(db, agentId)),
    eq(customers.isActive, true),
    like
      ? or(
          ilike(customers.businessName, like),
          ilike(customers.firstName, like),
          ilike(customers.lastName, like),
          ilike(customers.code, like),
          exists(
            db
              .select({ one: sql`1` })
              .from(addresses)
              .where(and(eq(addresses.customerId, customers.id), isNull(addresses.deletedAt), ilike(addresses.city, like))),
          ),
        )
      : undefined,
  );
  // Spelled out: a single-table select names its columns without the table, which inside these
  // subqueries would mean the subquery's own `id`.
  const customerId = sql.raw('"customers"."id"');
  // Both use orders_agent_customer_idx and carts_owner_idx per customer of the agent.
  const lastServed = sql<Date | null>`greatest(
    (select max(o.created_at) from ${orders} o where o.agent_id = ${agentId} and o.customer_id = ${customerId}),
    (select max(k.updated_at) from ${carts} k where k.agent_id = ${agentId} and k.customer_id = ${customerId}))`;
  const city = sql<string | null>`(select a.city from ${addresses} a where a.customer_id = ${customerId} and a.deleted_at is null
    order by (a.type = 'billing') desc, a.is_default desc, a.id limit 1)`;
  const byName = [
    asc(sql`lower(coalesce(${customers.businessName}, ${customers.lastName} || ' ' || ${customers.firstName}))`),
    asc(sql`lower(${customers.lastName})`),
    asc(customers.id),
  ];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        customer: customers,
        city,
        lastServed: sql<string | null>`to_char(${lastServed} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(customers)
      .where(where)
      // Consumers have no business name: they sort by their own name among the businesses.
      .orderBy(...((q.order ?? 'recent') === 'recent' ? [sql`${lastServed} desc nulls last`, ...byName] : byName))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(customers).where(where),
  ]);
  const openCarts = await openCartTotals(db, rows.map((r) => r.customer.id));
  return {
    count: total?.count ?? 0,
    results: rows.map(({ customer: c, city: cityName, lastServed: served }) => ({
      id: c.id,
      code: c.code,
      kind: c.kind,
      business_name: c.businessName,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      vat_number: c.vatNumber,
      city: cityName,
      last_served_at: served,
      open_cart_rows: openCarts.get(c.id)?.rows ?? 0,
      open_cart_total: openCarts.get(c.id)?.total ?? 0,
    })),
  };
}
