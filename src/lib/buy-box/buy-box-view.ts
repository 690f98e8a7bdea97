// What the product page's buy box shows for a session, the live values and the cart, as plain
// data: the rules are unit-tested here and the buy box script (buy-box.ts) only copies the
// answer into the server-rendered markup (BuyBox.astro). Stock, availability and the customer's
// price are live values (src/lib/live/): until they arrive nothing claims availability; when the
// live call fails, the API's own cart rules decide (adding refuses quantities above stock) and the
// price falls back to the one this customer was last answered (price cache), else the list price.
import type { LivePrice, LiveStock } from '../contract/live-values';
import type { T } from '../i18n/client-messages';
import { formatEuro } from '../i18n/format';
import type { Locale } from '../i18n/locales';
import type { LiveProduct, LiveStatus } from '../live/live-products';
import { priceCacheKey } from '../cache/price-cache';
import type { KnownStock } from '../stores/cart';
import type { SessionState } from '../stores/session';
import { availability, availabilityKey } from '../rules/stock';
import type { StockState } from '../contract/products';

/** What the page bakes in: content only (the public unit price, VAT included). */
export interface BuyBoxItem {
  id: number;
  price: number;
}

export interface BuyBoxInput {
  session: Pick<SessionState, 'reason' | 'customer' | 'season'>;
  product: BuyBoxItem;
  variants: readonly BuyBoxItem[];
  /** The variant chosen in the box (null: none chosen yet). */
  variantId: number | null;
  liveStatus: LiveStatus | undefined;
  live: LiveProduct | undefined;
  cartRows: readonly { product: number; variant?: number | null; qty: number }[];
  /** The price cache's answer for a key (src/lib/cache/price-cache.ts). */
  keptPrice: (key: string) => LivePrice | undefined;
  adding: boolean;
}

/** checking: live values not here yet; known: here; unknown: the live call failed (the API decides). */
export type LiveView = { status: 'checking' | 'unknown' } | { status: 'known'; stock: LiveStock; price: number; vatIncluded: boolean };

/** The customer's price line: `status` is its data-customer-price. */
export type PriceLine =
  | { status: 'loading'; text: string }
  | { status: 'ready' | 'cached'; amount: string; vat: 'included' | 'excluded'; vatText: string }
  | { status: 'failed'; text: string };

/** The signed-in customer's own price of an item, for the page's headline (ADR 0014). */
export interface CustomerHeadline {
  amount: string;
  vatText: string;
}

export interface BuyBoxView {
  /**
   * What the page's headline shows instead of the public price: the customer's own price of the
   * chosen item (the product's while no version is chosen), once known and when it differs from
   * the public one (a business's net or agreed price); null: the public price stays.
   */
  headline: CustomerHeadline | null;
  /** The customer's price of each version, for the version list (empty: the public prices stay). */
  variantPrices: ReadonlyMap<number, string>;
  /** The chosen item's live state: the form's data-live. */
  live: LiveView['status'];
  /** What the actions area offers: sign-in link, choose-customer link, or the buttons. */
  actions: 'login' | 'choose-customer' | 'buy';
  /** Null when no price line shows (no customer, or a version still to choose). */
  price: PriceLine | null;
  /** Versions the live values say are sold out (their radio says so). */
  soldOutVariants: ReadonlySet<number>;
  /** The quantity field's max: the stock of an item that cannot be backordered. */
  maxQty: number | undefined;
  stockLine: {
    checking: boolean;
    availability: { state: StockState; text: string } | null;
    /** "N already in your cart", or null. */
    inCart: string | null;
  };
  addButton: { disabled: boolean; busy: boolean; text: string };
  /** What adding needs to know (buy-box-add.ts). */
  needsVariant: boolean;
  inCart: number;
  /** Live stock of the chosen item, for the cart store's own check; undefined without live values. */
  stock: KnownStock | undefined;
}

const isSoldOut = (s: LiveStock | null) => s !== null && !s.is_backorderable && s.quantity <= 0;

/** The live values of the product (variant null) or one of its variants. */
export function liveOf(status: LiveStatus | undefined, live: LiveProduct | undefined, variantId: number | null): LiveView {
  if (status === 'failed' || status === 'missing') return { status: 'unknown' };
  if (status !== 'ready' || !live || live.variants === null) return { status: 'checking' };
  const found = variantId === null ? live : live.variants.find((v) => v.id === variantId);
  // The live call answers the price as this customer sees it: with VAT for a consumer, net for a business.
  return found ? { status: 'known', stock: found, price: found.price.shown_price, vatIncluded: found.price.vat_included } : { status: 'unknown' };
}

