// The thank-you page: the order just placed (kept in session storage by checkout, otherwise
// read with GET orders/{id}/ from ?order=), the processing promise and where to go next.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OrderDetail } from '../../lib/contract/orders';
import { failureMessageKey } from '../../lib/errors/api-messages';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { lastOrder, loadOrder } from '../../lib/stores/checkout';
import { addressLine } from '../../lib/address-line';

interface Props {
  locale: Locale;
  messages: MessageTree;
  /** "Orders are processed within 3 working days", in this language. */
  processingPromise: string;
}

type View = { status: 'loading' } | { status: 'ready'; order: OrderDetail } | { status: 'failed'; error: string };

export default function OrderComplete({ locale, messages, processingPromise }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const [view, setView] = useState<View>({ status: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const fromQuery = Number(new URLSearchParams(location.search).get('order'));
    const id = Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : lastOrder()?.id;
    if (!id) return setView({ status: 'failed', error: 'errors.invalidOrder' });
    void loadOrder(id).then((result) =>
      setView(result.ok ? { status: 'ready', order: result.data } : { status: 'failed', error: failureMessageKey('order', result.error) }),
    );
  }, []);

  useEffect(() => {
    if (view.status === 'ready') headingRef.current?.focus();
  }, [view.status]);

  if (view.status === 'loading') return <p role="status" className="m-0 py-8 text-muted" data-order-state="loading">{t('shop.complete.loading')}</p>;
  if (view.status === 'failed') {
    return (
      <div className="flex flex-col gap-4 py-4" data-order-state="failed">
        <p role="alert" className="m-0 border-l-4 border-error bg-error-soft p-4 font-semibold">{t(view.error)}</p>
        <p className="m-0 flex flex-wrap gap-3">
          <a href="/account/orders" className="btn-outline">{t('shop.complete.allOrders')}</a>
          <a href="/p" className="btn-primary">{t('shop.cart.browse')}</a>
        </p>
      </div>
    );
  }
  const { order } = view;
  return (
    <div className="flex flex-col gap-6" data-order-state="ready" data-order-id={order.id}>
      <div className="border-l-4 border-success bg-success-soft p-6">
        <h2 ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold text-secondary focus-ring">{t('shop.complete.thanks')}</h2>
        <p className="mb-0 mt-2 text-lg">
          {t('shop.complete.number')} <strong data-order-number>{order.number}</strong>
        </p>
        <p className="mb-0 mt-2">{processingPromise}</p>
      </div>
      <section aria-labelledby="order-summary-title" className="border border-line p-4">
        <h2 id="order-summary-title" className="m-0 text-xl font-bold text-secondary">{t('shop.complete.summary')}</h2>
        <dl className="m-0 mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('shop.complete.items')}</dt>
          <dd className="m-0" data-order-rows>{t('shop.complete.rows', { count: order.rows_count })}</dd>
          <dt className="font-semibold">{t('shop.totalWithVat')}</dt>
          <dd className="m-0" data-order-total>{formatEuro(order.total, locale)}</dd>
          <dt className="font-semibold">{t('shop.checkout.shippingMethod')}</dt>
          <dd className="m-0" data-order-shipping>{order.shipping_method.name}</dd>
          <dt className="font-semibold">{t('shop.checkout.paymentMethod')}</dt>
          <dd className="m-0" data-order-payment>{order.payment_method.name}</dd>
          {order.payment_method.terms && (
            <>
              <dt className="font-semibold">{t('shop.checkout.paymentTerms')}</dt>
              <dd className="m-0" data-order-payment-terms>{order.payment_method.terms}</dd>
            </>
          )}
          <dt className="font-semibold">{t('shop.checkout.shippingAddress')}</dt>
          <dd className="m-0">{addressLine(order.shipping_address, locale)}</dd>
        </dl>
      </section>
      <p className="m-0 flex flex-wrap gap-3">
        <a href={`/account/orders/${order.id}`} className="btn-primary" data-order-link>{t('shop.complete.viewOrder')}</a>
        <a href="/p" className="btn-outline">{t('shop.complete.continue')}</a>
      </p>
    </div>
  );
}
