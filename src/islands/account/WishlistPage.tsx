// The wishlist (spec sections 2 and 5): each product with its price, stock and notes (saved
// when the field is left or with the button), moved to the cart or removed; an empty state.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { T } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { availability } from '../../lib/rules/stock';
import { initCart } from '../../lib/stores/cart';
import { $wishlist, initWishlist, moveWishlistRowToCart, removeWishlistRow, updateWishlistNotes, type WishlistRow } from '../../lib/stores/wishlist';
import { EmptyState, ErrorBox, Loading, useAccountReady, useT, type AccountIslandProps } from './account-ui';

const STOCK_TONE: Record<string, string> = {
  available: 'text-success-strong',
  low: 'text-warning-strong',
  backorder: 'text-secondary',
  unavailable: 'text-error',
};

function WishlistItem({ row, t, locale }: { row: WishlistRow; t: T; locale: Locale }) {
  const [notes, setNotes] = useState(row.notes);
  const [busy, setBusy] = useState<'notes' | 'move' | 'remove' | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setNotes(row.notes), [row.notes]);
  const detail = row.product_detail;
  // The same text as the listing, the product page and the cart (src/lib/rules/stock.ts).
  const stock = availability(detail.quantity, detail.is_backorderable);
  const notesId = `wishlist-notes-${row.id}`;
  const dirty = notes !== row.notes;

  const saveNotes = async () => {
    if (!dirty || busy) return;
    setBusy('notes');
    const ok = await updateWishlistNotes(row.id, notes);
    setBusy(null);
    setSaved(ok);
  };
  const run = async (kind: 'move' | 'remove') => {
    setBusy(kind);
    const ok = kind === 'move' ? await moveWishlistRowToCart(row) : await removeWishlistRow(row.id);
    if (!ok) setBusy(null);
  };

  return (
    <li className="grid gap-4 border border-line p-4 sm:grid-cols-[96px_1fr]" data-wishlist-row={detail.code}>
      <div className="h-24 w-24 bg-surface">
        {detail.image && <img src={detail.image.url} alt="" width={96} height={96} loading="lazy" className="h-24 w-24 object-contain" />}
      </div>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 className="m-0 text-lg font-bold">
            <a href={`/p/${detail.slug}`} className="link">{detail.name}</a>
          </h2>
          <p className="m-0 text-lg font-bold">{formatEuro(detail.price, locale)}</p>
        </div>
        <p className="m-0 text-sm">
          <span className="text-muted">{t('account.wishlist.code', { code: detail.code })}</span>
          <span className={`ml-3 font-semibold ${STOCK_TONE[stock.state] ?? ''}`} data-stock={stock.state}>
            {t(stock.key)}
          </span>
        </p>
        <div>
          <label htmlFor={notesId} className="block font-semibold">{t('account.wishlist.notes')}</label>
          <div className="mt-1 flex flex-wrap gap-2">
            <textarea
              id={notesId}
              rows={2}
              maxLength={1000}
              value={notes}
              onChange={(e) => {
                setNotes(e.currentTarget.value);
                setSaved(false);
              }}
              onBlur={() => void saveNotes()}
              className="min-w-0 flex-1 border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
            />
            <button type="button" className="btn-outline self-start" disabled={!dirty || busy !== null} onClick={() => void saveNotes()}>
              {busy === 'notes' ? t('account.saving') : t('account.wishlist.saveNotes')}
            </button>
          </div>
          <p className="m-0 mt-1 min-h-5 text-sm text-success-strong" role="status">{saved && !dirty ? t('account.wishlist.notesSaved') : ''}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-primary"
            disabled={busy !== null || (detail.stock_state === 'unavailable' && !detail.is_backorderable)}
            onClick={() => void run('move')}
            aria-label={t('account.wishlist.moveToCartOf', { name: detail.name })}
          >
            {busy === 'move' ? t('account.wishlist.moving') : t('account.wishlist.moveToCart')}
          </button>
          <button type="button" className="btn-outline" disabled={busy !== null} onClick={() => void run('remove')} aria-label={t('account.wishlist.removeOf', { name: detail.name })}>
            {busy === 'remove' ? t('account.wishlist.removing') : t('account.wishlist.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}

export default function WishlistPage({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const wishlist = useStore($wishlist);

  useEffect(() => {
    if (!ready) return;
    initWishlist();
    initCart();
  }, [ready]);

  if (!ready || !wishlist.ready) return <Loading t={t} />;
  if (wishlist.error && wishlist.rows.length === 0) return <ErrorBox t={t} message={wishlist.error} />;
  if (wishlist.rows.length === 0) {
    return (
      <EmptyState title={t('account.wishlist.empty')}>
        <p className="m-0 text-muted">{t('account.wishlist.emptyText')}</p>
        <a href="/p" className="btn-primary mt-4 no-underline">{t('account.browseShop')}</a>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-wishlist="" aria-busy={wishlist.loading}>
      <p className="m-0 text-muted" role="status">{t('account.wishlist.count', { count: wishlist.rows.length })}</p>
      <ul className="m-0 flex list-none flex-col gap-4 p-0">
        {wishlist.rows.map((row) => (
          <WishlistItem key={row.id} row={row} t={t} locale={locale} />
        ))}
      </ul>
    </div>
  );
}
