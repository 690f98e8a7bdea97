// Who sees which users and customers: a customer user sees the users of its own customer; an
// agent sees itself, the users of its assigned customers, and (users/customers/) those customers.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { CustomerSummary, ShopUser, UserOrderField } from '../../src/lib/contract/users';
import type { AuthUser } from '../auth/auth-user';
import { customFieldValuesOf } from '../catalogue/custom-field-values';
import type { Db } from '../db/client';
import { agentCustomers, customers, users } from '../db/schema';

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

/** The customers assigned to an agent, by business name (then name), optionally searched. */
export async function listAgentCustomers(
  db: Db,
  agentId: number,
  q: { search?: string },
  page: { page: number; pageSize: number },
): Promise<{ results: CustomerSummary[]; count: number }> {
  const where = and(
    inArray(customers.id, assignedTo(db, agentId)),
    eq(customers.isActive, true),
    q.search
      ? or(ilike(customers.businessName, contains(q.search)), ilike(customers.firstName, contains(q.search)), ilike(customers.lastName, contains(q.search)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      // Consumers have no business name: they sort by their own name among the businesses.
      .orderBy(
        asc(sql`lower(coalesce(${customers.businessName}, ${customers.lastName} || ' ' || ${customers.firstName}))`),
        asc(sql`lower(${customers.lastName})`),
        asc(customers.id),
      )
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(customers).where(where),
  ]);
  return {
    count: total?.count ?? 0,
    results: rows.map((c) => ({
      id: c.id,
      code: c.code,
      kind: c.kind,
      business_name: c.businessName,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      vat_number: c.vatNumber,
      city: null,
      last_served_at: null,
      open_cart_rows: 0,
      open_cart_total: 0,
    })),
  };
}
