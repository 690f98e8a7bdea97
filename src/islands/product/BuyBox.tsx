// The product page's buy box: the customer's own price (the public price stays in the page's
// HTML for visitors and crawlers), the version to buy when the product has several, quantity,
// "Add to cart" and "Add to wishlist". Signed out it links to sign-in; an agent with no
// customer is sent to choose one. Rules and calls live in the cart and wishlist stores.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { StockState } from '../../lib/contract/products';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { $cart, addToCart, initCart } from '../../lib/stores/cart';
import { $session } from '../../lib/stores/session';
import { addToWishlist, initWishlist } from '../../lib/stores/wishlist';
import { priceForCustomer } from './customer-price';

export interface BuyBoxItem {
  id: number;
  code: string;
  name: string;
  price: number;
  quantity: number;
  is_backorderable: boolean;
  stock_state: StockState;
}

interface Props {
  locale: Locale;
  messages: MessageTree;
  path: string;
  product: Omit<BuyBoxItem, 'name'>;
  variants: BuyBoxItem[];
}

type PriceState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; value: number };

export default function BuyBox({ locale, messages, path, product, variants }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const session = useStore($session);
  const cart = useStore($cart);
  const [hydrated, setHydrated] = useState(false);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [qty, setQty] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [price, setPrice] = useState<PriceState>({ status: 'idle' });
  const ids = useId();

  useEffect(() => {
    setHydrated(true);
    initCart();
    initWishlist();
  }, []);

  const signedIn = hydrated && session.reason === 'valid';
  const customer = signedIn ? session.customer : null;
  const variant = variants.find((v) => v.id === variantId) ?? null;
  const item = variant ?? product;
  const needsVariant = variants.length > 0 && !variant;

  useEffect(() => {
    if (!customer || needsVariant) return setPrice({ status: 'idle' });
    let current = true;
    setPrice({ status: 'loading' });
    void priceForCustomer(item.code, variant?.id ?? null).then((value) => {
      if (current) setPrice(value === null ? { status: 'failed' } : { status: 'ready', value });
    });
    return () => void (current = false);
  }, [customer?.id, session.season, item.code, variant?.id, needsVariant]);

  const soldOut = !item.is_backorderable && item.quantity <= 0;
  const max = item.is_backorderable ? undefined : Math.max(item.quantity, 1);
  const inCart = cart.rows.find((r) => r.product === product.id && (r.variant ?? null) === (variant?.id ?? null))?.qty ?? 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (needsVariant) return setError(t('shop.buyBox.chooseVersion'));
    const wanted = Number(qty);
    if (!/^\d+$/.test(qty.trim()) || !Number.isInteger(wanted) || wanted <= 0) return setError(t('validation.quantityPositive'));
    if (!item.is_backorderable && wanted > item.quantity) {
      return setError(`${t('errors.quantityNotAvailable')}. ${t('shop.buyBox.maxQuantity', { count: Math.max(item.quantity, 0) })}`);
    }
    setError(null);
    setAdding(true);
    await addToCart(product.id, wanted, variant?.id ?? null, { quantity: item.quantity, isBackorderable: item.is_backorderable });
    setAdding(false);
  };

  const errorId = `${ids}-error`;
  const loginHref = `/auth/login?next=${encodeURIComponent(path)}`;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 border border-line p-4" data-buy-box data-hydrated={hydrated ? '' : undefined} aria-label={t('shop.buyBox.title')}>
      {customer && !needsVariant && (
        <p className="m-0" aria-live="polite" data-customer-price={price.status}>
          {price.status === 'loading' && <span className="text-muted">{t('shop.buyBox.priceLoading')}</span>}
          {price.status === 'ready' && (
            <>
              <span className="font-semibold">{t('shop.buyBox.yourPrice')} </span>
              <span className="text-2xl font-bold text-primary-dark" data-price-value>{formatEuro(price.value, locale)}</span>
              <span className="text-xs text-muted"> {t('shop.vatExcluded')}</span>
            </>
          )}
          {price.status === 'failed' && <span className="text-muted">{t('shop.buyBox.priceFallback', { price: formatEuro(item.price, locale) })}</span>}
        </p>
      )}
      {variants.length > 0 && (
        <fieldset className="m-0 border-0 p-0">
          <legend className="mb-2 font-semibold">{t('shop.buyBox.chooseVersion')}</legend>
          <div className="flex flex-col gap-1">
            {variants.map((v) => (
              <label key={v.id} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="variant"
                  value={v.id}
                  checked={variantId === v.id}
                  onChange={() => {
                    setVariantId(v.id);
                    setError(null);
                  }}
                  className="h-4 w-4 accent-[#B0231E] focus-ring"
                />
                <span>{v.name}</span>
                <span className="text-sm text-muted">{formatEuro(v.price, locale)}</span>
                {!v.is_backorderable && v.quantity <= 0 && <span className="text-sm text-[#A00000]">{t('shop.buyBox.soldOut')}</span>}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div>
        <label htmlFor={`${ids}-qty`} className="block font-semibold">{t('shop.quantity')}</label>
        <input
          id={`${ids}-qty`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          max={max}
          value={qty}
          onChange={(e) => {
            setQty(e.currentTarget.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${ids}-stock`}
          className={`mt-1 block w-28 border-2 bg-white px-3 py-2 text-base focus-ring ${error ? 'border-error' : 'border-secondary'}`}
          data-buy-qty
        />
        <p id={`${ids}-stock`} className="m-0 mt-1 text-sm text-muted">
          {item.is_backorderable ? t('shop.buyBox.backorderable') : t('shop.buyBox.inStock', { count: Math.max(item.quantity, 0) })}
          {inCart > 0 && <> · {t('shop.buyBox.inCart', { count: inCart })}</>}
        </p>
        {error && <p id={errorId} role="alert" className="m-0 mt-1 text-sm font-semibold text-error" data-buy-error>{error}</p>}
      </div>
      <div className="flex flex-wrap gap-3">
        {!signedIn ? (
          <a href={loginHref} className="btn-primary" data-buy-login>{t('shop.buyBox.signInToBuy')}</a>
        ) : !customer ? (
          <a href={`/customers?next=${encodeURIComponent(path)}`} className="btn-primary" data-buy-choose-customer>{t('shop.buyBox.chooseCustomer')}</a>
        ) : (
          <>
            <button type="submit" className="btn-primary" disabled={adding || soldOut} data-add-to-cart>
              {soldOut ? t('shop.buyBox.soldOut') : adding ? t('shop.buyBox.adding') : t('shop.buyBox.addToCart')}
            </button>
            <button type="button" className="btn-outline" onClick={() => void addToWishlist(product.id)} data-add-to-wishlist>
              {t('shop.buyBox.addToWishlist')}
            </button>
          </>
        )}
      </div>
    </form>
  );
}
