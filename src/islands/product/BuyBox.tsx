// The product page's buy box: the customer's own price (the public price stays in the page's
// HTML for visitors and crawlers), the version to buy when the product has several, quantity,
// "Add to cart" and "Add to wishlist". Signed out it links to sign-in; an agent with no
// customer is sent to choose one. Rules and calls live in the cart and wishlist stores.
// Stock, availability and the customer's price are live values (src/lib/live/): the page's
// props carry content only. Until they arrive nothing claims availability; when the live call
// fails, the API's own cart rules decide (adding refuses quantities above stock).
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { LiveStock } from '../../lib/contract/live-values';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { MAX_CART_QTY } from '../../lib/rules/cart';
import { availability, availabilityKey } from '../../lib/rules/stock';
import { $liveProducts, $liveStatus, requestLiveProducts } from '../../lib/live/live-products';
import { cachedPrice, priceCacheKey } from '../../lib/cache/price-cache';
import { announceChosenVariant } from '../../lib/chosen-variant';
import { $cart, addToCart, initCart } from '../../lib/stores/cart';
import { $session } from '../../lib/stores/session';
import { showToast } from '../../lib/stores/toasts';
import { addToWishlist, initWishlist } from '../../lib/stores/wishlist';

/** What the page bakes in: content only (the public unit price, VAT included). */
export interface BuyBoxItem {
  id: number;
  code: string;
  name: string;
  price: number;
}

interface Props {
  locale: Locale;
  messages: MessageTree;
  path: string;
  product: Omit<BuyBoxItem, 'name'>;
  variants: BuyBoxItem[];
}

/** checking: live values not here yet; known: here; unknown: the live call failed (the API decides). */
type LiveView = { status: 'checking' | 'unknown' } | { status: 'known'; stock: LiveStock; price: number; vatIncluded: boolean };

