// Cart rules (spec sections 4 and 5): what a quantity change does, whether the stock allows it,
// and the cart's totals with its promotion and coupon. Shared by the API and the cart island.
import { couponOutcome, type CouponCustomer, type CouponProblem, type CouponRule } from './coupon';
import { discountAmount, discountProblem, round2, type Discount, type DiscountRule } from './pricing';

/**
 * Units of one cart row: more is a typing mistake, not an order, and it keeps every row total
 * within what an order can hold (ADR 0012). The API's contract and the islands check it.
 */
export const MAX_CART_QTY = 99_999;

/** 'none': 0 or less for an item not in the cart, which already holds none of it. */
export type CartRowAction = 'add' | 'update' | 'remove' | 'none';
export type CartQuantityProblem = 'negative_quantity' | 'quantity_not_available';

/**
 * Spec section 4: 0 or less removes the row; a product already in the cart has its quantity set;
 * otherwise a row is added. 0 and any negative number mean the same, whatever the cart holds:
 * "none of this in the cart", which for an item not there is already true (nothing changes).
 * Only a quantity that is no number at all is refused.
 */
export function cartRowAction(requested: number, inCart: boolean): CartRowAction | 'negative_quantity' {
  if (!Number.isFinite(requested)) return 'negative_quantity';
  if (requested <= 0) return inCart ? 'remove' : 'none';
  return inCart ? 'update' : 'add';
}

export interface StockCheck {
  requested: number;
  /** Units of the item already in this cart (0 when not there). */
  current: number;
  /** Units in stock of the product, or of the variant for a variant row. */
  stock: number;
  /** Units held by the rows of other carts (0 when cart rows do not affect stock). */
  heldByOthers: number;
  /** Whether this cart's own rows hold stock (stock effect on for its context). */
  rowsHoldStock: boolean;
  isBackorderable: boolean;
}

/** The stock shown on a row (product_detail.quantity): what is not held by other carts. */
export const rowStock = (stock: number, heldByOthers: number) => stock - heldByOthers;

/**
 * Spec section 5. Always allowed when backorderable. With the stock effect the row's own units
 * are already held, so only the increase (requested - current) must fit in the units nobody
 * holds; without it the requested quantity is compared with the row's stock. Lowering a
 * quantity is never refused, even when the stock fell below it meanwhile.
 */
export function cartQuantityProblem(c: StockCheck): CartQuantityProblem | null {
  if (!Number.isInteger(c.requested) || c.requested <= 0) return 'negative_quantity';
  if (c.isBackorderable) return null;
  if (c.current > 0 && c.requested <= c.current) return null;
  const shown = rowStock(c.stock, c.heldByOthers);
  if (c.current > 0 && c.rowsHoldStock) {
    const free = shown - c.current;
    return c.requested - c.current > free ? 'quantity_not_available' : null;
  }
  return c.requested > shown ? 'quantity_not_available' : null;
}

/** The most a row may hold (for the error message); null when there is no limit. */
export function maxRowQuantity(c: Pick<StockCheck, 'stock' | 'heldByOthers' | 'isBackorderable'>): number | null {
  return c.isBackorderable ? null : Math.max(0, rowStock(c.stock, c.heldByOthers));
}

export interface PromotionCandidate extends DiscountRule, Discount {
  id: number;
  /** Products it applies to; empty means the whole cart. */
  productIds: number[];
}

export interface PricedLine {
  productId: number;
  total: number;
}

export interface AppliedPromotion {
  id: number;
  discount: number;
}

/**
 * The promotion that takes off the most. Its minimum order is compared with the cart's subtotal;
 * one with products is taken off those products' rows only, one without off the whole subtotal.
 * Ties go to the lower id, so the choice is stable.
 */
export function bestPromotion(
  candidates: PromotionCandidate[],
  lines: PricedLine[],
  ctx: { now: Date; shopContext: 'b2b' | 'b2c' },
): AppliedPromotion | null {
  const subtotal = round2(lines.reduce((sum, l) => sum + l.total, 0));
  let best: AppliedPromotion | null = null;
  for (const p of [...candidates].sort((a, b) => a.id - b.id)) {
    if (discountProblem(p, { now: ctx.now, shopContext: ctx.shopContext, amount: subtotal })) continue;
    const targets = new Set(p.productIds);
    const base = targets.size === 0 ? subtotal : round2(lines.filter((l) => targets.has(l.productId)).reduce((sum, l) => sum + l.total, 0));
    const discount = discountAmount(base, p);
    if (discount > 0 && (!best || discount > best.discount)) best = { id: p.id, discount };
  }
  return best;
}

export interface CartTotals {
  subtotal: number;
  promotion: AppliedPromotion | null;
  /** Null when the cart has no coupon. */
  coupon: { discount: number; isValid: boolean; problem: CouponProblem | null } | null;
  discount: number;
  finalPrice: number;
}

/** Subtotal, then the best promotion, then the coupon on what is left. */
export function cartTotals(
  lines: PricedLine[],
  promotions: PromotionCandidate[],
  coupon: CouponRule | null,
  ctx: { now: Date; shopContext: 'b2b' | 'b2c'; customerId: number; customer: CouponCustomer },
): CartTotals {
  const subtotal = round2(lines.reduce((sum, l) => sum + l.total, 0));
  const promotion = bestPromotion(promotions, lines, ctx);
  const afterPromotion = round2(subtotal - (promotion?.discount ?? 0));
  let couponPart: CartTotals['coupon'] = null;
  if (coupon) {
    const outcome = couponOutcome(coupon, { ...ctx, orderAmount: subtotal, base: afterPromotion });
    couponPart = outcome.ok ? { discount: outcome.discount, isValid: true, problem: null } : { discount: 0, isValid: false, problem: outcome.problem };
  }
  const discount = round2((promotion?.discount ?? 0) + (couponPart?.discount ?? 0));
  return { subtotal, promotion, coupon: couponPart, discount, finalPrice: round2(Math.max(0, subtotal - discount)) };
}

export interface RowAddition {
  /** Units to add to the row. */
  add: number;
  /** Units the row holds now (0 when the item is not in the cart). */
  rowQty: number;
  /** The row's units as the stock check counts them: rowQty, or 0 when its hold ran out (StockCheck.current). */
  current: number;
  stock: number;
  heldByOthers: number;
  isBackorderable: boolean;
}

export interface RowAdditionResult {
  /** Units of the row afterwards (never below rowQty). */
  qty: number;
  added: number;
  /** What kept it from adding everything: the stock, MAX_CART_QTY, or nothing. */
  limitedBy: 'stock' | 'row_limit' | null;
}

/**
 * Adding units to a row (bulk adds, issue 16): as many as the stock check of spec section 5
 * (cartQuantityProblem) allows, up to MAX_CART_QTY. That check accepts a new quantity up to the
 * larger of the stock not held by other carts and the row's checked units, so that is the cap;
 * an add never lowers a row.
 */
export function addToRow(a: RowAddition): RowAdditionResult {
  const wanted = a.rowQty + a.add;
  const stockCap = a.isBackorderable ? Infinity : Math.max(rowStock(a.stock, a.heldByOthers), a.current);
  const qty = Math.max(a.rowQty, Math.min(wanted, stockCap, MAX_CART_QTY));
  const limitedBy = qty >= wanted ? null : wanted > MAX_CART_QTY && qty === MAX_CART_QTY && stockCap >= MAX_CART_QTY ? 'row_limit' : 'stock';
  return { qty, added: qty - a.rowQty, limitedBy };
}
