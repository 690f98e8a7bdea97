// A cart with its priced rows, totals, promotion and coupon: what the cart header shows and what
// checkout turns into an order.
import { eq } from 'drizzle-orm';
import type { CartHeader } from '../../src/lib/contract/cart';
import type { Locale, ShopContext } from '../../src/lib/contract/common';
import { cartTotals, type CartTotals } from '../../src/lib/rules/cart';
import type { CouponCustomer, CouponProblem } from '../../src/lib/rules/coupon';
import { orderTotals } from '../../src/lib/rules/checkout';
import type { Db } from '../db/client';
import { carts, coupons } from '../db/schema';
import { shopContextFor } from '../../src/lib/rules/shop-context';
import type { StockEffect } from '../../src/lib/rules/stock-effect';
import { renewHolds } from './cart-holds';
import { readPricedCart, toCartRow, type CartRecord, type PricedCartRow } from './cart-rows';
import { couponCustomer } from './coupon-store';
import { promotionsFor, toPromotion } from './promotion-store';
import { readStockEffect } from './stock';

export type CouponRecord = typeof coupons.$inferSelect;

export interface CartSummary {
  cart: CartRecord;
  header: CartHeader;
  /** Every row, priced for the cart's customer and season (VAT excluded). */
  rows: PricedCartRow[];
  totals: CartTotals;
  /** The promotion applied now, if any. */
  promotionId: number | null;
  /** The cart's coupon when it applies now (null when none or no longer valid). */
  coupon: CouponRecord | null;
  /** Why the cart's coupon does not apply now (null when it does or there is none). */
  couponProblem: CouponProblem | null;
  /** What the coupon's terms read about the customer (null without a coupon): checkout compares it again under its lock. */
  couponCustomer: CouponCustomer | null;
  /** The context the cart is served in: its customer's kind, whatever the cart was opened with (ADR 0015). */
  shopContext: ShopContext;
}

export interface SummaryOptions {
  locale: Locale;
  now: Date;
  /** Take lapsed holds again where the stock allows (a read of the cart; not checkout, which takes the stock). */
  renew?: boolean;
  /** Whether cart rows hold stock, when the request has read it already (readCartSettings); read here otherwise. */
  effect?: StockEffect;
}

export async function loadCartSummary(db: Db, cartId: number, options: SummaryOptions): Promise<CartSummary | null> {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return cart ? summarizeCart(db, cart, options) : null;
}

export async function summarizeCart(db: Db, cart: CartRecord, { locale, now, renew, effect: knownEffect }: SummaryOptions): Promise<CartSummary> {
  const effect = knownEffect ?? (await readStockEffect(db));
  // The rows with their products, prices and holds, the customer's kind and the promotions of
  // every context (the kind picks them) in one read; the coupon's terms after.
  const contents = await readPricedCart(db, cart, { locale, now, effect });
  const promotionsNow = contents.promotions;
  let { rows } = contents;
  if (renew && contents.records.some((r) => r.heldUntil <= now) && (await renewHolds(db, cart, contents.records, now)) !== contents.records) {
    // Lapsed holds were looked at again: the rows say which ones the stock still covers.
    rows = (await readPricedCart(db, cart, { locale, now, effect })).rows;
  }
  // The customer's kind decides the context, whatever the cart was opened with (ADR 0015).
  const shopContext = shopContextFor(contents.customerKind, cart.shopContext);
  const promos = promotionsFor(promotionsNow, shopContext);
  const coupon = cart.couponId === null ? undefined : (await db.select().from(coupons).where(eq(coupons.id, cart.couponId)))[0];
  const customer = coupon ? await couponCustomer(db, cart.customerId, coupon) : { kind: shopContext, orderCount: 0, usedCoupon: false };
  const totals = cartTotals(
    rows.map((r) => ({ productId: r.product, total: r.total })),
    promos.candidates,
    coupon ?? null,
    { now, shopContext, customerId: cart.customerId, customer },
  );
  const promotionRecord = totals.promotion ? promos.records.find((p) => p.id === totals.promotion!.id) : undefined;
  const promoted = promotionRecord ? new Set(promos.products.get(promotionRecord.id) ?? []) : null;
  // VAT as checkout will charge it on the goods (quoteCart's lines), so cart and checkout agree.
  const withVat = orderTotals({
    lines: rows.map((r) => ({ total: r.total, vatRate: r.product_detail.vat_rate, inPromotion: promoted !== null && (promoted.size === 0 || promoted.has(r.product)) })),
    promotionDiscount: totals.promotion?.discount ?? 0,
    couponDiscount: totals.coupon?.isValid ? totals.coupon.discount : 0,
  });
  const vatIncluded = contents.customerKind !== 'b2b';
  const header: CartHeader = {
    id: cart.id,
    customer: cart.customerId,
    agent: cart.agentId,
    season: cart.seasonId,
    shop_context: shopContext,
    rows_count: rows.length,
    total_quantity: rows.reduce((sum, r) => sum + r.qty, 0),
    subtotal: totals.subtotal,
    promotion_discount: totals.promotion?.discount ?? 0,
    coupon_discount: totals.coupon?.discount ?? 0,
    discount: totals.discount,
    final_price: totals.finalPrice,
    vat_included: vatIncluded,
    tax: withVat.tax,
    final_price_with_vat: withVat.total,
    promotion: promotionRecord ? toPromotion(promotionRecord, promos.products.get(promotionRecord.id) ?? [], locale) : null,
    coupon:
      coupon && totals.coupon
        ? { code: coupon.code, type: coupon.type, value: coupon.value, discount: totals.coupon.discount, is_valid: totals.coupon.isValid }
        : null,
  };
  return {
    cart,
    header,
    rows,
    totals,
    promotionId: totals.promotion?.id ?? null,
    coupon: coupon && totals.coupon?.isValid ? coupon : null,
    couponProblem: totals.coupon?.problem ?? null,
    couponCustomer: coupon ? customer : null,
    shopContext,
  };
}

/** The header a lazy get-or-create answers when the customer has no cart yet. */
export function emptyCartHeader(customerId: number, shopContext: ShopContext, seasonId: number | null, agentId: number | null, vatIncluded: boolean): CartHeader {
  return {
    id: null,
    customer: customerId,
    agent: agentId,
    season: seasonId,
    shop_context: shopContext,
    rows_count: 0,
    total_quantity: 0,
    subtotal: 0,
    promotion_discount: 0,
    coupon_discount: 0,
    discount: 0,
    final_price: 0,
    vat_included: vatIncluded,
    tax: 0,
    final_price_with_vat: 0,
    promotion: null,
    coupon: null,
  };
}

export { toCartRow, type PricedCartRow };