export default function BuyBox({ locale, messages, path, product, variants }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const session = useStore($session);
  const cart = useStore($cart);
  const [hydrated, setHydrated] = useState(false);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [qty, setQty] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [qtyInvalid, setQtyInvalid] = useState(false);
  const [adding, setAdding] = useState(false);
  const liveProducts = useStore($liveProducts);
  const liveStatus = useStore($liveStatus);
  const ids = useId();
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setHydrated(true);
    initCart();
    initWishlist();
    // Usually asked already, with the page's other products, by the badge filler: then no call.
    requestLiveProducts([product.id], { complete: true });
  }, []);

  const signedIn = hydrated && session.reason === 'valid';
  const customer = signedIn ? session.customer : null;
  const variant = variants.find((v) => v.id === variantId) ?? null;
  const item = variant ?? product;
  const needsVariant = variants.length > 0 && !variant;

  // The first render equals the server's (checking); the store's values come after hydration.
  const status = hydrated ? liveStatus[product.id] : undefined;
  const live = status === 'ready' ? liveProducts[product.id] : undefined;
  const liveOf = (variantId: number | null): LiveView => {
    if (status === 'failed' || status === 'missing') return { status: 'unknown' };
    if (!live || live.variants === null) return { status: 'checking' };
    const found = variantId === null ? live : live.variants.find((v) => v.id === variantId);
    // The live call answers the price as this customer sees it: with VAT for a consumer, net for a business.
    return found ? { status: 'known', stock: found, price: found.price.shown_price, vatIncluded: found.price.vat_included } : { status: 'unknown' };
  };
  const itemLive = liveOf(variant?.id ?? null);
  const stock = itemLive.status === 'known' ? itemLive.stock : null;
  const checking = itemLive.status === 'checking';
  const isSoldOut = (s: LiveStock | null) => s !== null && !s.is_backorderable && s.quantity <= 0;
  const soldOut = isSoldOut(stock);
  const max = stock && !stock.is_backorderable ? Math.max(stock.quantity, 1) : undefined;
  // Another island may have filled the cart store before this one hydrates: counted only after.
  const inCart = !hydrated ? 0 : cart.rows.find((r) => r.product === product.id && (r.variant ?? null) === (variant?.id ?? null))?.qty ?? 0;
  // A failed live call falls back to the price this customer was last answered (price cache).
  const kept = itemLive.status === 'unknown' && customer ? cachedPrice(priceCacheKey(customer.id, session.season, product.id, variant?.id ?? null)) : undefined;
  const shown: { status: 'checking' | 'unknown' } | { status: 'known'; price: number; vatIncluded: boolean } = kept
    ? { status: 'known', price: kept.shown_price, vatIncluded: kept.vat_included }
    : itemLive;
  // The live call is made for the session's customer: its price is the customer's.
  const priceStatus = shown.status === 'known' ? (kept ? 'cached' : 'ready') : shown.status === 'checking' ? 'loading' : 'failed';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A second press while the first is on its way does nothing (the button stays focusable).
    if (adding) return;
    if (needsVariant) return setError(t('shop.buyBox.chooseVersion'));
    const wanted = Number(qty);
    // Quantity errors are error toasts, as on the cart page (spec section 8); the field is marked.
    const refuse = (text: string) => {
      setQtyInvalid(true);
      showToast({ type: 'error', text });
    };
    if (!/^\d+$/.test(qty.trim()) || !Number.isInteger(wanted) || wanted <= 0) return refuse(t('errors.negativeQuantity'));
    if (inCart + wanted > MAX_CART_QTY) return refuse(t('errors.limits.quantityTooLarge', { count: MAX_CART_QTY }));
    if (stock && !stock.is_backorderable && wanted > stock.quantity) {
      return refuse(`${t('errors.quantityNotAvailable')}. ${t('shop.buyBox.maxQuantity', { count: Math.max(stock.quantity, 0) })}`);
    }
    setError(null);
    setQtyInvalid(false);
    setAdding(true);
    // Without live stock (the call failed) the API's cart rules decide.
    await addToCart(product.id, wanted, variant?.id ?? null, stock ? { quantity: stock.quantity, isBackorderable: stock.is_backorderable } : undefined);
    setAdding(false);
    // The focus stays where the shopper is (issue 14): if anything took it, it comes back.
    if (document.activeElement === document.body || document.activeElement === null) addButton.current?.focus();
  };

  const errorId = `${ids}-error`;
  const loginHref = `/auth/login?next=${encodeURIComponent(path)}`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 border border-line p-4"
      data-buy-box
      data-hydrated={hydrated ? '' : undefined}
      data-live={itemLive.status}
      aria-label={t('shop.buyBox.title')}
    >
      {customer && !needsVariant && (
        <p className="m-0" aria-live="polite" data-customer-price={priceStatus}>
          {shown.status === 'checking' && <span className="text-muted">{t('shop.buyBox.priceLoading')}</span>}
          {shown.status === 'known' && (
            <>
              <span className="font-semibold">{t('shop.buyBox.yourPrice')} </span>
              <span className="text-2xl font-bold text-primary-strong" data-price-value>{formatEuro(shown.price, locale)}</span>
              <span className="text-xs text-muted" data-vat-label={shown.vatIncluded ? 'included' : 'excluded'}> {t(shown.vatIncluded ? 'shop.vat.included' : 'shop.vat.excluded')}</span>
            </>
          )}
          {shown.status === 'unknown' && <span className="text-muted">{t('shop.buyBox.priceFallback', { price: formatEuro(item.price, locale) })}</span>}
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
                    announceChosenVariant({ product: product.id, variant: v.id });
                  }}
                  className="h-4 w-4 accent-primary focus-ring"
                />
                <span>{v.name}</span>
                <span className="text-sm text-muted">{formatEuro(v.price, locale)}</span>
                {(() => {
                  const vLive = liveOf(v.id);
                  return vLive.status === 'known' && isSoldOut(vLive.stock) && <span className="text-sm text-error">{t(availabilityKey('unavailable'))}</span>;
                })()}
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
            setQtyInvalid(false);
          }}
          aria-invalid={qtyInvalid ? true : undefined}
          aria-describedby={`${ids}-stock`}
          className={`mt-1 block w-28 border-2 bg-canvas px-3 py-2 text-base focus-ring ${qtyInvalid ? 'border-error' : 'border-secondary'}`}
          data-buy-qty
        />
        <p id={`${ids}-stock`} className="m-0 mt-1 min-h-[1.25rem] text-sm text-muted" aria-busy={checking ? true : undefined} data-buy-stock>
          {checking
            ? t('shop.buyBox.checkingStock')
            : stock
              ? // The same text as the page's badge and the listing, for the chosen item (src/lib/rules/stock.ts).
                <span data-availability={availability(stock.quantity, stock.is_backorderable).state}>{t(availability(stock.quantity, stock.is_backorderable).key)}</span>
              : null}
          {inCart > 0 && <>{checking || stock ? ' · ' : ''}{t('shop.buyBox.inCart', { count: inCart })}</>}
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
            {/* Not disabled while adding: a disabled button drops the keyboard focus to the top of the page. */}
            <button ref={addButton} type="submit" className="btn-primary" disabled={soldOut || checking} aria-disabled={adding || undefined} data-add-to-cart>
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
