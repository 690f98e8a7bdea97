// Previously bought (issue 16, /account/purchased): every product the customer has ordered, with
// the last order's date and quantity and today's price; searched and sorted by the API; each one
// to the cart (the last quantity) or into the quick order in one click.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { T } from '../../lib/i18n/client-messages';
import { formatDay, formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { addToCart, initCart } from '../../lib/stores/cart';
import { $purchased, isPurchasedSort, loadPurchased, PURCHASED_PAGE_SIZE, PURCHASED_SORTS, searchPurchased, searchPurchasedNow, type PurchasedItem, type PurchasedSort } from '../../lib/stores/purchased';
import { appendToQuickOrderDraft } from '../../lib/stores/quick-order';
import { $customer } from '../../lib/stores/session';
import { showToast } from '../../lib/stores/toasts';
import { EmptyState, ErrorBox, Loading, Pager, useAccountReady, useT, type AccountIslandProps } from '../account/account-ui';
import BusinessOnly, { useTradeCustomer } from './BusinessOnly';

const SORT_LABELS: Record<PurchasedSort, string> = {
  'last_ordered-desc': 'b2b.purchased.sortLastDate',
  'last_ordered-asc': 'b2b.purchased.sortLastDateAsc',
  'name-asc': 'b2b.purchased.sortName',
  'code-asc': 'b2b.purchased.sortCode',
  'times_ordered-desc': 'b2b.purchased.sortTimes',
};

const itemName = (item: PurchasedItem) => (item.variant_name ? `${item.name} – ${item.variant_name}` : item.name);
const itemKey = (item: PurchasedItem) => `${item.product}-${item.variant ?? ''}`;

function PurchasedRow({ item, t, locale, inQuickOrder, onQuickOrder }: { item: PurchasedItem; t: T; locale: Locale; inQuickOrder: boolean; onQuickOrder: (item: PurchasedItem) => void }) {
  const [busy, setBusy] = useState(false);
  const name = itemName(item);
  const td = 'border-b border-line px-3 py-2 align-top max-sm:(flex items-start justify-between gap-4 border-0 py-1 text-right)';
  const add = async () => {
    setBusy(true);
    // The cart store says how it went (a toast), with the spec's stock rules first.
    await addToCart(item.product, item.last_qty, item.variant, { quantity: item.quantity, isBackorderable: item.is_backorderable });
    setBusy(false);
  };
  return (
    <tr className="max-sm:(mb-3 block border border-line py-2)" data-purchased-row={item.code}>
      <th scope="row" className={`${td} text-left font-normal max-sm:text-left`}>
        <a href={`/p/${item.slug}`} className="link font-semibold">{name}</a>
        {!item.orderable && <span className="block text-sm text-error">{item.is_published ? t('b2b.reasons.not_orderable') : t('b2b.purchased.notAvailable')}</span>}
      </th>
      <td className={`${td} font-mono whitespace-nowrap`} data-label={t('b2b.purchased.code')}>{item.code}</td>
      <td className={`${td} whitespace-nowrap`} data-label={t('b2b.purchased.lastDate')} data-last-date={item.last_ordered_at.slice(0, 10)}>
        <time dateTime={item.last_ordered_at}>{formatDay(item.last_ordered_at, locale)}</time>
      </td>
      <td className={`${td} text-right`} data-label={t('b2b.purchased.lastQty')}>{item.last_qty}</td>
      <td className={`${td} whitespace-nowrap text-right font-semibold`} data-label={t('b2b.purchased.price')}>{formatEuro(item.price, locale)}</td>
      <td className={td} data-label={t('b2b.purchased.actions')}>
        <div className="flex flex-wrap justify-end gap-2 sm:justify-start">
          <button
            type="button"
            className="btn-primary px-3 py-1"
            disabled={busy || !item.orderable}
            aria-label={t('b2b.purchased.addToCartOf', { qty: item.last_qty, name })}
            onClick={() => void add()}
            data-purchased-add=""
          >
            {t('b2b.purchased.addToCart')}
          </button>
          <button
            type="button"
            className="btn-outline px-3 py-1"
            disabled={inQuickOrder || !item.orderable}
            aria-pressed={inQuickOrder}
            aria-label={t('b2b.purchased.toQuickOrderOf', { name })}
            onClick={() => onQuickOrder(item)}
            data-purchased-quick=""
          >
            {t('b2b.purchased.toQuickOrder')}
          </button>
        </div>
      </td>
    </tr>
  );
}

export default function PurchasedProducts({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const trade = useTradeCustomer();
  const customer = useStore($customer);
  const state = useStore($purchased);
  const [queued, setQueued] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (!ready || !trade) return;
    initCart();
    setQueued(new Set());
    void loadPurchased({ page: 1 });
  }, [ready, trade, customer?.id]);

  if (!ready) return <Loading t={t} />;
  if (!trade) return <BusinessOnly t={t} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void searchPurchasedNow();
  };
  const toQuickOrder = (item: PurchasedItem) => {
    if (appendToQuickOrderDraft([{ code: item.code, qty: item.last_qty }]) === 0) return;
    setQueued(new Set([...queued, itemKey(item)]));
    showToast({ type: 'success', text: t('b2b.quickOrder.fromPurchased', { count: 1 }) });
  };

  const pages = Math.max(1, Math.ceil(state.count / PURCHASED_PAGE_SIZE));
  const th = 'border-b-2 border-secondary px-3 py-2 text-left font-bold whitespace-nowrap';
  return (
    <div className="flex flex-col gap-4" data-purchased="" aria-busy={state.loading || undefined}>
      <div className="flex flex-wrap items-end gap-4">
        <form role="search" aria-label={t('b2b.purchased.search')} onSubmit={onSubmit} className="flex w-full max-w-md flex-col gap-1 sm:(w-auto min-w-64 flex-1)">
          <label htmlFor="purchased-search" className="font-semibold">{t('b2b.purchased.search')}</label>
          <input
            id="purchased-search"
            type="search"
            value={state.query}
            maxLength={200}
            autoComplete="off"
            placeholder={t('b2b.purchased.searchHint')}
            onChange={(e) => searchPurchased(e.currentTarget.value)}
            className="w-full border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
          />
        </form>
        <div>
          <label htmlFor="purchased-sort" className="block font-semibold">{t('b2b.purchased.sort')}</label>
          <select
            id="purchased-sort"
            value={state.sort}
            onChange={(e) => isPurchasedSort(e.currentTarget.value) && void loadPurchased({ sort: e.currentTarget.value })}
            className="mt-1 border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
          >
            {PURCHASED_SORTS.map((sort) => (
              <option key={sort} value={sort}>{t(SORT_LABELS[sort])}</option>
            ))}
          </select>
        </div>
        {queued.size > 0 && (
          <a href="/quick-order" className="btn-secondary no-underline" data-purchased-open-quick="">
            {t('b2b.purchased.openQuickOrder')} ({t('b2b.purchased.selected', { count: queued.size })})
          </a>
        )}
      </div>
      <p className="m-0 min-h-6 text-muted" role="status" data-purchased-status="">
        {state.ready && !state.error ? (state.count === 0 && state.shownQuery ? t('b2b.purchased.noMatch', { query: state.shownQuery }) : t('b2b.purchased.count', { count: state.count })) : ''}
      </p>

      {state.error && <ErrorBox t={t} message={state.error} onRetry={() => void loadPurchased()} />}
      {!state.error && !state.ready && <Loading t={t} />}
      {!state.error && state.ready && state.count === 0 && !state.shownQuery && (
        <EmptyState title={t('b2b.purchased.empty')}>
          <p className="m-0 text-muted">{t('b2b.purchased.emptyText')}</p>
        </EmptyState>
      )}
      {!state.error && state.results.length > 0 && (
        <div role="region" aria-labelledby="purchased-caption" tabIndex={0} className="overflow-x-auto focus-ring">
          <table className={`stack-table w-full border-collapse sm:min-w-[760px] ${state.loading ? 'opacity-60' : ''}`}>
            <caption id="purchased-caption" className="pb-2 text-left text-sm text-muted">{t('b2b.purchased.caption')}</caption>
            <thead className="max-sm:sr-only">
              <tr>
                <th scope="col" className={th}>{t('b2b.purchased.product')}</th>
                <th scope="col" className={th}>{t('b2b.purchased.code')}</th>
                <th scope="col" className={th}>{t('b2b.purchased.lastDate')}</th>
                <th scope="col" className={`${th} text-right`}>{t('b2b.purchased.lastQty')}</th>
                <th scope="col" className={`${th} text-right`}>{t('b2b.purchased.price')}</th>
                <th scope="col" className={th}>{t('b2b.purchased.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {state.results.map((item) => (
                <PurchasedRow key={itemKey(item)} item={item} t={t} locale={locale} inQuickOrder={queued.has(itemKey(item))} onQuickOrder={toQuickOrder} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} page={state.page} pageCount={pages} onPage={(page) => void loadPurchased({ page })} label={t('b2b.purchased.caption')} />
    </div>
  );
}
