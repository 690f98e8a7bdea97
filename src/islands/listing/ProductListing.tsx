// The product list island of /p and /c/:slug: filters, order, results and pages. The server
// renders it with the prerendered first page; in the browser it reads the address, loads the
// list the address asks for, and writes every change back to it (the back button works).
// Stock is not in the prerendered list: the cards read the live store, which every list answer
// (products/p/ carries stock) fills, so a listing page makes no separate live call.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import ProductCard from '../../components/listing/ProductCard';
import { call } from '../../lib/api/call';
import { sessionClient } from '../../lib/stores/session';
import type { Locale } from '../../lib/i18n/locales';
import type { CardProduct } from '../../lib/listing/card-product';
import { flattenCategories, SEASON_FIELD_KEY, visibleFilterFields, type CategoryOption, type FilterField } from '../../lib/listing/filter-options';
import { $seasonsEnabled, loadSeasons } from '../../lib/stores/seasons';
import { listingText, type ListingMessages } from '../../lib/listing/messages';
import { hasActiveFilters, listingHref, type ListingState } from '../../lib/listing/query-state';
import { $liveProducts, seedLiveProducts } from '../../lib/live/live-products';
import {
  $productList, clearFilters, goToPage, initProductList, productListStateFrom, reloadProducts, showListingQuery, type FetchProductPage, type WriteUrl,
} from '../../lib/stores/product-list';
import ActiveFilters from './ActiveFilters';
import FilterPanel from './FilterPanel';
import Pagination from './Pagination';
import SortSelect from './SortSelect';

export interface ProductListingProps {
  locale: Locale;
  /** "/p" or "/c/<slug>". */
  basePath: string;
  /** A category page's own category. */
  baseCategory: string | null;
  /** The h1 of /p (a search shows "Results for …" instead); null where the page has its own. */
  heading: string | null;
  initial: { products: CardProduct[]; count: number };
  /** Categories to filter by: the whole tree on /p, the subtree on a category page. */
  categories: CategoryOption[];
  customFields: FilterField[];
  messages: ListingMessages;
}

const writeUrl: WriteUrl = (href, mode) => {
  if (mode === 'push') window.history.pushState(null, '', href);
  else window.history.replaceState(window.history.state, '', href);
};

/** products/p/ as the list store asks for it; each answer's stock goes to the live store. */
function fetchPageSeedingLive(locale: Locale): FetchProductPage {
  // The session's client: a signed-in consumer's list is asked for in its own context (ADR 0015).
  return async (query) => {
    const result = await call(sessionClient(locale), 'listProducts', { query });
    if (result.ok) seedLiveProducts(result.data.results);
    return result;
  };
}

