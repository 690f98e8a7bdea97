// Whether a coupon applies and what it takes off, the same for the API and the coupon island.
// The terms a shop publishes for a code (first order only, once per customer, for one kind of
// customer, a minimum, dates) are data on the coupon and all checked here (ADR 0015).
import { discountAmount, round2, type DiscountRule } from './pricing';

export interface CouponRule extends DiscountRule {
  type: 'percentage' | 'fixed';
  value: number;
  maxUses: number | null;
  usedCount: number;
  customerId: number | null;
  firstOrderOnly: boolean;
  oncePerCustomer: boolean;
  customerKind: 'b2b' | 'b2c' | null;
}

/** What the terms need to know about the customer the coupon is applied for. */
export interface CouponCustomer {
  kind: 'b2b' | 'b2c';
  /** Orders the customer has placed so far (any status). */
  orderCount: number;
  /** Whether one of those orders already used this coupon. */
  usedCoupon: boolean;
}

export interface CouponContext {
  now: Date;
  shopContext: 'b2b' | 'b2c';
  customerId: number;
  customer: CouponCustomer;
  /** The order amount its minimum is compared with (the goods, before any discount). */
  orderAmount: number;
  /** What it is taken off (the goods after the promotion). */
  base: number;
}

/**
 * Why a coupon does not apply; each is an error_list code of the API and has a message in the
 * storefront. The first six are the published terms; the others are the shop's own switches.
 */
export const COUPON_PROBLEMS = [
  'not_first_order', 'already_used', 'min_amount', 'expired', 'not_yet_valid', 'wrong_customer_kind',
  'inactive', 'wrong_context', 'wrong_customer', 'used_up',
] as const;
export type CouponProblem = (typeof COUPON_PROBLEMS)[number];

/** The API's message per reason (error_list[].message); the storefront shows its own translation. */
export const COUPON_PROBLEM_MESSAGES: Record<CouponProblem | 'not_found', string> = {
  not_found: 'There is no coupon with this code.',
  not_first_order: 'This coupon is for a first order only.',
  already_used: 'This coupon can be used once per customer and you have already used it.',
  min_amount: 'The order does not reach the minimum amount of this coupon.',
  expired: 'This coupon has expired.',
  not_yet_valid: 'This coupon is not valid yet.',
  wrong_customer_kind: 'This coupon is not for your kind of customer.',
  inactive: 'This coupon is no longer offered.',
  wrong_context: 'This coupon is not valid in this shop.',
  wrong_customer: 'This coupon belongs to another customer.',
  used_up: 'This coupon has been used up.',
};

/** The catalogue name of each refusal (server/shop-errors.ts): what the shopper is told first. */
export type CouponRefusal = 'CouponUnknown' | 'CouponExpired' | 'CouponNotYetValid' | 'CouponNotForCustomer' | 'CouponMinimumNotReached' | 'CouponNotValid';

/** Unknown, expired, not for this customer, minimum not reached: each has its own name; the shop's own switches keep "not valid". */
export function couponRefusalName(problem: CouponProblem | 'not_found'): CouponRefusal {
  switch (problem) {
    case 'not_found':
      return 'CouponUnknown';
    case 'expired':
      return 'CouponExpired';
    case 'not_yet_valid':
      return 'CouponNotYetValid';
    case 'not_first_order':
    case 'already_used':
    case 'wrong_customer_kind':
    case 'wrong_customer':
    case 'wrong_context':
      return 'CouponNotForCustomer';
    case 'min_amount':
      return 'CouponMinimumNotReached';
    default:
      return 'CouponNotValid';
  }
}

export type CouponOutcome = { ok: true; discount: number; finalPrice: number } | { ok: false; problem: CouponProblem };

/** Why the coupon does not apply now for this customer and amount, or null when it does. */
export function couponProblem(coupon: CouponRule, ctx: Omit<CouponContext, 'base'>): CouponProblem | null {
  if (!coupon.isActive) return 'inactive';
  if (coupon.validFrom && new Date(coupon.validFrom) > ctx.now) return 'not_yet_valid';
  if (coupon.validTo && new Date(coupon.validTo) < ctx.now) return 'expired';
  if (coupon.customerKind !== null && coupon.customerKind !== ctx.customer.kind) return 'wrong_customer_kind';
  if (coupon.shopContext !== 'all' && coupon.shopContext !== ctx.shopContext) return 'wrong_context';
  if (coupon.customerId !== null && coupon.customerId !== ctx.customerId) return 'wrong_customer';
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return 'used_up';
  if (coupon.oncePerCustomer && ctx.customer.usedCoupon) return 'already_used';
  if (coupon.firstOrderOnly && ctx.customer.orderCount > 0) return 'not_first_order';
  if (ctx.orderAmount < coupon.minOrder) return 'min_amount';
  return null;
}

export function couponOutcome(coupon: CouponRule, ctx: CouponContext): CouponOutcome {
  const problem = couponProblem(coupon, ctx);
  if (problem) return { ok: false, problem };
  const discount = discountAmount(ctx.base, coupon);
  return { ok: true, discount, finalPrice: round2(Math.max(0, ctx.base - discount)) };
}

/** Codes are typed by hand: compare them without case or surrounding blanks. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();
