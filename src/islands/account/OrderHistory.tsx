// Order history (spec section 2): number, company, status, notes, date, price and a link to the
// order; filtered by status, ten per page. On a phone each order is a card whose cells carry their
// column's name (the stack-table styles of AccountPage.astro), so no column is hidden.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ORDER_STATUSES } from '../../lib/contract/constants';
import { formatDay, formatEuro } from '../../lib/i18n/format';
import { $orderHistory, isOrderStatus, loadOrders, pageCount } from '../../lib/stores/account-orders';
import { $customer } from '../../lib/stores/session';
import { EmptyState, ErrorBox, Loading, Pager, StatusBadge, statusKey, useAccountReady, useT, type AccountIslandProps } from './account-ui';

export default function OrderHistory({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const customer = useStore($customer);
  const state = useStore($orderHistory);

  useEffect(() => {
    if (ready) void loadOrders({ page: 1 });
  }, [ready, customer?.id]);

  if (!ready) return <Loading t={t} />;
  const pages = pageCount(state.count, state.pageSize);
  const th = 'border-b-2 border-secondary px-3 py-2 text-left font-bold whitespace-nowrap';
  const td = 'border-b border-line px-3 py-2 align-top max-sm:(flex items-start justify-between gap-4 border-0 py-1 text-right)';
  const label = (key: string) => ({ 'data-label': t(key) });

  return (
    <div className="flex flex-col gap-4" data-order-history="" aria-busy={state.loading}>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="order-status-filter" className="block font-semibold">{t('account.orders.filterLabel')}</label>
          <select
            id="order-status-filter"
            value={state.status ?? ''}
            onChange={(e) => void loadOrders({ status: isOrderStatus(e.currentTarget.value) ? e.currentTarget.value : null, page: 1 })}
            className="mt-1 border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
          >
            <option value="">{t('account.orders.allStatuses')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>{t(statusKey(s))}</option>
            ))}
          </select>
        </div>
        {state.ready && !state.error && (
          <p className="m-0 pb-2 text-muted" role="status">{t('account.orders.count', { count: state.count })}</p>
        )}
      </div>

      {state.error && <ErrorBox t={t} message={state.error} onRetry={() => void loadOrders()} />}
      {!state.error && !state.ready && <Loading t={t} />}
      {!state.error && state.ready && state.results.length === 0 && !state.loading && (
        <EmptyState title={t(state.status ? 'account.orders.emptyFiltered' : 'account.orders.empty')}>
          {!state.status && <a href="/p" className="btn-primary no-underline">{t('account.browseShop')}</a>}
        </EmptyState>
      )}
      {!state.error && state.results.length > 0 && (
        <div role="region" aria-labelledby="order-history-caption" tabIndex={0} className="overflow-x-auto focus-ring">
          <table className={`stack-table w-full border-collapse sm:min-w-[720px] ${state.loading ? 'opacity-60' : ''}`}>
            <caption id="order-history-caption" className="pb-2 text-left text-sm text-muted">{t('account.orders.caption')}</caption>
            <thead className="max-sm:sr-only">
              <tr>
                <th scope="col" className={th}>{t('account.orders.number')}</th>
                <th scope="col" className={th}>{t('account.orders.company')}</th>
                <th scope="col" className={th}>{t('account.orders.status')}</th>
                <th scope="col" className={th}>{t('account.orders.notes')}</th>
                <th scope="col" className={th}>{t('account.orders.date')}</th>
                <th scope="col" className={`${th} text-right`}>{t('account.orders.total')}</th>
                <th scope="col" className={th}>{t('account.orders.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {state.results.map((order) => (
                <tr key={order.id} data-order-row={order.number} className="max-sm:(mb-3 block border border-line py-2)">
                  <th scope="row" className={`${td} text-left font-semibold whitespace-nowrap max-sm:text-lg`}>{order.number}</th>
                  <td className={td} {...label('account.orders.company')}>{order.company_name}</td>
                  <td className={td} {...label('account.orders.status')}><StatusBadge t={t} status={order.status} /></td>
                  <td className={`${td} max-w-[16rem] break-words text-sm max-sm:max-w-none`} {...label('account.orders.notes')}>{order.notes || <span className="text-muted">—</span>}</td>
                  <td className={`${td} whitespace-nowrap`} {...label('account.orders.date')}>{formatDay(order.create_date, locale)}</td>
                  <td className={`${td} text-right whitespace-nowrap font-semibold`} {...label('account.orders.total')}>{formatEuro(order.total, locale)}</td>
                  <td className={td} {...label('account.orders.actions')}>
                    <a href={`/account/orders/${order.id}`} className="link whitespace-nowrap" aria-label={t('account.orders.viewOrder', { number: order.number })}>
                      {t('account.orders.view')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} page={state.page} pageCount={pages} onPage={(page) => void loadOrders({ page })} label={t('account.orders.pages')} />
    </div>
  );
}
