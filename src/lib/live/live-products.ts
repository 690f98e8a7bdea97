// Live values of products (stock, availability, the price for the signed-in customer), which
// static pages do not carry. Whatever on a page asks for products in the same tick (the static
// badge filler, the buy box) is fetched with ONE call to products/live/ (chunks of 100 ids),
// for the session's customer and season; a change of customer or season fetches them again.
// A failed call leaves the products neutral ("failed"): nothing is thrown, nothing is guessed.
import { map } from 'nanostores';
import { call } from '../api/call';
import type { Query } from '../api/client';
import { fail, type ApiResult } from '../api/result';
import type { LiveProductValues, LiveValuesAnswer } from '../contract/live-values';
import type { ProductSummary } from '../contract/products';
import { shownPrice } from '../rules/vat-display';
import { keepPrice, priceCacheKey } from '../cache/price-cache';
import { $session, $shopFor, sessionClient } from '../stores/session';

const livePriceShown = (net: number, vatRate: number, vatIncluded: boolean) => ({ vat_rate: vatRate, vat_included: vatIncluded, shown_price: shownPrice(net, vatRate, vatIncluded).amount });

/** Ids per call: the API's limit (MAX_LIVE_IDS in contract/live-values.ts; a test keeps them equal). */
export const LIVE_CHUNK_SIZE = 100;

/**
 * Live values by product id. `variants` is null when the values came from a product list
 * (products/p/, which has no variants); its price is then the public one.
 */
export type LiveProduct = Omit<LiveProductValues, 'variants'> & { variants: LiveProductValues['variants'] | null };

/** loading: asked for; ready: values known; missing: no such published product; failed: the call failed. */
export type LiveStatus = 'loading' | 'ready' | 'missing' | 'failed';

export const $liveProducts = map<Record<string, LiveProduct>>({});
export const $liveStatus = map<Record<string, LiveStatus>>({});

export type FetchLive = (query: Query) => Promise<ApiResult<LiveValuesAnswer>>;

const defaultFetch: FetchLive = (query) => call(sessionClient(), 'getLiveValues', { query });
const defaultSchedule = (run: () => void) => void setTimeout(run, 0);

let fetchLive: FetchLive = defaultFetch;
let schedule: (run: () => void) => void = defaultSchedule;
const queued = new Set<number>();
let flushScheduled = false;
/** Bumped when the customer or season changes: answers of older calls are dropped. */
let generation = 0;
let stopWatchingSession: (() => void) | null = null;

/** Tests swap the call and the scheduler; `reset` empties the stores and the queue and restores the defaults. */
export function configureLiveLoader(options: { fetchLive?: FetchLive; schedule?: (run: () => void) => void; reset?: boolean }): void {
  if (options.reset) {
    fetchLive = defaultFetch;
    schedule = defaultSchedule;
  }
  if (options.fetchLive) fetchLive = options.fetchLive;
  if (options.schedule) schedule = options.schedule;
  if (options.reset) {
    queued.clear();
    flushScheduled = false;
    generation++;
    $liveProducts.set({});
    $liveStatus.set({});
    stopWatchingSession?.();
    stopWatchingSession = null;
  }
}

/** What the call adds for a signed-in customer: its id and season, as the price route takes them. */
function sessionQuery(): Query {
  const s = $session.get();
  if (s.reason !== 'valid' || !s.customer) return {};
  return { customer: s.customer.id, ...(s.season ? { season: s.season } : {}) };
}

function watchSession(): void {
  if (stopWatchingSession) return;
  // listen(): not called for the current value, only for changes.
  stopWatchingSession = $shopFor.listen(() => refetchAll());
}

/** Fetches every product known so far again (the customer or season changed). */
export function refetchAll(): void {
  generation++;
  const ids = Object.keys($liveStatus.get()).map(Number);
  queued.clear();
  enqueue(ids);
}

function enqueue(ids: number[]): void {
  if (ids.length === 0) return;
  const status = { ...$liveStatus.get() };
  for (const id of ids) {
    queued.add(id);
    status[id] = 'loading';
  }
  $liveStatus.set(status);
  if (!flushScheduled) {
    flushScheduled = true;
    schedule(() => void flush());
  }
}

