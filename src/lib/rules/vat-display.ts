// Whether a viewer sees prices with VAT or without, and the amount shown for a net price.
// EU consumer prices must include VAT (Price Indication Directive 98/6/EC); business customers
// deal in net prices. Orders keep storing net unit prices and the VAT apart: this is display only.
import { round2 } from './pricing';

export type CustomerKind = 'b2b' | 'b2c';

/**
 * Who looks at a price: a visitor who is not signed in (or has no customer yet), a customer
 * signed in for itself, or an agent acting for a customer (who sees that customer's prices).
 */
export type VatViewer =
  | { kind: 'anonymous' }
  | { kind: 'customer'; customerKind: CustomerKind }
  | { kind: 'agent'; customerKind: CustomerKind | null };

/** Message key of the label beside a shown price: the same key in every locale. */
export type VatLabelKey = 'vat.included' | 'vat.excluded';

/**
 * Gross (VAT included) for anonymous visitors and consumers, net for businesses. Static pages
 * are shared by everyone and may be read by a consumer, so the public price includes VAT; an
 * agent sees what its chosen customer would see, and the public price before choosing one.
 */
export function showsVatIncluded(viewer: VatViewer): boolean {
  if (viewer.kind === 'anonymous') return true;
  return viewer.customerKind !== 'b2b';
}

export const vatLabelKey = (vatIncluded: boolean): VatLabelKey => (vatIncluded ? 'vat.included' : 'vat.excluded');

/** A net amount with VAT added at `vatRate` percent, rounded to the cent. */
export const grossOf = (net: number, vatRate: number): number => round2(net * (1 + vatRate / 100));

/** What to show for a net price at a VAT rate, for one viewer (or for a known mode). */
export function shownPrice(net: number, vatRate: number, viewer: VatViewer | boolean): { amount: number; vatIncluded: boolean; label: VatLabelKey } {
  const vatIncluded = typeof viewer === 'boolean' ? viewer : showsVatIncluded(viewer);
  return { amount: vatIncluded ? grossOf(net, vatRate) : round2(net), vatIncluded, label: vatLabelKey(vatIncluded) };
}

/** The viewer of an API call from what the caller is: its own customer kind, or the chosen customer's. */
export function vatViewerOf(actor: { isAgent: boolean; customerKind: CustomerKind | null }): VatViewer {
  if (actor.isAgent) return { kind: 'agent', customerKind: actor.customerKind };
  return actor.customerKind ? { kind: 'customer', customerKind: actor.customerKind } : { kind: 'anonymous' };
}

/**
 * An order's totals as a consumer reads them: rows, shipping, a payment fee and discounts with VAT, adding up
 * to the total. The discount with VAT is the difference, so the lines always add up exactly
 * (discounts lower the VAT base of the lines they come off: src/lib/rules/checkout.ts).
 */
export function grossTotals(
  rows: readonly { total: number; vatRate: number }[],
  totals: { shipping: number; total: number; paymentFee?: number },
  shippingVatRate: number,
) {
  const rowsGross = round2(rows.reduce((s, r) => s + grossOf(r.total, r.vatRate), 0));
  const shipping = grossOf(totals.shipping, shippingVatRate);
  const paymentFee = grossOf(totals.paymentFee ?? 0, shippingVatRate);
  return { rows: rowsGross, shipping, paymentFee, discount: round2(Math.max(0, rowsGross + shipping + paymentFee - totals.total)), total: totals.total };
}
