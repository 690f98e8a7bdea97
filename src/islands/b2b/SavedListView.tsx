// One saved list (issue 16, /account/lists/<id>): its products with code, today's price and the
// quantity (saved when the field is left or Enter is pressed), rows removed, the whole list put
// in the cart in one call with what happened to each row, or taken into the quick order.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { T } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { parseQuantity } from '../../lib/rules/quick-order';
import { appendToQuickOrderDraft } from '../../lib/stores/quick-order';
import { $savedList, listIdFromPath, loadSavedList, removeListRow, setListRowQty, type SavedListRow } from '../../lib/stores/saved-lists';
import { addSavedListToCart } from '../../lib/stores/saved-lists-cart';
import { $customer } from '../../lib/stores/session';
import { showToast } from '../../lib/stores/toasts';
import { EmptyState, ErrorBox, Loading, useAccountReady, useT, type AccountIslandProps } from '../account/account-ui';
import BusinessOnly, { useTradeCustomer } from './BusinessOnly';
import { addReason } from './line-reasons';

const itemName = (row: SavedListRow) => (row.item.variant_name ? `${row.item.name} – ${row.item.variant_name}` : row.item.name);

function ListRow({ row, t, locale }: { row: SavedListRow; t: T; locale: Locale }) {
  const [qty, setQty] = useState(String(row.qty));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setQty(String(row.qty)), [row.qty]);
  const name = itemName(row);
  const qtyId = `list-row-${row.id}-qty`;
  const td = 'border-b border-line px-3 py-2 align-top max-sm:(flex items-start justify-between gap-4 border-0 py-1 text-right)';

  const save = async () => {
    if (qty === String(row.qty) || busy) return;
    const value = parseQuantity(qty);
    if (value === null || qty.trim() === '') return setError('b2b.reasons.bad_quantity');
    setBusy(true);
    const result = await setListRowQty(row.id, value);
    setBusy(false);
    setError(result.ok ? null : result.key);
  };
  const remove = async () => {
    setBusy(true);
    const result = await removeListRow(row.id);
    if (!result.ok) {
      setBusy(false);
      return setError(result.key);
    }
    showToast({ type: 'success', text: t('b2b.lists.rowRemoved') });
    requestAnimationFrame(() => document.getElementById('list-rows-caption')?.focus());
  };

  return (
    <tr className="max-sm:(mb-3 block border border-line py-2)" data-list-row={row.item.code}>
      <th scope="row" className={`${td} text-left font-normal max-sm:text-left`}>
        <a href={`/p/${row.item.slug}`} className="link font-semibold">{name}</a>
        {!row.item.orderable && <span className="block text-sm text-error">{t('b2b.reasons.not_orderable')}</span>}
      </th>
      <td className={`${td} font-mono whitespace-nowrap`} data-label={t('b2b.lists.code')}>{row.item.code}</td>
      <td className={`${td} whitespace-nowrap text-right`} data-label={t('b2b.lists.price')}>{formatEuro(row.item.price, locale)}</td>
      <td className={td} data-label={t('b2b.lists.qty')}>
        <input
          id={qtyId}
          type="text"
          inputMode="numeric"
          aria-label={t('b2b.lists.qtyOf', { name })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${qtyId}-error` : undefined}
          maxLength={9}
          value={qty}
          disabled={busy}
          onChange={(e) => setQty(e.currentTarget.value)}
          onBlur={() => void save()}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void save();
          }}
          className={`w-24 border-2 bg-canvas px-2 py-1.5 text-right focus-ring ${error ? 'border-error' : 'border-secondary'}`}
          data-list-row-qty=""
        />
        {error && <p id={`${qtyId}-error`} role="alert" className="m-0 mt-1 text-sm font-semibold text-error">{t(error, { max: 99999 })}</p>}
      </td>
      <td className={td} data-label={t('b2b.lists.actions')}>
        <button type="button" className="btn-outline px-3 py-1" disabled={busy} aria-label={t('b2b.lists.removeOf', { name })} onClick={() => void remove()} data-list-row-remove="">
          {t('b2b.lists.remove')}
        </button>
      </td>
    </tr>
  );
}

export default function SavedListView({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const trade = useTradeCustomer();
  const customer = useStore($customer);
  const state = useStore($savedList);
  const [adding, setAdding] = useState(false);
  const [announce, setAnnounce] = useState(false);
  // The results are read first once they are drawn: the focus goes to their heading.
  useEffect(() => {
    if (!announce || !state.results) return;
    document.getElementById('list-results-title')?.focus();
    setAnnounce(false);
  }, [announce, state.results]);

  useEffect(() => {
    if (!ready || !trade) return;
    const id = listIdFromPath(location.pathname);
    if (id) void loadSavedList(id);
  }, [ready, trade, customer?.id]);

  if (!ready) return <Loading t={t} />;
  if (!trade) return <BusinessOnly t={t} />;
  const back = (
    <p className="m-0">
      <a href="/account/lists" className="link">{t('b2b.lists.back')}</a>
    </p>
  );
  if (listIdFromPath(location.pathname) === null || (state.ready && state.error === 'b2b.lists.notFound')) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorBox t={t} message="b2b.lists.notFound" />
      </div>
    );
  }
  if (state.error) return <ErrorBox t={t} message={state.error} onRetry={() => state.id && void loadSavedList(state.id)} />;
  if (!state.ready || !state.list) return <Loading t={t} />;
  const list = state.list;

  const toCart = async () => {
    setAdding(true);
    const result = await addSavedListToCart();
    setAdding(false);
    if (!result.ok) return showToast({ type: 'error', text: t(result.key) });
    const { added, refused } = result.data;
    if (refused === 0) showToast({ type: 'success', text: t('b2b.quickOrder.addedToast', { count: added }) });
    else if (added === 0) showToast({ type: 'error', text: t('b2b.quickOrder.noneAddedToast') });
    else showToast({ type: 'warning', text: t('b2b.quickOrder.partialToast', { added, failed: refused }) });
    setAnnounce(true);
  };
  const toQuickOrder = () => {
    appendToQuickOrderDraft(state.rows.map((r) => ({ code: r.item.code, qty: r.qty })));
    location.assign('/quick-order');
  };

  const th = 'border-b-2 border-secondary px-3 py-2 text-left font-bold whitespace-nowrap';
  return (
    <div className="flex flex-col gap-6" data-saved-list-view={list.name}>
      {back}
      <h2 className="m-0 text-2xl font-bold text-secondary" data-list-name="">{list.name}</h2>
      {state.rows.length === 0 ? (
        <EmptyState title={t('b2b.lists.listEmpty')}>
          <p className="m-0 text-muted">{t('b2b.lists.listEmptyText')}</p>
          <a href="/quick-order" className="btn-primary mt-4 no-underline">{t('b2b.quickOrderLink')}</a>
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" disabled={adding} onClick={() => void toCart()} data-list-to-cart="">
              {adding ? t('b2b.lists.addingToCart') : t('b2b.lists.addToCart')}
            </button>
            <button type="button" className="btn-outline" disabled={adding} onClick={toQuickOrder} data-list-to-quick-order="">
              {t('b2b.lists.toQuickOrder')}
            </button>
          </div>
          {state.results && (
            <section aria-labelledby="list-results-title" className="border-l-4 border-secondary bg-surface p-4" data-list-results="">
              <h3 id="list-results-title" tabIndex={-1} className="m-0 text-lg font-bold focus:outline-none">{t('b2b.lists.resultsTitle')}</h3>
              <ul className="m-0 mt-2 list-none p-0">
                {state.results.map(({ row, result }) => (
                  <li key={row.id} data-list-result={result.status}>
                    <span className="font-mono">{row.item.code}</span> {itemName(row)}:{' '}
                    <span className={result.status === 'added' ? 'font-semibold text-success-strong' : 'font-semibold text-error'}>
                      {result.status === 'added'
                        ? t('b2b.lists.resultAdded')
                        : result.status === 'partly_added'
                          ? t('b2b.quickOrder.partlyAdded', { added: result.added, requested: result.requested, reason: addReason(t, result.reason, result.max_qty) })
                          : t('b2b.lists.resultSkipped', { reason: addReason(t, result.reason, result.max_qty) })}
                    </span>
                  </li>
                ))}
              </ul>
              <a href="/cart" className="link mt-3 inline-block">{t('b2b.quickOrder.goToCart')}</a>
            </section>
          )}
          <div role="region" aria-labelledby="list-rows-caption" tabIndex={0} className="overflow-x-auto focus-ring">
            <table className="stack-table w-full border-collapse sm:min-w-[640px]">
              <caption id="list-rows-caption" tabIndex={-1} className="pb-2 text-left text-sm text-muted focus:outline-none">
                {t('b2b.lists.rowsCaption')} · {t('b2b.lists.rows', { count: state.rows.length })}
              </caption>
              <thead className="max-sm:sr-only">
                <tr>
                  <th scope="col" className={th}>{t('b2b.lists.product')}</th>
                  <th scope="col" className={th}>{t('b2b.lists.code')}</th>
                  <th scope="col" className={`${th} text-right`}>{t('b2b.lists.price')}</th>
                  <th scope="col" className={th}>{t('b2b.lists.qty')}</th>
                  <th scope="col" className={th}>{t('b2b.lists.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {state.rows.map((row) => (
                  <ListRow key={row.id} row={row} t={t} locale={locale} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
