// Prices and discounts, the same for the API and the islands' previews.

export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export interface PriceSources {
  standard: number;
  special: number | null;
  /** Agreed with the customer for the chosen season. */
  customerSeason?: number | null;
  /** Agreed with the customer, any season. */
  customer?: number | null;
  /** For everybody in the chosen season. */
  season?: number | null;
}

export type PriceSource = 'customer' | 'season' | 'special' | 'standard';

/**
 * The price a customer pays (spec: per-customer price, else special, else standard; a season's
 * prices come first when a season is chosen).
 */
export function effectivePrice(s: PriceSources): { price: number; source: PriceSource } {
  if (s.customerSeason != null) return { price: s.customerSeason, source: 'customer' };
  if (s.customer != null) return { price: s.customer, source: 'customer' };
  if (s.season != null) return { price: s.season, source: 'season' };
  if (s.special != null) return { price: s.special, source: 'special' };
  return { price: s.standard, source: 'standard' };
}

export interface Discount {
  type: 'percentage' | 'fixed';
  value: number;
}

/** How much a discount takes off an amount: never more than the amount, never negative. */
export function discountAmount(amount: number, d: Discount): number {
  if (amount <= 0 || d.value <= 0) return 0;
  const raw = d.type === 'percentage' ? (amount * Math.min(d.value, 100)) / 100 : d.value;
  return round2(Math.min(raw, amount));
}

export interface DiscountRule {
  isActive: boolean;
  validFrom: Date | string | null;
  validTo: Date | string | null;
  minOrder: number;
  shopContext: 'b2b' | 'b2c' | 'all';
}

export type DiscountProblem = 'inactive' | 'not_started' | 'expired' | 'min_order' | 'wrong_context' | 'used_up' | 'wrong_customer';

export interface DiscountContext {
  now: Date;
  shopContext: 'b2b' | 'b2c';
  /** The amount the discount would apply to. */
  amount: number;
  customerId?: number;
}

/** Why a promotion or coupon does not apply now, or null when it does. */
export function discountProblem(
  rule: DiscountRule & { maxUses?: number | null; usedCount?: number; customerId?: number | null },
  ctx: DiscountContext,
): DiscountProblem | null {
  if (!rule.isActive) return 'inactive';
  if (rule.validFrom && new Date(rule.validFrom) > ctx.now) return 'not_started';
  if (rule.validTo && new Date(rule.validTo) < ctx.now) return 'expired';
  if (rule.shopContext !== 'all' && rule.shopContext !== ctx.shopContext) return 'wrong_context';
  if (rule.customerId != null && rule.customerId !== ctx.customerId) return 'wrong_customer';
  if (rule.maxUses != null && (rule.usedCount ?? 0) >= rule.maxUses) return 'used_up';
  if (ctx.amount < rule.minOrder) return 'min_order';
  return null;
}
