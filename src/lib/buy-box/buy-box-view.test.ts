import { describe, expect, it } from 'vitest';
import type { LivePrice, LiveVariantValues } from '../contract/live-values';
import { createT, pickPaths } from '../i18n/client-messages';
import { messagesOf } from '../i18n/i18n';
import { LOCALES, type Locale } from '../i18n/locales';
import type { LiveProduct } from '../live/live-products';
import { priceCacheKey } from '../cache/price-cache';
import { BUY_BOX_MESSAGE_PATHS } from './buy-box-messages';
import { buyBoxView, liveOf, type BuyBoxInput, type BuyBoxView, type BuyBoxWords } from './buy-box-view';

/** The script's own strings only, as the page hands them over: a key missing there reads as itself. */
const wordsIn = (locale: Locale): BuyBoxWords => ({ t: createT(pickPaths(messagesOf(locale), BUY_BOX_MESSAGE_PATHS), locale), locale });
const en = wordsIn('en');
/** Intl puts no-break spaces in prices. */
const spaces = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');

const price = (shown: number, vatIncluded = false): LivePrice => ({ standard_price: shown, special_price: null, price: shown, vat_rate: 22, vat_included: vatIncluded, shown_price: shown });
const stockOf = (quantity: number, backorder = false) => ({
  quantity,
  is_backorderable: backorder,
  stock_state: quantity > 5 ? ('available' as const) : quantity > 0 ? ('low' as const) : backorder ? ('backorder' as const) : ('unavailable' as const),
});
const variant = (id: number, quantity: number, shown: number): LiveVariantValues => ({ id, ...stockOf(quantity), price: price(shown) });
const live = (quantity: number, shown = 10, options: { backorder?: boolean; variants?: LiveVariantValues[] | null } = {}): LiveProduct => ({
  id: 7,
  ...stockOf(quantity, options.backorder),
  price: price(shown),
  variants: options.variants === undefined ? [] : options.variants,
});
const customer = { id: 3, name: 'Cantina dei Colli S.r.l.', kind: 'b2b' as const };

const input = (over: Partial<BuyBoxInput> = {}): BuyBoxInput => ({
  session: { reason: 'valid', customer, season: 2 },
  product: { id: 7, price: 12.2 },
  variants: [],
  variantId: null,
  liveStatus: 'ready',
  live: live(20),
  cartRows: [],
  keptPrice: () => undefined,
  adding: false,
  ...over,
});
const view = (over: Partial<BuyBoxInput> = {}, words: BuyBoxWords = en): BuyBoxView => buyBoxView(input(over), words);

describe('buyBoxView: who may buy', () => {
  it('offers a visitor, or an expired or refused session, the sign-in link and no price', () => {
    for (const reason of ['no-session', 'expired', 'invalid'] as const) {
      const shown = view({ session: { reason, customer, season: null } });
      expect(shown.actions).toBe('login');
      expect(shown.price).toBeNull();
    }
  });

  it('sends an agent without a customer to choose one, with no price', () => {
    const shown = view({ session: { reason: 'valid', customer: null, season: null } });
    expect(shown.actions).toBe('choose-customer');
    expect(shown.price).toBeNull();
  });

  it('gives a customer the buttons', () => {
    expect(view().actions).toBe('buy');
  });
});

