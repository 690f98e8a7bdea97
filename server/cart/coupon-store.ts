// Coupons by code.
import { sql } from 'drizzle-orm';
import { normalizeCouponCode } from '../../src/lib/rules/coupon';
import type { Db } from '../db/client';
import { coupons } from '../db/schema';
import type { CouponRecord } from './cart-summary';

/** Codes are unique without case (index on upper(code)). */
export async function couponByCode(db: Db, code: string): Promise<CouponRecord | undefined> {
  const [coupon] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = ${normalizeCouponCode(code)}`).limit(1);
  return coupon;
}
