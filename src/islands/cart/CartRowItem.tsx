// One row of the cart: picture, name linked to the product, unit price, a quantity stepper (the
// cart rules check each change before the API), a stock warning, the line total and removal.
// While a change is on its way the stepper is aria-disabled, not disabled: a disabled control
// would drop the keyboard focus to the top of the page (issue 14); commit() ignores presses.
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { CartRow } from '../../lib/contract/cart';
import type { T } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { availability } from '../../lib/rules/stock';
import { cartRowFor, removeCartRow, setCartQuantity } from '../../lib/stores/cart';

interface Props {
  row: CartRow;
  t: T;
  locale: Locale;
}

export default function CartRowItem({ row, t, locale }: Props) {
  const [qty, setQty] = useState(String(row.qty));
  const [busy, setBusy] = useState(false);
  const detail = row.product_detail;
  const name = detail.variant_name ? `${detail.name} – ${detail.variant_name}` : detail.name;
  const qtyId = `cart-qty-${row.id}`;
  const warnId = `cart-stock-${row.id}`;
  const short = !detail.is_backorderable && row.qty > detail.quantity;
  // The same text as the listing and the product page, from the row's live figure (src/lib/rules/stock.ts).
  const stock = availability(detail.quantity, detail.is_backorderable);

  // The API's answer wins: show the stored quantity again after each change (or refusal).
  useEffect(() => setQty(String(row.qty)), [row.qty]);

  const commit = async (wanted: number) => {
    if (busy) return;
    if (!Number.isFinite(wanted) || wanted === row.qty) return setQty(String(row.qty));
    setBusy(true);
    await setCartQuantity({ product: row.product, variant: row.variant, qty: Math.trunc(wanted) });
    setBusy(false);
    setQty(String(cartRowFor(row.product, row.variant)?.qty ?? row.qty));
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit(Number(qty));
    }
  };

  return (
    <li className="grid grid-cols-[72px_1fr] gap-3 border-b border-line py-4 md:grid-cols-[96px_1fr_auto]" data-cart-row={row.id} data-product-slug={detail.slug} aria-busy={busy || undefined}>
      {detail.image ? (
        <img src={detail.image.url} alt="" width={96} height={96} loading="lazy" className="block aspect-square w-full object-cover" />
      ) : (
        <span className="block aspect-square w-full bg-surface" aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <a href={`/p/${detail.slug}`} className="link font-semibold">{name}</a>
        <span className="text-sm text-muted">{t('shop.code', { code: detail.code })}</span>
        <span className="text-sm">{t('shop.unitPrice')}: <span data-unit-price>{formatEuro(row.shown_price, locale)}</span></span>
        <span className="text-sm" data-availability={stock.state}>{t(stock.key)}</span>
        {short && (
          <p id={warnId} className="m-0 text-sm font-semibold text-warning-strong" data-stock-warning>
            {t('shop.cart.stockWarning', { count: Math.max(detail.quantity, 0) })}
          </p>
        )}
      </div>
      <div className="col-span-2 flex flex-wrap items-end justify-between gap-3 md:col-span-1 md:flex-col md:items-end">
        <div>
          <label htmlFor={qtyId} className="block text-sm font-semibold">{t('shop.quantity')}</label>
          <div className="mt-1 flex items-stretch">
            <button type="button" className="btn-outline px-3 py-1" onClick={() => void commit(row.qty - 1)} aria-disabled={busy || undefined} aria-label={t('shop.cart.decrease', { name })}>−</button>
            <input
              id={qtyId}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={qty}
              onChange={(e) => setQty(e.currentTarget.value)}
              onBlur={() => void commit(Number(qty))}
              onKeyDown={onKey}
              aria-describedby={short ? warnId : undefined}
              readOnly={busy}
              aria-disabled={busy || undefined}
              className="w-16 border-y-2 border-x-0 border-secondary bg-canvas px-2 text-center text-base focus-ring"
              data-row-qty
            />
            <button type="button" className="btn-outline px-3 py-1" onClick={() => void commit(row.qty + 1)} aria-disabled={busy || undefined} aria-label={t('shop.cart.increase', { name })}>+</button>
          </div>
        </div>
        <p className="m-0 text-lg font-bold" data-row-total>{formatEuro(row.shown_total, locale)}</p>
        <button type="button" className="border-0 bg-transparent p-0 text-sm link cursor-pointer" onClick={() => void removeCartRow(row.id)} disabled={busy} data-row-remove>
          {t('shop.cart.remove')}<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}