describe('buyBoxView: live values', () => {
  it('claims nothing while the live values are on their way', () => {
    for (const over of [{ liveStatus: undefined, live: undefined }, { liveStatus: 'loading' as const, live: undefined }, { liveStatus: 'loading' as const, live: live(3) }]) {
      const shown = view(over);
      expect(shown.live).toBe('checking');
      expect(shown.price).toEqual({ status: 'loading', text: 'Working out your price…' });
      expect(shown.stockLine).toEqual({ checking: true, availability: null, inCart: null });
      expect(shown.addButton).toEqual({ disabled: true, busy: false, text: 'Add to cart' });
      expect(shown.maxQty).toBeUndefined();
      expect(shown.stock).toBeUndefined();
    }
  });

  it('waits for the complete values when only a product list\'s (no variants, public price) are known', () => {
    expect(view({ live: live(20, 10, { variants: null }) }).live).toBe('checking');
  });

  it('shows the customer\'s price with its VAT label, the availability, and limits the quantity to the stock', () => {
    const shown = view({ live: live(3, 1234.5) });
    expect(shown.live).toBe('known');
    expect(shown.price?.status).toBe('ready');
    expect(shown.price && 'amount' in shown.price && spaces(shown.price.amount)).toBe('€1,234.50');
    expect(shown.price).toMatchObject({ vat: 'excluded', vatText: 'VAT excluded' });
    expect(shown.stockLine).toEqual({ checking: false, availability: { state: 'low', text: 'Only a few left' }, inCart: null });
    expect(shown.maxQty).toBe(3);
    expect(shown.stock).toEqual({ quantity: 3, isBackorderable: false });
    expect(shown.addButton).toEqual({ disabled: false, busy: false, text: 'Add to cart' });
  });

  it('says a consumer\'s price includes VAT', () => {
    const consumer = { ...live(20), price: price(24.4, true) };
    expect(view({ live: consumer }).price).toMatchObject({ status: 'ready', vat: 'included', vatText: 'VAT included' });
  });

  it('puts no limit on a product that can be backordered', () => {
    const shown = view({ live: live(0, 10, { backorder: true }) });
    expect(shown.maxQty).toBeUndefined();
    expect(shown.stockLine.availability).toEqual({ state: 'backorder', text: 'Available to order' });
    expect(shown.addButton.disabled).toBe(false);
  });

  it('says a sold-out product is out of stock and cannot be added', () => {
    const shown = view({ live: live(0) });
    expect(shown.addButton).toEqual({ disabled: true, busy: false, text: 'Out of stock' });
    expect(shown.stockLine.availability).toEqual({ state: 'unavailable', text: 'Out of stock' });
    expect(shown.maxQty).toBe(1);
  });

  it('after a failed live call, shows the price this customer was last answered, from the cache', () => {
    const keys: string[] = [];
    const shown = view({
      liveStatus: 'failed',
      live: undefined,
      keptPrice: (key) => (keys.push(key), price(9.5)),
    });
    expect(keys).toEqual([priceCacheKey(3, 2, 7, null)]);
    expect(shown.live).toBe('unknown');
    expect(shown.price).toMatchObject({ status: 'cached', vat: 'excluded' });
    // Without live stock the API's cart rules decide: the button works, nothing is claimed.
    expect(shown.addButton.disabled).toBe(false);
    expect(shown.stockLine).toEqual({ checking: false, availability: null, inCart: null });
    expect(shown.stock).toBeUndefined();
  });

  it('after a failed live call with nothing cached, says the list price applies', () => {
    for (const liveStatus of ['failed', 'missing'] as const) {
      const shown = view({ liveStatus, live: undefined });
      expect(shown.price?.status).toBe('failed');
      expect(shown.price && 'text' in shown.price && spaces(shown.price.text)).toBe('We could not work out your price: the list price of €12.20 applies.');
    }
  });

  it('never reads the cache while live values are known or on their way', () => {
    let asked = 0;
    view({ keptPrice: () => (asked++, price(1)) });
    view({ liveStatus: 'loading', keptPrice: () => (asked++, price(1)) });
    expect(asked).toBe(0);
  });
});

describe('buyBoxView: versions', () => {
  const variants = [{ id: 71, price: 15 }, { id: 72, price: 18 }];
  const withVariants = live(20, 10, { variants: [variant(71, 0, 12), variant(72, 8, 14.5)] });

  it('asks for a version first: no price line, and the sold-out versions are marked', () => {
    const shown = view({ variants, live: withVariants });
    expect(shown.needsVariant).toBe(true);
    expect(shown.price).toBeNull();
    expect([...shown.soldOutVariants]).toEqual([71]);
  });

  it('shows the chosen version\'s own price, stock and sold-out state', () => {
    const dear = view({ variants, live: withVariants, variantId: 72 });
    expect(dear.needsVariant).toBe(false);
    expect(dear.price && 'amount' in dear.price && spaces(dear.price.amount)).toBe('€14.50');
    expect(dear.maxQty).toBe(8);
    const gone = view({ variants, live: withVariants, variantId: 71 });
    expect(gone.addButton).toMatchObject({ disabled: true, text: 'Out of stock' });
  });

  it('falls back to the chosen version\'s list price when the live values do not have it', () => {
    const shown = view({ variants, live: live(20), variantId: 72 });
    expect(shown.live).toBe('unknown');
    expect(shown.price && 'text' in shown.price && spaces(shown.price.text)).toContain('€18.00');
  });

  it('ignores a chosen id that is not one of the product\'s versions', () => {
    expect(view({ variants, live: withVariants, variantId: 999 }).needsVariant).toBe(true);
  });
});

