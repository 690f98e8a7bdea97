// The cart page: its rows, the coupon, the totals with promotion and coupon, and the way to
// checkout; an empty cart points back to the catalogue.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import { round2 } from '../../lib/rules/pricing';
import type { Locale } from '../../lib/i18n/locales';
import { $cart, initCart, reloadCart } from '../../lib/stores/cart';
import { saveCartAsList } from '../../lib/stores/saved-lists-cart';
import { $session } from '../../lib/stores/session';
import { showToast } from '../../lib/stores/toasts';
import SaveToList from '../b2b/SaveToList';
import CartRowItem from './CartRowItem';
import CouponForm from './CouponForm';

interface Props {
  locale: Locale;
  messages: MessageTree;
}

export default function CartView({ locale, messages }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const cart = useStore($cart);
  const session = useStore($session);

  // The first render matches the server's (loading), whatever the stores already hold.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    initCart();
  }, []);

  if (!hydrated || !cart.ready) {
    return <p role="status" className="m-0 py-8 text-muted" data-cart-state="loading">{t('shop.cart.loading')}</p>;
  }
  if (cart.error && !cart.header) {
    return (
      <div className="border-l-4 border-error bg-error-soft p-4" data-cart-state="error">
        <p className="m-0 font-semibold">{t(cart.error)}</p>
        <button type="button" className="btn-outline mt-3" onClick={() => void reloadCart()}>{t('shop.retry')}</button>
      </div>
    );
  }
  const header = cart.header;
  if (!header || cart.rows.length === 0) {
    return (
      <div className="py-8" data-cart-state="empty">
        <p className="m-0 text-lg">{t('shop.cart.empty')}</p>
        <p className="mt-4 mb-0"><a href="/p" className="btn-primary">{t('shop.cart.browse')}</a></p>
      </div>
    );
  }
  const grossRows = round2(cart.rows.reduce((sum, r) => sum + r.shown_total, 0));

  return (
    <div className="grid gap-8 md:grid-cols-[1fr_22rem]" data-cart-state="ready" aria-busy={cart.loading || undefined}>
      <section aria-labelledby="cart-rows-title">
        <h2 id="cart-rows-title" className="sr-only">{t('shop.cart.rowsTitle')}</h2>
        <ul className="m-0 list-none border-t border-line p-0">
          {cart.rows.map((row) => <CartRowItem key={row.id} row={row} t={t} locale={locale} />)}
        </ul>
      </section>
      <aside aria-labelledby="cart-summary-title" className="flex flex-col gap-4 self-start border border-line bg-surface p-4">
        <h2 id="cart-summary-title" className="m-0 text-xl font-bold text-secondary">{t('shop.cart.summary')}</h2>
        {header.vat_included ? (
          // A consumer reads amounts with VAT: rows, discounts (the difference) and the total.
          <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2" data-cart-totals data-vat-included="true">
            <dt>{t('shop.subtotal')}</dt>
            <dd className="m-0 text-right" data-subtotal>{formatEuro(grossRows, locale)}</dd>
            {grossRows - header.final_price_with_vat > 0.004 && (
              <>
                <dt>{t('shop.vat.discount')}</dt>
                <dd className="m-0 text-right text-success-strong" data-coupon-total>−{formatEuro(round2(grossRows - header.final_price_with_vat), locale)}</dd>
              </>
            )}
            <dt className="border-t border-line pt-2 font-bold">{t('shop.totalWithVat')}</dt>
            <dd className="m-0 border-t border-line pt-2 text-right text-xl font-bold" data-final-price>{formatEuro(header.final_price_with_vat, locale)}</dd>
            <dt className="text-sm text-muted">{t('shop.vat.vatPart')}</dt>
            <dd className="m-0 text-right text-sm text-muted" data-cart-tax>{formatEuro(header.tax, locale)}</dd>
          </dl>
        ) : (
        <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2" data-cart-totals data-vat-included="false">
          <dt>{t('shop.subtotal')}</dt>
          <dd className="m-0 text-right" data-subtotal>{formatEuro(header.subtotal, locale)}</dd>
          {header.promotion && header.promotion_discount > 0 && (
            <>
              <dt>{t('shop.promotion', { name: header.promotion.name })}</dt>
              <dd className="m-0 text-right text-success-strong" data-promotion-discount>−{formatEuro(header.promotion_discount, locale)}</dd>
            </>
          )}
          {header.coupon_discount > 0 && (
            <>
              <dt>{t('shop.couponDiscount', { code: header.coupon?.code ?? '' })}</dt>
              <dd className="m-0 text-right text-success-strong" data-coupon-total>−{formatEuro(header.coupon_discount, locale)}</dd>
            </>
          )}
          <dt className="border-t border-line pt-2 font-bold">{t('shop.total')}</dt>
          <dd className="m-0 border-t border-line pt-2 text-right text-xl font-bold" data-final-price>{formatEuro(header.final_price, locale)}</dd>
        </dl>
        )}
        <p className="m-0 text-xs text-muted" data-vat-note>{t(header.vat_included ? 'shop.vat.pricesIncluded' : 'shop.vat.pricesExcluded')}</p>
        <p className="m-0 text-xs text-muted">{t('shop.cart.totalsNote')}</p>
        <CouponForm t={t} locale={locale} />
        <a href="/cart/checkout" className="btn-primary" data-proceed-checkout>{t('shop.cart.checkout')}</a>
        <a href="/p" className="link text-center">{t('shop.cart.continueShopping')}</a>
        {/* Issue 16: a business customer keeps the cart as a saved list to order it again. */}
        {session.customer?.kind === 'b2b' && (
          <SaveToList
            t={t}
            newOnly
            label={t('b2b.saveList.saveCartAsList')}
            onSave={async (target) => {
              const saved = await saveCartAsList('name' in target ? target.name : '');
              if (!saved.ok) return saved.key;
              showToast({ type: 'success', text: t('b2b.saveList.savedRows', { count: saved.data.rows_count, name: saved.data.name }) });
              return null;
            }}
          />
        )}
      </aside>
    </div>
  );
}
