// One order (/account/orders/<id>, one shell page for every id): header with the status
// history, addresses and methods, rows and totals, its documents as PDF, tracking, and reorder,
// which puts the rows back in the cart and says which ones are no longer available.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { AddressSnapshotOut } from '../../lib/contract/addresses';
import { ORDER_DOCUMENT_TYPES, type OrderDocumentType } from '../../lib/contract/constants';
import type { T } from '../../lib/i18n/client-messages';
import { countryName, formatDay, formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { $orderView, downloadOrderDocument, loadOrder, orderIdFromPath, reorder, type ReorderSummary } from '../../lib/stores/account-orders';
import { initCart } from '../../lib/stores/cart';
import { safeHref } from '../../lib/rules/safe-link';
import { ErrorBox, Loading, StatusBadge, useAccountReady, useT, type AccountIslandProps } from './account-ui';


function AddressBlock({ title, address, locale }: { title: string; address: AddressSnapshotOut; locale: Locale }) {
  return (
    <div className="border border-line p-4">
      <h3 className="m-0 text-lg font-bold text-secondary">{title}</h3>
      <address className="mt-2 not-italic leading-relaxed">
        <span className="block font-semibold">{address.name}</span>
        {address.company && <span className="block">{address.company}</span>}
        <span className="block">{address.street}</span>
        <span className="block">{[address.postal_code, address.city, address.province].filter(Boolean).join(' ')}</span>
        <span className="block">{countryName(address.country, locale)}</span>
        {address.phone && <span className="block">{address.phone}</span>}
        {address.email && <span className="block">{address.email}</span>}
        {address.vat_number && <span className="block">{address.vat_number}</span>}
      </address>
    </div>
  );
}

function ReorderReport({ t, summary }: { t: T; summary: ReorderSummary }) {
  return (
    <div role="status" className="border-l-4 border-secondary bg-surface p-4" data-reorder-summary="">
      <p className="m-0 font-semibold">{t('account.order.reorderAdded', { count: summary.added.length })}</p>
      {summary.unavailable.length > 0 && (
        <>
          <p className="mb-0 mt-2">{t('account.order.reorderUnavailable', { count: summary.unavailable.length })}</p>
          <ul className="mb-0 mt-1" data-reorder-unavailable="">
            {summary.unavailable.map((row) => (
              <li key={row.id}>{row.name} ({row.code})</li>
            ))}
          </ul>
        </>
      )}
      {summary.added.length > 0 && (
        <p className="mb-0 mt-3">
          <a href="/cart" className="btn-primary no-underline">{t('account.order.goToCart')}</a>
        </p>
      )}
    </div>
  );
}

export default function OrderDetail({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const view = useStore($orderView);
  const [downloading, setDownloading] = useState<OrderDocumentType | null>(null);
  const [docError, setDocError] = useState<string | null>(null);
  const [reordering, setReordering] = useState(false);
  const [summary, setSummary] = useState<ReorderSummary | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!ready) return;
    initCart();
    void loadOrder(orderIdFromPath(location.pathname));
  }, [ready]);

  // The place the order will take is held from the first paint (a screen high, as the order
  // itself): nothing below moves into view and out again when it arrives (issue 14, CLS).
  if (!ready || view.loading || (view.order === null && view.error === null)) {
    return (
      <div className="min-h-screen" data-order-placeholder="">
        <Loading t={t} />
      </div>
    );
  }
  if (view.error === 'errors.invalidOrder' || !view.order) {
    return (
      <div className="flex flex-col gap-4" data-order-missing="">
        <ErrorBox t={t} message={view.error ?? 'errors.invalidOrder'} onRetry={view.error === 'errors.invalidOrder' ? undefined : () => void loadOrder(view.id)} />
        <p className="m-0"><a href="/account/orders" className="link">{t('account.order.back')}</a></p>
      </div>
    );
  }
  const order = view.order;
  // The carrier's address is data: only a web link may become the tracking button.
  const trackingHref = safeHref(order.tracking_url);

  const download = async (type: OrderDocumentType) => {
    setDownloading(type);
    setDocError(null);
    const error = await downloadOrderDocument(order, type);
    setDownloading(null);
    setDocError(error);
  };

  const doReorder = async () => {
    setReordering(true);
    setSummary(null);
    const result = await reorder(view.rows);
    setReordering(false);
    setSummary(result);
  };

  const totals: [string, number][] = [
    ['account.order.subtotal', order.subtotal],
    ...(order.discount ? ([['account.order.discount', -order.discount]] as [string, number][]) : []),
    ['account.order.shippingTotal', order.shipping_total],
    ...(order.payment_fee ? ([['account.order.paymentFee', order.payment_fee]] as [string, number][]) : []),
    ['account.order.tax', order.tax_total],
  ];
  const th = 'border-b-2 border-secondary px-3 py-2 text-left font-bold whitespace-nowrap';
  // On a phone each row is a card, each cell labelled with its column (AccountPage.astro's stack-table).
  const td = 'border-b border-line px-3 py-2 align-top max-sm:(flex items-start justify-between gap-4 border-0 py-1 text-right)';
  const label = (key: string) => ({ 'data-label': t(key) });

  return (
    <article className="flex min-h-screen flex-col gap-8" data-order-detail={order.number} aria-labelledby="order-title">
      <p className="m-0"><a href="/account/orders" className="link">← {t('account.order.back')}</a></p>
      <header className="flex flex-col gap-3 border-t-4 border-primary bg-surface p-6">
        <h2 id="order-title" ref={headingRef} className="m-0 text-2xl font-bold text-secondary">{t('account.order.title', { number: order.number })}</h2>
        <dl className="m-0 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('account.order.date')}</dt>
          <dd className="m-0">{formatDay(order.create_date, locale, 'long')}</dd>
          <dt className="font-semibold">{t('account.order.status')}</dt>
          <dd className="m-0"><StatusBadge t={t} status={order.status} /></dd>
          <dt className="font-semibold">{t('account.order.customer')}</dt>
          <dd className="m-0">{order.company_name}</dd>
          {order.notes && (
            <>
              <dt className="font-semibold">{t('account.order.notes')}</dt>
              <dd className="m-0 whitespace-pre-line">{order.notes}</dd>
            </>
          )}
        </dl>
        {order.status_history.length > 0 && (
          <details className="mt-1">
            <summary className="cursor-pointer font-semibold text-secondary focus-ring">{t('account.order.history')}</summary>
            <ol className="mb-0 mt-2" data-status-history="">
              {order.status_history.map((step, i) => (
                <li key={i}>
                  {formatDay(step.date, locale)} — <StatusBadge t={t} status={step.status} />
                  {step.note && <span className="ml-2 text-muted">{step.note}</span>}
                </li>
              ))}
            </ol>
          </details>
        )}
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" disabled={reordering || view.rows.length === 0} onClick={() => void doReorder()} data-reorder="">
            {reordering ? t('account.order.reordering') : t('account.order.reorder')}
          </button>
          {order.documents.invoice && (
            <button type="button" className="btn-outline" disabled={downloading !== null} onClick={() => void download('invoice')} data-view-invoice="">
              {downloading === 'invoice' ? t('account.order.downloading') : t('account.order.viewInvoice')}
            </button>
          )}
          {trackingHref ? (
            <a href={trackingHref} target="_blank" rel="noopener noreferrer" className="btn-outline no-underline" data-track-order="">
              {t('account.order.track')}<span className="sr-only"> {t('account.newTab')}</span>
            </a>
          ) : null}
        </div>
        {!trackingHref && <p className="m-0 text-sm text-muted" data-not-shipped="">{t('account.order.notShipped')}</p>}
        {summary && <ReorderReport t={t} summary={summary} />}
      </header>

      <section aria-labelledby="order-addresses" className="flex flex-col gap-4">
        <h2 id="order-addresses" className="m-0 text-xl font-bold text-secondary">{t('account.order.addresses')}</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <AddressBlock title={t('account.order.billing')} address={order.billing_address} locale={locale} />
          <AddressBlock title={t('account.order.shipping')} address={order.shipping_address} locale={locale} />
        </div>
        <dl className="m-0 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('account.order.shippingMethod')}</dt>
          <dd className="m-0">{order.shipping_method.name}</dd>
          <dt className="font-semibold">{t('account.order.paymentMethod')}</dt>
          <dd className="m-0">{order.payment_method.name}</dd>
          {order.payment_method.terms && (
            <>
              <dt className="font-semibold">{t('account.order.paymentTerms')}</dt>
              <dd className="m-0" data-order-payment-terms>{order.payment_method.terms}</dd>
            </>
          )}
          {order.coupon_code && (
            <>
              <dt className="font-semibold">{t('account.order.coupon')}</dt>
              <dd className="m-0">{order.coupon_code}</dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="order-rows">
        <h2 id="order-rows" className="m-0 text-xl font-bold text-secondary">{t('account.order.rows')}</h2>
        <div role="region" aria-labelledby="order-rows-caption" tabIndex={0} className="mt-4 overflow-x-auto focus-ring">
          <table className="stack-table w-full border-collapse sm:min-w-[640px]">
            <caption id="order-rows-caption" className="pb-2 text-left text-sm text-muted">{t('account.order.rowsCaption', { number: order.number })}</caption>
            <thead className="max-sm:sr-only">
              <tr>
                <th scope="col" className={th}>{t('account.order.product')}</th>
                <th scope="col" className={th}>{t('account.order.code')}</th>
                <th scope="col" className={`${th} text-right`}>{t('account.order.qty')}</th>
                <th scope="col" className={`${th} text-right`}>{t('account.order.unitPrice')}</th>
                <th scope="col" className={`${th} text-right`}>{t('account.order.vat')}</th>
                <th scope="col" className={`${th} text-right`}>{t('account.order.rowTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr key={row.id} data-order-line={row.code} className="max-sm:(mb-3 block border border-line py-2)">
                  <th scope="row" className={`${td} text-left font-normal max-sm:font-semibold`}>
                    {row.slug ? <a href={`/p/${row.slug}`} className="link">{row.name}</a> : <span>{row.name} <span className="text-sm text-muted">({t('account.order.unavailable')})</span></span>}
                  </th>
                  <td className={td} {...label('account.order.code')}>{row.code}</td>
                  <td className={`${td} text-right`} {...label('account.order.qty')}>{row.qty}</td>
                  <td className={`${td} text-right whitespace-nowrap`} {...label('account.order.unitPrice')}>{formatEuro(row.unit_price, locale)}</td>
                  <td className={`${td} text-right`} {...label('account.order.vat')}>{row.vat_rate}%</td>
                  <td className={`${td} text-right whitespace-nowrap font-semibold`} {...label('account.order.rowTotal')}>{formatEuro(row.total, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* The order's record keeps net amounts for every customer (ADR 0014): say so. */}
        <p className="m-0 mt-2 text-xs text-muted" data-vat-note>{t('account.order.amountsNet')}</p>
        <dl className="m-0 ml-auto mt-4 grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-order-totals="">
          {totals.map(([key, value]) => (
            <div key={key} className="contents">
              <dt>{t(key)}</dt>
              <dd className="m-0 text-right">{formatEuro(value, locale)}</dd>
            </div>
          ))}
          <div className="contents">
            <dt className="border-t-2 border-secondary pt-1 text-lg font-bold">{t('account.order.total')}</dt>
            <dd className="m-0 border-t-2 border-secondary pt-1 text-right text-lg font-bold">{formatEuro(order.total, locale)}</dd>
          </div>
        </dl>
        {order.vat_note && <p className="m-0 mt-2 text-xs text-muted" data-order-vat-note>{order.vat_note}</p>}
      </section>

      <section aria-labelledby="order-documents">
        <h2 id="order-documents" className="m-0 text-xl font-bold text-secondary">{t('account.order.documents')}</h2>
        {docError && <div className="mt-3"><ErrorBox t={t} message={docError} /></div>}
        {ORDER_DOCUMENT_TYPES.some((type) => order.documents[type]) ? (
          <ul className="m-0 mt-3 flex list-none flex-col gap-2 p-0" data-order-documents="">
            {ORDER_DOCUMENT_TYPES.map((type) => {
              const doc = order.documents[type];
              if (!doc) return null;
              return (
                <li key={type} className="flex flex-wrap items-center justify-between gap-3 border border-line p-3" data-document-type={type}>
                  <span>
                    <span className="font-semibold">{t(`account.order.docType.${type}`)}</span> {doc.number}
                    <span className="ml-2 text-sm text-muted">{formatDay(doc.issued_at, locale)}</span>
                  </span>
                  <button type="button" className="btn-outline" disabled={downloading !== null} onClick={() => void download(type)}>
                    {downloading === type ? t('account.order.downloading') : t('account.order.downloadDoc', { type: t(`account.order.docType.${type}`).toLocaleLowerCase(locale) })}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="m-0 mt-3 text-muted">{t('account.order.noDocuments')}</p>
        )}
      </section>
    </article>
  );
}
