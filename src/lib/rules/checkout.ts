// Checkout rules, the same for the API and the checkout island: which choices are still missing,
// what shipping costs, and how subtotal, discounts, shipping, VAT and total add up.
import { round2 } from './pricing';

/** VAT on shipping and on a payment method's fee (Italian standard rate). */
export const SHIPPING_VAT_RATE = 22;

export const CHECKOUT_REQUIRED_FIELDS = ['billing_address', 'shipping_address', 'shipping_method', 'payment_method'] as const;
export type CheckoutRequiredField = (typeof CHECKOUT_REQUIRED_FIELDS)[number];

export const CHECKOUT_FIELD_MESSAGES: Record<CheckoutRequiredField, string> = {
  billing_address: 'Choose a billing address.',
  shipping_address: 'Choose a shipping address.',
  shipping_method: 'Choose a shipping method.',
  payment_method: 'Choose a payment method.',
};

export interface FieldProblem {
  field: CheckoutRequiredField;
  code: 'required';
  message: string;
}

/** Spec section 5: checkout needs shipping address, billing address, shipping method and payment method. */
export function missingCheckoutFields(choice: Partial<Record<CheckoutRequiredField, unknown>>): FieldProblem[] {
  return CHECKOUT_REQUIRED_FIELDS.filter((field) => choice[field] === undefined || choice[field] === null || choice[field] === '').map((field) => ({
    field,
    code: 'required',
    message: CHECKOUT_FIELD_MESSAGES[field],
  }));
}

export interface ShippingTariff {
  price: number;
  /** Free from this goods amount, when set. */
  freeFrom: number | null;
}

/** What a shipping policy costs for a goods amount (after discounts): free from its threshold. */
export function shippingPrice(tariff: ShippingTariff, goodsAmount: number | undefined): number {
  if (goodsAmount !== undefined && tariff.freeFrom !== null && goodsAmount >= tariff.freeFrom) return 0;
  return round2(tariff.price);
}

/**
 * The free-shipping policy is offered only to a shopper who typed its code (setting
 * FREE_SHIPPING_CODE), compared without regard to case; other policies always.
 */
export function policyOffered(policyCode: string, freeShippingCode: string | undefined, typedCode: string | undefined): boolean {
  if (!freeShippingCode || policyCode.toUpperCase() !== freeShippingCode.toUpperCase()) return true;
  return !!typedCode && typedCode.trim().toUpperCase() === freeShippingCode.toUpperCase();
}

export interface CheckoutLine {
  /** Unit price times quantity, VAT excluded. */
  total: number;
  /** Percent, e.g. 22. */
  vatRate: number;
  /** The line belongs to the cart's promotion. */
  inPromotion: boolean;
}

export interface VatLine {
  rate: number;
  base: number;
  tax: number;
}

export interface OrderTotals {
  subtotal: number;
  promotionDiscount: number;
  couponDiscount: number;
  /** Both discounts. */
  discount: number;
  /** Goods after discounts (the cart's final price). */
  goods: number;
  shipping: number;
  /** The payment method's fee (net), e.g. cash on delivery. */
  paymentFee: number;
  tax: number;
  total: number;
  vat: VatLine[];
}

export interface TotalsInput {
  lines: CheckoutLine[];
  /** Taken off the promotion's lines (the cart rules decide which promotion and how much). */
  promotionDiscount?: number;
  /** Taken off what is left after the promotion. */
  couponDiscount?: number;
  shipping?: number;
  /** The chosen payment method's fee (net); taxed like shipping. */
  paymentFee?: number;
  /** Reverse charge (src/lib/rules/vat-treatment.ts): every base at 0 %, the buyer accounts for the VAT. */
  reverseCharge?: boolean;
}

/**
 * Totals of an order. Discounts lower the VAT base of the lines they come off, in proportion to
 * each line, so VAT is charged on what the customer actually pays; shipping and a payment fee
 * carry 22 %. Every fee is part of the total. Reverse charge puts the whole base at 0 %.
 */
