// The order as it will be placed: rows, then subtotal, discounts, shipping, VAT and total.
import type { CartRow } from '../../lib/contract/cart';
import type { T } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { SHIPPING_VAT_RATE, type OrderTotals } from '../../lib/rules/checkout';
import { grossTotals } from '../../lib/rules/vat-display';

interface Props {
  t: T;
  locale: Locale;
  rows: CartRow[];
  totals: OrderTotals;
  promotionName: string | null;
  couponCode: string | null;
  shippingChosen: boolean;
  /** Reverse charge for an EU business abroad (ADR 0024): 0 % VAT and the legal note. */
  reverseCharge?: boolean;
}

export default function OrderReview({ t, locale, rows, totals, promotionName, couponCode, shippingChosen, reverseCharge = false }: Props) {
  const euro = (n: number) => formatEuro(n, locale);
  // A consumer reads every amount with VAT, a business net amounts and the VAT by rate.
  const vatIncluded = rows[0]?.vat_included ?? false;
  const gross = grossTotals(rows.map((r) => ({ total: r.total, vatRate: r.product_detail.vat_rate })), totals, SHIPPING_VAT_RATE);
  const feeRow = (amount: number) =>
    amount > 0 && (
      <>
        <dt>{t('shop.checkout.paymentFee')}</dt>
        <dd className="m-0 text-right" data-payment-fee>{euro(amount)}</dd>
      </>
    );
  const shippingText = (amount: number) => (shippingChosen ? (amount === 0 ? t('shop.free') : euro(amount)) : '—');
  return (
    <div className="flex flex-col gap-4" data-order-review data-vat-included={vatIncluded ? 'true' : 'false'} data-vat-treatment={reverseCharge ? 'reverse_charge' : 'standard'}>
      <p className="m-0 text-xs text-muted" data-vat-note>{t(vatIncluded ? 'shop.vat.pricesIncluded' : 'shop.vat.pricesExcluded')}</p>
      <ul className="m-0 list-none divide-y divide-line border-y border-line p-0">
        {rows.map((r) => (
          <li key={r.id} className="flex justify-between gap-3 py-2">
            <span>
              {r.product_detail.name}
              {r.product_detail.variant_name && <> – {r.product_detail.variant_name}</>}
              <span className="text-muted"> × {r.qty}</span>
            </span>
            <span className="whitespace-nowrap" data-row-total>{euro(vatIncluded ? r.shown_total : r.total)}</span>
          </li>
        ))}
      </ul>
      {vatIncluded ? (
        <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-checkout-totals>
          <dt>{t('shop.subtotal')}</dt>
          <dd className="m-0 text-right">{euro(gross.rows)}</dd>
          {gross.discount > 0 && (
            <>
              <dt>{t('shop.vat.discount')}</dt>
              <dd className="m-0 text-right text-success-strong">−{euro(gross.discount)}</dd>
            </>
          )}
          <dt>{t('shop.shipping')}</dt>
          <dd className="m-0 text-right" data-shipping-total>{shippingText(gross.shipping)}</dd>
          {feeRow(gross.paymentFee)}
          <dt className="border-t border-line pt-2 text-lg font-bold">{t('shop.totalWithVat')}</dt>
          <dd className="m-0 border-t border-line pt-2 text-right text-lg font-bold" data-checkout-total>{euro(totals.total)}</dd>
          <dt className="text-sm text-muted">{t('shop.vat.vatPart')}</dt>
          <dd className="m-0 text-right text-sm text-muted" data-checkout-tax>{euro(totals.tax)}</dd>
        </dl>
      ) : (
      <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-checkout-totals>
        <dt>{t('shop.subtotal')}</dt>
        <dd className="m-0 text-right">{euro(totals.subtotal)}</dd>
        {totals.promotionDiscount > 0 && (
          <>
            <dt>{t('shop.promotion', { name: promotionName ?? '' })}</dt>
            <dd className="m-0 text-right text-success-strong">−{euro(totals.promotionDiscount)}</dd>
          </>
        )}
        {totals.couponDiscount > 0 && (
          <>
            <dt>{t('shop.couponDiscount', { code: couponCode ?? '' })}</dt>
            <dd className="m-0 text-right text-success-strong">−{euro(totals.couponDiscount)}</dd>
          </>
        )}
        <dt>{t('shop.shipping')}</dt>
        <dd className="m-0 text-right" data-shipping-total>{shippingChosen ? (totals.shipping === 0 ? t('shop.free') : euro(totals.shipping)) : '—'}</dd>
        {feeRow(totals.paymentFee)}
        {totals.vat.map((v) => (
          <FragmentRow key={v.rate} label={reverseCharge ? t('shop.vat.reverseCharge') : t('shop.vatLine', { rate: v.rate })} value={euro(v.tax)} />
        ))}
        <dt className="border-t border-line pt-2 text-lg font-bold">{t('shop.totalWithVat')}</dt>
        <dd className="m-0 border-t border-line pt-2 text-right text-lg font-bold" data-checkout-total>{euro(totals.total)}</dd>
      </dl>
      )}
      {reverseCharge && <p className="m-0 text-xs text-muted" data-vat-note-legal>{t('shop.vat.reverseChargeNote')}</p>}
    </div>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="m-0 text-right text-muted">{value}</dd>
    </>
  );
}