describe('buyBoxView: the cart', () => {
  const rows = [
    { product: 7, variant: null, qty: 4 },
    { product: 7, variant: 72, qty: 9 },
    { product: 8, variant: null, qty: 1 },
  ];

  it('counts only the rows of this product and version', () => {
    expect(view({ cartRows: rows })).toMatchObject({ inCart: 4, stockLine: { inCart: '4 already in your cart' } });
    expect(view({ cartRows: rows, variants: [{ id: 72, price: 1 }], variantId: 72, live: live(20, 10, { variants: [variant(72, 20, 1)] }) }).inCart).toBe(9);
    expect(view({ cartRows: [] }).stockLine.inCart).toBeNull();
  });

  it('keeps the button usable while adding (busy, not disabled) and says so', () => {
    expect(view({ adding: true }).addButton).toEqual({ disabled: false, busy: true, text: 'Adding…' });
  });
});

describe('liveOf', () => {
  it('answers unknown for a failed call or a product the API does not have', () => {
    expect(liveOf('failed', live(3), null)).toEqual({ status: 'unknown' });
    expect(liveOf('missing', undefined, null)).toEqual({ status: 'unknown' });
  });
});

describe('buy box strings', () => {
  it('every string the script writes is in the JSON the page hands it, in every language', () => {
    const variants = [{ id: 71, price: 15 }];
    const scenes: Partial<BuyBoxInput>[] = [
      { liveStatus: 'loading', live: undefined, cartRows: [{ product: 7, qty: 2 }] },
      { live: live(3), cartRows: [{ product: 7, qty: 1 }] },
      { live: live(20) },
      { live: live(0, 10, { backorder: true }) },
      { live: live(0) },
      { live: { ...live(20), price: price(10, true) } },
      { liveStatus: 'failed', live: undefined },
      { liveStatus: 'failed', live: undefined, keptPrice: () => price(3) },
      { adding: true },
      { variants, live: live(20, 10, { variants: [variant(71, 0, 1)] }), variantId: 71 },
    ];
    for (const locale of LOCALES) {
      for (const scene of scenes) {
        const shown = view(scene, wordsIn(locale));
        const texts = [
          shown.price && 'text' in shown.price ? shown.price.text : null,
          shown.price && 'vatText' in shown.price ? shown.price.vatText : null,
          shown.stockLine.availability?.text,
          shown.stockLine.inCart,
          shown.addButton.text,
        ].filter((text): text is string => typeof text === 'string');
        for (const text of texts) expect(text, `${locale}: ${text}`).not.toMatch(/^(shop|product|errors)\.|{{/);
      }
    }
  });
});

describe('buyBoxView: the headline shows the customer\'s own price (ADR 0014)', () => {
  const withVersions = (over: Partial<BuyBoxInput> = {}) =>
    view({ product: { id: 7, price: 12.2 }, variants: [{ id: 71, price: 12.2 }, { id: 72, price: 24.4 }], live: live(20, 10, { variants: [variant(71, 9, 10), variant(72, 9, 18)] }), ...over });

  it('gives a business its net price of the chosen version, and of every version in the list', () => {
    const shown = withVersions({ variantId: 72 });
    expect(spaces(shown.headline!.amount)).toBe('€18.00');
    expect(shown.headline!.vatText).toBe('VAT excluded');
    expect(spaces(shown.price!.status === 'ready' ? shown.price!.amount : '')).toBe('€18.00');
    expect([...shown.variantPrices.entries()].map(([id, p]) => [id, spaces(p)])).toEqual([[71, '€10.00'], [72, '€18.00']]);
  });

  it("gives the product's own price while no version is chosen", () => {
    expect(spaces(withVersions().headline!.amount)).toBe('€10.00');
  });

  it('leaves the public price when the customer pays it with VAT (a consumer at list price)', () => {
    const consumer = view({ live: { ...live(20), price: price(12.2, true) } });
    expect(consumer.headline).toBeNull();
    const agreed = view({ live: { ...live(20), price: price(11, true) } });
    expect(spaces(agreed.headline!.amount)).toBe('€11.00');
    expect(agreed.headline!.vatText).toBe('VAT included');
  });

  it('says nothing for a visitor or while the live values are on their way', () => {
    expect(view({ session: { reason: 'no-session', customer: null, season: null } }).headline).toBeNull();
    expect(view({ liveStatus: 'loading', live: undefined }).headline).toBeNull();
    expect(view({ session: { reason: 'no-session', customer: null, season: null } }).variantPrices.size).toBe(0);
  });
});
