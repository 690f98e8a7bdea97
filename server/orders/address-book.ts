// A customer's address book: list, read, write and soft delete (orders keep their snapshots).
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Address, AddressCreateBody, AddressPatchBody, AddressSnapshotOut, AddressType } from '../../src/lib/contract/addresses';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { Db } from '../db/client';
import { anyOf, prepared } from '../db/prepared';
import { addresses, type AddressSnapshot } from '../db/schema';

type AddressRow = typeof addresses.$inferSelect;
export type AddressOrderField = 'name' | 'city' | 'postal_code' | 'create_date';

export const toAddress = (a: AddressRow): Address => ({
  id: a.id,
  customer: a.customerId,
  user: a.userId,
  type: a.type,
  name: a.name,
  company: a.company,
  street: a.street,
  city: a.city,
  postal_code: a.postalCode,
  province: a.province,
  country: a.country,
  phone: a.phone,
  email: a.email,
  vat_number: a.vatNumber,
  is_default: a.isDefault,
  create_date: a.createdAt.toISOString(),
});

export const snapshotOf = (a: AddressRow): AddressSnapshot => ({
  name: a.name,
  company: a.company,
  street: a.street,
  city: a.city,
  postalCode: a.postalCode,
  province: a.province,
  country: a.country,
  phone: a.phone,
  email: a.email,
  vatNumber: a.vatNumber,
});

export const snapshotOut = (s: AddressSnapshot): AddressSnapshotOut => ({
  name: s.name,
  company: s.company,
  street: s.street,
  city: s.city,
  postal_code: s.postalCode,
  province: s.province,
  country: s.country,
  phone: s.phone,
  email: s.email,
  vat_number: s.vatNumber,
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export interface AddressFilter {
  customerId: number;
  type?: AddressType;
  search?: string;
}

function whereOf(f: AddressFilter): SQL | undefined {
  const pattern = f.search ? `%${escapeLike(f.search)}%` : undefined;
  return and(
    eq(addresses.customerId, f.customerId),
    isNull(addresses.deletedAt),
    f.type ? eq(addresses.type, f.type) : undefined,
    pattern
      ? or(
          ilike(addresses.name, pattern),
          ilike(addresses.company, pattern),
          ilike(addresses.street, pattern),
          ilike(addresses.city, pattern),
          ilike(addresses.postalCode, pattern),
        )
      : undefined,
  );
}

export async function listAddresses(
  db: Db,
  f: AddressFilter,
  page: { page: number; pageSize: number },
  ordering?: Ordering<AddressOrderField>,
): Promise<{ results: Address[]; count: number }> {
  const where = whereOf(f);
  const column = { name: addresses.name, city: addresses.city, postal_code: addresses.postalCode, create_date: addresses.createdAt };
  // Without an ordering the default address of each type comes first.
  const orderBy = ordering
    ? [(ordering.direction === 'asc' ? asc : desc)(column[ordering.field]), asc(addresses.id)]
    : [asc(addresses.type), desc(addresses.isDefault), asc(addresses.id)];
  const [rows, [total]] = await Promise.all([
    db.select().from(addresses).where(where).orderBy(...orderBy).limit(page.pageSize).offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(addresses).where(where),
  ]);
  return { results: rows.map(toAddress), count: total?.count ?? 0 };
}

/** Every live address of a customer (a book is small), defaults first. */
export async function addressBook(db: Db, customerId: number): Promise<AddressRow[]> {
  // Every checkout page asks it: a named statement (ADR 0035).
  return prepared(db, 'address_book', (db) =>
    db
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, sql.placeholder('customer')), isNull(addresses.deletedAt)))
      .orderBy(desc(addresses.isDefault), asc(addresses.id)),
  ).execute({ customer: customerId });
}

/** Some live addresses of a customer by id (an order's billing and shipping address). */
export async function customerAddresses(db: Db, customerId: number, ids: number[]): Promise<AddressRow[]> {
  return prepared(db, 'customer_addresses', (db) =>
    db
      .select()
      .from(addresses)
      .where(and(anyOf(addresses.id, 'ids'), eq(addresses.customerId, sql.placeholder('customer')), isNull(addresses.deletedAt))),
  ).execute({ ids, customer: customerId });
}

/** A live address by id, whoever owns it (callers check visibility). */
export async function findAddress(db: Db, id: number): Promise<AddressRow | undefined> {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.id, id), isNull(addresses.deletedAt)));
  return row;
}

const blankToNull = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s.trim() === '' ? null : s);

function columnsOf(body: AddressPatchBody): Partial<typeof addresses.$inferInsert> {
  const out: Partial<typeof addresses.$inferInsert> = {
    type: body.type,
    name: body.name,
    company: blankToNull(body.company),
    street: body.street,
    city: body.city,
    postalCode: body.postal_code?.toUpperCase(),
    province: blankToNull(body.province),
    country: body.country,
    phone: blankToNull(body.phone),
    email: blankToNull(body.email),
    vatNumber: blankToNull(body.vat_number)?.toUpperCase(),
    isDefault: body.is_default,
  };
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined));
}

/** Only one default address per type: setting one clears the others. */
async function clearOtherDefaults(db: Db, customerId: number, type: AddressType, keepId: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.customerId, customerId), eq(addresses.type, type), eq(addresses.isDefault, true), ne(addresses.id, keepId)));
}

export async function createAddress(db: Db, customerId: number, userId: number, body: AddressCreateBody): Promise<Address> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(addresses)
      .values({ ...columnsOf(body), customerId, userId, type: body.type, name: body.name, street: body.street, city: body.city, postalCode: body.postal_code.toUpperCase(), country: body.country })
      .returning();
    if (row!.isDefault) await clearOtherDefaults(tx, customerId, row!.type, row!.id);
    return toAddress(row!);
  });
}

export async function updateAddress(db: Db, current: AddressRow, body: AddressPatchBody): Promise<Address> {
  const changes = columnsOf(body);
  return db.transaction(async (tx) => {
    const [row] = Object.keys(changes).length
      ? await tx.update(addresses).set(changes).where(eq(addresses.id, current.id)).returning()
      : [current];
    if (row!.isDefault) await clearOtherDefaults(tx, row!.customerId, row!.type, row!.id);
    return toAddress(row!);
  });
}

export async function deleteAddress(db: Db, id: number, now: Date): Promise<void> {
  await db.update(addresses).set({ deletedAt: now, isDefault: false }).where(eq(addresses.id, id));
}