export default function ProductListing(props: ProductListingProps) {
  const { locale, basePath, baseCategory, heading, initial, categories, messages } = props;
  // The season filter only while seasons are switched on (off until the setting says so, on the
  // server too, so it never flashes in).
  const seasonsOn = useStore($seasonsEnabled);
  const customFields = useMemo(() => visibleFilterFields(props.customFields, seasonsOn), [props.customFields, seasonsOn]);
  useEffect(() => {
    if (props.customFields.some((f) => f.key === SEASON_FIELD_KEY)) void loadSeasons(locale);
  }, [locale, props.customFields]);
  const text = useMemo(() => listingText(locale, messages), [locale, messages]);
  const { t } = text;
  const serverState = useMemo(() => productListStateFrom(initial), [initial]);
  const live = useStore($productList);
  const liveProducts = useStore($liveProducts);
  // Until the store is filled in the browser, render exactly what the server rendered (stock
  // badges as placeholders, as the server has no live values).
  const [ready, setReady] = useState(false);
  const list = ready ? live : serverState;
  const { filters, page, pageCount, count, loading, error, products } = list;
  const listingState: ListingState = { filters, page };
  const rootRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const resultsTitleRef = useRef<HTMLHeadingElement>(null);
  const resultsTitleId = useId();
  const categoryNames = useMemo(() => new Map(flattenCategories(categories).map((c) => [c.slug, c.name])), [categories]);

  useEffect(() => {
    initProductList({
      locale,
      basePath,
      baseCategory,
      allowedCategories: baseCategory ? [...categoryNames.keys()] : undefined,
      initial,
      fetchPage: fetchPageSeedingLive(locale),
      writeUrl,
    });
    setReady(true);
    // The page marks itself as pending when its address asks for another list (see ListingSection.astro).
    rootRef.current?.closest('[data-listing-root]')?.removeAttribute('data-pending');
    void showListingQuery(window.location.search, { revalidate: true });
    const onPopState = () => void showListingQuery(window.location.search);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
    // Props of an island never change: this runs once.
  }, []);

  const searchTitle = filters.search ? t('listing.searchTitle', { search: filters.search }) : null;
  const originalTitle = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || heading === null) return;
    originalTitle.current ??= document.title;
    document.title = searchTitle ? `${searchTitle} | ${t('meta.siteName')}` : originalTitle.current;
  }, [ready, heading, searchTitle, t]);

  /** After a new page or cleared filters: bring the results into view and start reading there. */
  function focusResults() {
    const section = resultsRef.current;
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
    resultsTitleRef.current?.focus({ preventScroll: true });
  }

  const filtered = hasActiveFilters(filters);
  const status = loading
    ? t('listing.loading')
    : error
      ? ''
      : pageCount > 0
        ? `${text.count(count)} · ${t('listing.pageOf', { page, pageCount })}`
        : text.count(0);

  return (
    <div
      ref={rootRef}
      data-listing=""
      data-state={loading ? 'loading' : error ? 'error' : 'ready'}
      data-hydrated={ready ? '' : undefined}
      data-count={count}
    >
      {heading !== null && <h1 className="m-0 text-3xl font-bold text-secondary break-words">{searchTitle ?? heading}</h1>}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
        <FilterPanel basePath={basePath} subtree={baseCategory !== null} filters={filters} categories={categories} customFields={customFields} text={text} />
        <section ref={resultsRef} aria-labelledby={resultsTitleId} className="min-w-0 scroll-mt-4" data-listing-results="">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b-2 border-primary pb-2">
            <div className="flex flex-wrap items-baseline gap-x-3">
              <h2 id={resultsTitleId} ref={resultsTitleRef} tabIndex={-1} className="m-0 text-xl font-bold text-secondary focus:outline-none">
                {t('listing.results')}
              </h2>
              <p role="status" aria-atomic="true" className="m-0 text-sm text-muted" data-listing-status="">
                {status}
              </p>
            </div>
            <SortSelect orderBy={filters.orderBy} search={filters.search} text={text} />
          </div>
          <ActiveFilters
            filters={filters}
            categoryNames={categoryNames}
            customFields={customFields}
            text={text}
            onClearAll={() => void clearFilters().then(focusResults)}
          />
          {error ? (
            <div role="alert" className="mt-4 border-l-4 border-error bg-error-soft p-4" data-listing-error="">
              <p className="m-0 font-semibold text-ink">{t('errors.productsLoadFailed')}</p>
              <button type="button" className="btn-outline mt-3" onClick={() => void reloadProducts()}>
                {t('listing.retry')}
              </button>
            </div>
          ) : products.length === 0 && !loading ? (
            <div className="mt-4 border border-line bg-surface p-6 text-center" data-listing-empty="">
              <p className="m-0 text-lg">{filtered ? t('listing.empty') : t('listing.emptyUnfiltered')}</p>
              {filtered && (
                <button type="button" className="btn-primary mt-4" onClick={() => void clearFilters().then(focusResults)}>
                  {t('listing.clearFilters')}
                </button>
              )}
            </div>
          ) : (
            <ul
              aria-busy={loading}
              className={`m-0 mt-4 grid list-none grid-cols-2 gap-3 p-0 md:grid-cols-3 transition-opacity ${loading ? 'opacity-60' : ''}`}
            >
              {products.map((product, i) => (
                <li key={product.slug} className="flex">
                  <ProductCard product={product} text={text} eager={i < 4} stock={(ready && liveProducts[product.id]?.stock_state) || 'pending'} />
                </li>
              ))}
            </ul>
          )}
          {!error && (
            <Pagination
              page={page}
              pageCount={pageCount}
              hrefOf={(p) => listingHref(basePath, { ...listingState, page: p })}
              onNavigate={(p) => void goToPage(p).then(focusResults)}
              text={text}
            />
          )}
        </section>
      </div>
    </div>
  );
}
