// Direct database set-up for checkout and order tests: products with known stock and price,
// carts with rows, and the ids of the demo people (so tests do not depend on the cart API).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { issueToken } from '../../server/auth/tokens';
import type { Db } from '../../server/db/client';
import { addresses, cartRows, carts, customers, paymentMethods, products, productTranslations, shippingPolicies, systemSettings, users } from '../../server/db/schema';

let counter = 0;

export interface ProductSpec {
  quantity?: number;
  isBackorderable?: boolean;
  price?: number;
  specialPrice?: number | null;
  vatRate?: number;
  isPublished?: boolean;
}

/** A product with a unique code, names in every locale and the stock and price asked for. */
export async function makeProduct(db: Db, spec: ProductSpec = {}): Promise<{ id: number; code: string }> {
  counter += 1;
  const code = `T-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [row] = await db
    .insert(products)
    .values({
      code,
      slug: code.toLowerCase(),
      standardPrice: spec.price ?? 10,
      specialPrice: spec.specialPrice ?? null,
      vatRate: spec.vatRate ?? 22,
      quantity: spec.quantity ?? 100,
      isBackorderable: spec.isBackorderable ?? false,
      isPublished: spec.isPublished ?? true,
    })
    .returning({ id: products.id });
  await db.insert(productTranslations).values(
    (['it', 'en', 'es'] as const).map((locale) => ({ productId: row!.id, locale, name: `Prodotto ${code} ${locale}`, title: `Prodotto ${code}` })),
  );
  return { id: row!.id, code };
}

export async function customerId(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.code, code));
  return row!.id;
}

export async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row!.id;
}

/** The default billing and shipping address of a customer. */
export async function defaultAddresses(db: Db, customer: number): Promise<{ billing: number; shipping: number; country: string }> {
  const rows = await db.select().from(addresses).where(and(eq(addresses.customerId, customer), isNull(addresses.deletedAt)));
  const billing = rows.find((a) => a.type === 'Billing' && a.isDefault) ?? rows.find((a) => a.type === 'Billing');
  const shipping = rows.find((a) => a.type === 'Shipping' && a.isDefault) ?? rows.find((a) => a.type === 'Shipping');
  return { billing: billing!.id, shipping: shipping!.id, country: shipping!.country };
}

export interface CartSpec {
  customer: number;
  agent?: number | null;
  context?: 'b2b' | 'b2c';
  couponId?: number | null;
  rows: { product: number; qty: number; variant?: number | null }[];
}

/** A new cart with rows (a customer may have several in these tests). */
export async function makeCart(db: Db, spec: CartSpec): Promise<number> {
  const [cart] = await db
    .insert(carts)
    .values({ customerId: spec.customer, agentId: spec.agent ?? null, shopContext: spec.context ?? 'b2b', couponId: spec.couponId ?? null })
    .returning({ id: carts.id });
  if (spec.rows.length) {
    // Fresh holds, as an add through the API takes them (ADR 0016).
    const heldUntil = new Date(Date.now() + 60 * 60_000);
    await db.insert(cartRows).values(spec.rows.map((r) => ({ cartId: cart!.id, productId: r.product, variantId: r.variant ?? null, qty: r.qty, heldUntil })));
  }
  return cart!.id;
}

/** The demo's payment method and shipping policy ids by code ('riba-30', 'courier-it', ...). */
export async function checkoutChoiceIds(db: Db): Promise<{ method: Record<string, number>; policy: Record<string, number> }> {
  const methods = await db.select({ code: paymentMethods.code, id: paymentMethods.id }).from(paymentMethods);
  const policies = await db.select({ code: shippingPolicies.code, id: shippingPolicies.id }).from(shippingPolicies);
  return { method: Object.fromEntries(methods.map((m) => [m.code, m.id])), policy: Object.fromEntries(policies.map((p) => [p.code, p.id])) };
}

export async function setSetting(db: Db, key: string, value: string) {
  await db.insert(systemSettings).values({ key, value }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db.select({ q: products.quantity }).from(products).where(eq(products.id, productId));
  return row!.q;
}

export interface Buyer {
  token: string;
  customer: number;
  billing: number;
  shipping: number;
}

/**
 * `count` B2B customers of their own, each a copy of C0001 (data, default addresses) with a user
 * signed in: concurrent sessions that each have their own open cart.
 */
export async function makeBuyers(db: Db, count: number): Promise<Buyer[]> {
  const [source] = await db.select().from(users).where(eq(users.email, 'b2b@example.com'));
  const [customer] = await db.select().from(customers).where(eq(customers.id, source!.customerId!));
  const book = (await db.select().from(addresses).where(eq(addresses.customerId, customer!.id))).filter((a) => a.deletedAt === null);
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    counter += 1;
    const tag = `${process.pid}-${counter}-${i}`;
    const { id: _c, createdAt: _cc, updatedAt: _cu, ...customerData } = customer!;
    const email = `buyer-${tag}@example.test`;
    const [copy] = await db.insert(customers).values({ ...customerData, code: `BUYER-${tag}`, email }).returning({ id: customers.id });
    const { id: _u, createdAt: _uc, updatedAt: _uu, ...userData } = source!;
    const [user] = await db.insert(users).values({ ...userData, email, customerId: copy!.id }).returning({ id: users.id });
    let billing = 0;
    let shipping = 0;
    for (const { id: _a, createdAt: _ac, updatedAt: _au, userId: _owner, ...address } of book) {
      const [row] = await db.insert(addresses).values({ ...address, customerId: copy!.id, userId: null }).returning({ id: addresses.id });
      if (address.type === 'Billing' && (!billing || address.isDefault)) billing = row!.id;
      if (address.type === 'Shipping' && (!shipping || address.isDefault)) shipping = row!.id;
    }
    const { token } = await issueToken(db, user!.id, 24, new Date());
    buyers.push({ token, customer: copy!.id, billing, shipping });
  }
  return buyers;
}