export function orderTotals(input: TotalsInput): OrderTotals {
  const lines = input.lines.map((l) => ({ ...l, total: round2(l.total) }));
  const subtotal = round2(lines.reduce((s, l) => s + l.total, 0));
  const promoBase = round2(lines.filter((l) => l.inPromotion).reduce((s, l) => s + l.total, 0));
  const promotionDiscount = round2(Math.min(Math.max(input.promotionDiscount ?? 0, 0), promoBase));
  const couponBase = round2(subtotal - promotionDiscount);
  const couponDiscount = round2(Math.min(Math.max(input.couponDiscount ?? 0, 0), couponBase));
  const discount = round2(promotionDiscount + couponDiscount);
  const goods = round2(subtotal - discount);
  const shipping = round2(Math.max(input.shipping ?? 0, 0));
  const paymentFee = round2(Math.max(input.paymentFee ?? 0, 0));

  const bases = new Map<number, number>();
  for (const l of lines) {
    const promoShare = l.inPromotion && promoBase > 0 ? (promotionDiscount * l.total) / promoBase : 0;
    const afterPromo = l.total - promoShare;
    const couponShare = couponBase > 0 ? (couponDiscount * afterPromo) / couponBase : 0;
    bases.set(l.vatRate, (bases.get(l.vatRate) ?? 0) + afterPromo - couponShare);
  }
  if (shipping + paymentFee > 0) bases.set(SHIPPING_VAT_RATE, (bases.get(SHIPPING_VAT_RATE) ?? 0) + shipping + paymentFee);
  if (input.reverseCharge) {
    const all = [...bases.values()].reduce((s, b) => s + b, 0);
    bases.clear();
    if (lines.length || all > 0) bases.set(0, all);
  }
  const vat = [...bases.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, raw]) => {
      const base = round2(raw);
      return { rate, base, tax: round2((base * rate) / 100) };
    });
  const tax = round2(vat.reduce((s, v) => s + v.tax, 0));
  return { subtotal, promotionDiscount, couponDiscount, discount, goods, shipping, paymentFee, tax, total: round2(goods + shipping + paymentFee + tax), vat };
}

export interface StockCheck {
  qty: number;
  /** Units in stock now. */
  quantity: number;
  isBackorderable: boolean;
  /** Units other carts hold (0 when cart rows do not hold stock). */
  heldByOthers: number;
}

/** Units this order may still take, or null when there is no limit (backorderable). */
export function availableForOrder(s: Omit<StockCheck, 'qty'>): number | null {
  return s.isBackorderable ? null : Math.max(0, s.quantity - s.heldByOthers);
}

export function stockSuffices(s: StockCheck): boolean {
  const available = availableForOrder(s);
  return available === null || s.qty <= available;
}

/** Order numbers read `2026-000123`: the year, then a counter of that year. */
export const formatOrderNumber = (year: number, sequence: number) => `${year}-${String(sequence).padStart(6, '0')}`;

export function parseOrderNumber(number: string): { year: number; sequence: number } | null {
  const m = /^(\d{4})-(\d{6,})$/.exec(number);
  return m ? { year: Number(m[1]), sequence: Number(m[2]) } : null;
}

/**
 * The largest amount an order can hold: money columns are numeric(12,2) (server/db/schema/common.ts).
 * Past it the database would refuse the order (numeric overflow), so checkout refuses it first.
 */
export const MAX_ORDER_AMOUNT = 9_999_999_999.99;

/** Whether any row total or any order total is beyond what an order can hold. */
export function exceedsOrderAmount(totals: Pick<OrderTotals, 'subtotal' | 'tax' | 'total' | 'shipping'>, lineTotals: readonly number[] = []): boolean {
  return [totals.subtotal, totals.tax, totals.total, totals.shipping, ...lineTotals].some((amount) => !(Math.abs(amount) <= MAX_ORDER_AMOUNT));
}