/** The page's language: its translate function and locale (prices are formatted in it). */
export interface BuyBoxWords {
  t: T;
  locale: Locale;
}

export function buyBoxView(input: BuyBoxInput, { t, locale }: BuyBoxWords): BuyBoxView {
  const { session, product, variants } = input;
  const signedIn = session.reason === 'valid';
  const customer = signedIn ? session.customer : null;
  const variant = variants.find((v) => v.id === input.variantId) ?? null;
  const variantId = variant?.id ?? null;
  const item = variant ?? product;
  const needsVariant = variants.length > 0 && !variant;

  const itemLive = liveOf(input.liveStatus, input.live, variantId);
  const stock = itemLive.status === 'known' ? itemLive.stock : null;
  const checking = itemLive.status === 'checking';
  const soldOut = isSoldOut(stock);
  const inCart = input.cartRows.find((r) => r.product === product.id && (r.variant ?? null) === variantId)?.qty ?? 0;

  // The customer's price of the chosen item (the product's while no version is chosen).
  const kept = customer && itemLive.status === 'unknown' ? input.keptPrice(priceCacheKey(customer.id, session.season, product.id, variantId)) : undefined;
  const known = !customer ? null : kept ? { amount: kept.shown_price, vatIncluded: kept.vat_included } : itemLive.status === 'known' ? { amount: itemLive.price, vatIncluded: itemLive.vatIncluded } : null;

  let price: PriceLine | null = null;
  if (customer && !needsVariant) {
    if (known) {
      const vat = known.vatIncluded ? 'included' : 'excluded';
      // The live call is made for the session's customer: its price is the customer's.
      price = { status: kept ? 'cached' : 'ready', amount: formatEuro(known.amount, locale), vat, vatText: t(known.vatIncluded ? 'shop.vat.included' : 'shop.vat.excluded') };
    } else if (checking) price = { status: 'loading', text: t('shop.buyBox.priceLoading') };
    else price = { status: 'failed', text: t('shop.buyBox.priceFallback', { price: formatEuro(item.price, locale) }) };
  }

  // The headline and the version list say the same price as this box and the cart row: the
  // customer's, as the live call answers it (net for a business, with VAT for a consumer).
  let headline: CustomerHeadline | null = null;
  const variantPrices = new Map<number, string>();
  if (customer) {
    if (known && (!known.vatIncluded || formatEuro(known.amount, locale) !== formatEuro(item.price, locale))) {
      headline = { amount: formatEuro(known.amount, locale), vatText: t(known.vatIncluded ? 'shop.vat.included' : 'shop.vat.excluded') };
    }
    for (const v of variants) {
      const live = liveOf(input.liveStatus, input.live, v.id);
      if (live.status === 'known') variantPrices.set(v.id, formatEuro(live.price, locale));
    }
  }

  const soldOutVariants = new Set(variants.filter((v) => {
    const live = liveOf(input.liveStatus, input.live, v.id);
    return live.status === 'known' && isSoldOut(live.stock);
  }).map((v) => v.id));

  const state = stock ? availability(stock.quantity, stock.is_backorderable) : null;
  return {
    headline,
    variantPrices,
    live: itemLive.status,
    actions: !signedIn ? 'login' : !customer ? 'choose-customer' : 'buy',
    price,
    soldOutVariants,
    maxQty: stock && !stock.is_backorderable ? Math.max(stock.quantity, 1) : undefined,
    stockLine: {
      checking,
      // The same text as the page's badge and the listing, for the chosen item (src/lib/rules/stock.ts).
      availability: state ? { state: state.state, text: t(availabilityKey(state.state)) } : null,
      inCart: inCart > 0 ? t('shop.buyBox.inCart', { count: inCart }) : null,
    },
    // Not disabled while adding (busy): a disabled button drops the keyboard focus to the top of the page.
    addButton: {
      disabled: soldOut || checking,
      busy: input.adding,
      text: soldOut ? t('shop.buyBox.soldOut') : input.adding ? t('shop.buyBox.adding') : t('shop.buyBox.addToCart'),
    },
    needsVariant,
    inCart,
    stock: stock ? { quantity: stock.quantity, isBackorderable: stock.is_backorderable } : undefined,
  };
}