/**
 * Asks for the live values of these products. Ids already known, or on their way, are not asked
 * again; with `complete`, values that came from a product list (no variants, public price) are.
 * Never throws; a failed call is not retried until the customer or season changes.
 */
export function requestLiveProducts(ids: Iterable<number>, options: { complete?: boolean } = {}): void {
  watchSession();
  const status = $liveStatus.get();
  const values = $liveProducts.get();
  const wanted: number[] = [];
  for (const id of new Set(ids)) {
    if (!Number.isInteger(id) || id <= 0 || queued.has(id)) continue;
    const current = status[id];
    if (current === 'loading' || current === 'missing' || current === 'failed') continue;
    if (current === 'ready' && (!options.complete || values[id]?.variants !== null)) continue;
    wanted.push(id);
  }
  enqueue(wanted);
}

async function flush(): Promise<void> {
  flushScheduled = false;
  const ids = [...queued];
  queued.clear();
  const asked = generation;
  const query = sessionQuery();
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += LIVE_CHUNK_SIZE) chunks.push(ids.slice(i, i + LIVE_CHUNK_SIZE));
  await Promise.all(
    chunks.map(async (chunk) => {
      let result: ApiResult<LiveValuesAnswer>;
      try {
        result = await fetchLive({ ...query, ids: chunk.join(',') });
      } catch {
        result = fail(0, 'failed');
      }
      if (asked !== generation) return;
      const status = { ...$liveStatus.get() };
      if (!result.ok) {
        for (const id of chunk) status[id] = 'failed';
        $liveStatus.set(status);
        return;
      }
      const found = new Map(result.data.results.map((p) => [p.id, p]));
      const values = { ...$liveProducts.get() };
      for (const id of chunk) {
        const live = found.get(id);
        if (live) values[id] = live;
        status[id] = live ? 'ready' : 'missing';
      }
      $liveProducts.set(values);
      $liveStatus.set(status);
      keepCustomerPrices(query, result.data.results);
    }),
  );
}

/** The customer's prices go to the price cache (a later failed call falls back to them). */
function keepCustomerPrices(query: Query, results: LiveValuesAnswer['results']): void {
  const customer = Number(query.customer);
  if (!customer) return;
  const season = query.season === undefined ? null : Number(query.season);
  for (const p of results) {
    keepPrice(priceCacheKey(customer, season, p.id), p.price);
    for (const v of p.variants) keepPrice(priceCacheKey(customer, season, p.id, v.id), v.price);
  }
}

/**
 * Fills the store from a product list the page fetched anyway (products/p/ answers stock too),
 * so listing pages need no live call. A product's variants and customer's price, when already
 * known, are kept.
 */
function publicLivePrice(price: ProductSummary['price'], vatRate: number): LiveProductValues['price'] {
  const net = price.price ?? price.special_price ?? price.standard_price;
  return { standard_price: price.standard_price, special_price: price.special_price, price: net, ...livePriceShown(net, vatRate, true) };
}

export function seedLiveProducts(list: readonly Pick<ProductSummary, 'id' | 'quantity' | 'is_backorderable' | 'stock_state' | 'price' | 'vat_rate'>[]): void {
  if (list.length === 0) return;
  const values = { ...$liveProducts.get() };
  const status = { ...$liveStatus.get() };
  for (const p of list) {
    const known = values[p.id];
    const stock = { quantity: p.quantity, is_backorderable: p.is_backorderable, stock_state: p.stock_state };
    values[p.id] = known
      ? { ...known, ...stock }
      : {
          id: p.id,
          ...stock,
          // The list's price is the public one, shown as the public sees it (VAT included).
          price: publicLivePrice(p.price, p.vat_rate),
          variants: null,
        };
    // An answer on its way (the customer's price, variants) still lands; otherwise it is ready.
    if (status[p.id] !== 'loading') status[p.id] = 'ready';
  }
  $liveProducts.set(values);
  $liveStatus.set(status);
}
