// A cart as checkout sees it: the cart's own summary (prices, promotion, coupon), turned into
// order lines with VAT, plus the rows the stock no longer covers.
import type { ErrorItem } from '../../src/lib/contract/common';
import { availableForOrder, orderTotals, type CheckoutLine, type OrderTotals } from '../../src/lib/rules/checkout';
import type { CartRecord, PricedCartRow } from '../cart/cart-rows';
import { summarizeCart, type CartSummary, type SummaryOptions } from '../cart/cart-summary';
import type { Db } from '../db/client';
import type { CheckoutTotals } from '../../src/lib/contract/checkout';

export interface CartQuote {
  summary: CartSummary;
  lines: (CheckoutLine & { row: PricedCartRow })[];
  /** One per row the order could not take now. */
  problems: ErrorItem[];
  /** With the chosen shipping price, payment fee and VAT treatment (src/lib/rules/vat-treatment.ts). */
  totals(shipping: number, extra?: { paymentFee?: number; reverseCharge?: boolean }): OrderTotals;
}

const itemField = (row: PricedCartRow) => (row.variant === null ? `product.${row.product}` : `variant.${row.variant}`);

export async function quoteCart(db: Db, cart: CartRecord, options: SummaryOptions): Promise<CartQuote> {
  const summary = await summarizeCart(db, cart, options);
  const promoted = summary.header.promotion ? new Set(summary.header.promotion.products) : null;
  const lines = summary.rows.map((row) => ({
    row,
    total: row.total,
    vatRate: row.product_detail.vat_rate,
    // A promotion without products applies to the whole cart.
    inPromotion: promoted !== null && (promoted.size === 0 || promoted.has(row.product)),
  }));
  const problems: ErrorItem[] = [];
  for (const { row } of lines) {
    const detail = row.product_detail;
    if (!row.is_published) {
      problems.push({ field: itemField(row), code: 'quantity_not_available', message: `${detail.code} is no longer sold.` });
      continue;
    }
    // product_detail.quantity is the stock less what other carts hold (when they hold any).
    const available = availableForOrder({ quantity: detail.quantity, heldByOthers: 0, isBackorderable: detail.is_backorderable });
    if (available !== null && row.qty > available) {
      problems.push({ field: itemField(row), code: 'quantity_not_available', message: `${detail.code}: only ${available} available, ${row.qty} requested.` });
    }
  }
  const { totals } = summary;
  return {
    summary,
    lines,
    problems,
    totals: (shipping, extra = {}) =>
      orderTotals({
        ...extra,
        lines,
        promotionDiscount: totals.promotion?.discount ?? 0,
        couponDiscount: totals.coupon?.isValid ? totals.coupon.discount : 0,
        shipping,
      }),
  };
}

export const toCheckoutTotals = (t: OrderTotals): CheckoutTotals => ({
  subtotal: t.subtotal,
  promotion_discount: t.promotionDiscount,
  coupon_discount: t.couponDiscount,
  discount: t.discount,
  final_price: t.goods,
  shipping: t.shipping,
  payment_fee: t.paymentFee,
  tax: t.tax,
  total: t.total,
  vat: t.vat,
});
