// Coupons by code, and what their terms need to know about a customer (ADR 0015).
import { and, count, eq, sql } from 'drizzle-orm';
import { normalizeCouponCode, type CouponCustomer } from '../../src/lib/rules/coupon';
import type { Db } from '../db/client';
import { couponRedemptions, coupons, customers, orders } from '../db/schema';
import type { CouponRecord } from './cart-summary';

/** Codes are unique without case (index on upper(code)). */
export async function couponByCode(db: Db, code: string): Promise<CouponRecord | undefined> {
  const [coupon] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = ${normalizeCouponCode(code)}`).limit(1);
  return coupon;
}

/**
 * The customer's kind, how many orders it has placed and whether it used this coupon: by its
 * redemption row, or by an order that carries the code (orders placed before redemptions were kept).
 * One query after another: checkout runs this on its transaction's single connection.
 */
export async function couponCustomer(db: Db, customerId: number, coupon: Pick<CouponRecord, 'id' | 'code'>): Promise<CouponCustomer> {
  const [customer] = await db.select({ kind: customers.kind }).from(customers).where(eq(customers.id, customerId)).limit(1);
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
  const [redeemed] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.customerId, customerId)))
    .limit(1);
  let usedCoupon = redeemed !== undefined;
  if (!usedCoupon) {
    const [withCode] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), sql`upper(${orders.couponCode}) = ${normalizeCouponCode(coupon.code)}`))
      .limit(1);
    usedCoupon = withCode !== undefined;
  }
  return { kind: customer?.kind ?? 'b2b', orderCount: placed?.n ?? 0, usedCoupon };
}

/**
 * Records the use of a once-per-customer coupon in the checkout's transaction. False when the
 * customer already has one: the unique index makes a concurrent checkout wait for this one and
 * then find the row, so only one of them gets the discount.
 */
export async function redeemOnce(db: Db, couponId: number, customerId: number, orderId: number | null): Promise<boolean> {
  const inserted = await db
    .insert(couponRedemptions)
    .values({ couponId, customerId, orderId })
    .onConflictDoNothing({ target: [couponRedemptions.couponId, couponRedemptions.customerId] })
    .returning({ id: couponRedemptions.id });
  return inserted.length > 0;
}
