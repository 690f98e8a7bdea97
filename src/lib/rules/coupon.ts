// Whether a coupon applies and what it takes off, the same for the API and the coupon island.
import { discountAmount, discountProblem, round2, type DiscountProblem, type DiscountRule } from './pricing';

export interface CouponRule extends DiscountRule {
  type: 'percentage' | 'fixed';
  value: number;
  maxUses: number | null;
  usedCount: number;
  customerId: number | null;
}

export interface CouponContext {
  now: Date;
  shopContext: 'b2b' | 'b2c';
  customerId: number;
  /** The order amount its minimum is compared with (the goods, before any discount). */
  orderAmount: number;
  /** What it is taken off (the goods after the promotion). */
  base: number;
}

export type CouponOutcome = { ok: true; discount: number; finalPrice: number } | { ok: false; problem: DiscountProblem };

export function couponOutcome(coupon: CouponRule, ctx: CouponContext): CouponOutcome {
  const problem = discountProblem(coupon, { now: ctx.now, shopContext: ctx.shopContext, amount: ctx.orderAmount, customerId: ctx.customerId });
  if (problem) return { ok: false, problem };
  const discount = discountAmount(ctx.base, coupon);
  return { ok: true, discount, finalPrice: round2(Math.max(0, ctx.base - discount)) };
}

/** Codes are typed by hand: compare them without case or surrounding blanks. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();
