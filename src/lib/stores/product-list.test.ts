import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Query } from '../api/client';
import { fail, ok } from '../api/result';
import type { ProductSummary } from '../contract/products';
import type { CardProduct } from '../listing/card-product';
import {
  $productList, applyFilters, clearFilters, goToPage, initProductList, reloadProducts, showListingQuery, type FetchProductPage,
} from './product-list';

const summary = (id: number): ProductSummary => ({
  id,
  code: `ENO-${id}`,
  slug: `product-${id}`,
  name: `Product ${id}`,
  title: `Product ${id}`,
  summary: '',
  brand: 'Brand',
  price: { standard_price: id, special_price: null },
  vat_rate: 22,
  quantity: 5,
  is_backorderable: false,
  stock_state: 'available',
  unit: 'pz',
  image: null,
  custom_fields: [{ key: 'shop', value: 'bestseller', localized_value: 'Più venduti' }],
  has_variants: false,
  create_date: '2026-01-01T00:00:00Z',
  write_date: '2026-01-01T00:00:00Z',
});
const card = (id: number): CardProduct => ({
  id, slug: `product-${id}`, code: `ENO-${id}`, name: `Product ${id}`, brand: 'Brand',
  price: { standard_price: id, special_price: null }, image: null, shop: null,
});

/** A fake API with `total` products, answering pages of 12. */
function fakeApi(total: number) {
  const queries: Query[] = [];
  const fetchPage = vi.fn<FetchProductPage>(async (query) => {
    queries.push(query);
    const page = Number(query.page);
    const from = (page - 1) * 12;
    const ids = Array.from({ length: Math.max(0, Math.min(12, total - from)) }, (_, i) => from + i + 1);
    return ok({ results: ids.map(summary), count: total });
  });
  return { fetchPage, queries };
}

let urls: [string, string][];
const writeUrl = (href: string, mode: 'push' | 'replace') => void urls.push([mode, href]);

function start(total = 162, extra: Partial<Parameters<typeof initProductList>[0]> = {}) {
  const api = fakeApi(total);
  initProductList({
    locale: 'it',
    basePath: '/p',
    initial: { products: [card(1), card(2)], count: total },
    fetchPage: api.fetchPage,
    writeUrl,
    ...extra,
  });
  return api;
}

beforeEach(() => {
  urls = [];
});

describe('product list store', () => {
  it('starts from the prerendered page: 12 per page, page count from the count', () => {
    start(162);
    expect($productList.get()).toMatchObject({ page: 1, pageSize: 12, count: 162, pageCount: 14, loading: false, error: false });
    expect($productList.get().products.map((p) => p.slug)).toEqual(['product-1', 'product-2']);
  });

  it('does not fetch when the address asks for the prerendered list', async () => {
    const api = start();
    await showListingQuery('?lan=en');
    expect(api.fetchPage).not.toHaveBeenCalled();
    expect(urls).toEqual([]);
  });

  it('checks the prerendered list once when asked to revalidate, without a loading flash', async () => {
    // A product was added after the build: the API has one more than the prerendered page.
    const api = start(163, { initial: { products: [card(1), card(2)], count: 162 } });
    const seen: boolean[] = [];
    const stop = $productList.listen((s) => seen.push(s.loading));
    await showListingQuery('?lan=en', { revalidate: true });
    stop();
    expect(api.queries).toEqual([{ page: 1, page_size: 12, order_by: 'name-asc' }]);
    expect(seen.every((loading) => !loading)).toBe(true);
    expect($productList.get()).toMatchObject({ count: 163, pageCount: 14 });
    expect($productList.get().products).toHaveLength(12);
    expect(urls).toEqual([]);
  });

  it('shows the list an address asks for, without a new history entry', async () => {
    const api = start();
    await showListingQuery('?search=lievito&order_by=standard_price-asc&page=2');
    expect(api.queries).toEqual([{ page: 2, page_size: 12, order_by: 'standard_price-asc', search: 'lievito' }]);
    expect($productList.get()).toMatchObject({ page: 2, loading: false, filters: { search: 'lievito' } });
    expect($productList.get().products[0]!.slug).toBe('product-13');
    expect($productList.get().products[0]!.shop).toBe('bestseller');
    expect(urls).toEqual([]);
  });

  it('replaces an address with invalid parameters by its valid part', async () => {
    start();
    await showListingQuery('?order_by=price-up&search=tappi');
    expect(urls).toEqual([['replace', '/p?search=tappi']]);
  });

  it('goes back to page 1 on a filter change and pushes the address', async () => {
    const api = start();
    await goToPage(3);
    await applyFilters({ customFields: [{ key: 'shop', value: 'bestseller' }] });
    expect($productList.get().page).toBe(1);
    expect(api.queries.at(-1)).toMatchObject({ page: 1, custom_field: ['shop:bestseller'] });
    expect(urls).toEqual([
      ['push', '/p?page=3'],
      ['push', '/p?custom_field=shop:bestseller'],
    ]);
  });

  it('sets the loading flag around the call', async () => {
    const api = start();
    let seen: boolean | undefined;
    api.fetchPage.mockImplementationOnce(async () => {
      seen = $productList.get().loading;
      return ok({ results: [], count: 0 });
    });
    await applyFilters({ search: 'nulla' });
    expect(seen).toBe(true);
    expect($productList.get()).toMatchObject({ loading: false, count: 0, pageCount: 0, products: [] });
  });

  it('shows the last page when the asked page is past the end', async () => {
    const api = start(30);
    await showListingQuery('?page=9');
    expect(api.queries.map((q) => q.page)).toEqual([9, 3]);
    expect($productList.get()).toMatchObject({ page: 3, pageCount: 3 });
    expect($productList.get().products).toHaveLength(6);
    expect(urls).toEqual([['replace', '/p?page=3']]);
  });

  it('goes back to page 1 when nothing matches', async () => {
    const api = start(0);
    await showListingQuery('?search=nulla&page=4');
    expect(api.queries.map((q) => q.page)).toEqual([4]);
    expect($productList.get()).toMatchObject({ page: 1, pageCount: 0, count: 0, loading: false });
    expect(urls).toEqual([['replace', '/p?search=nulla']]);
  });

  it('keeps only the latest answer when calls overlap', async () => {
    const api = start();
    let releaseSlow: () => void = () => {};
    api.fetchPage.mockImplementationOnce(
      () => new Promise((resolve) => (releaseSlow = () => resolve(ok({ results: [summary(99)], count: 1 })))),
    );
    const slow = applyFilters({ search: 'slow' });
    await applyFilters({ search: 'fast' });
    releaseSlow();
    await slow;
    expect($productList.get().filters.search).toBe('fast');
    expect($productList.get().count).toBe(162);
  });

  it('flags an error, and loads again on retry', async () => {
    const api = start();
    api.fetchPage.mockResolvedValueOnce(fail(500, 'Unknown server error'));
    await applyFilters({ search: 'x' });
    expect($productList.get()).toMatchObject({ error: true, loading: false, products: [] });
    await reloadProducts();
    expect($productList.get()).toMatchObject({ error: false, count: 162 });
  });

  it('clears the filters but keeps the order', async () => {
    start();
    await showListingQuery('?search=x&price_min=3&order_by=create_date-desc');
    await clearFilters();
    expect(urls.at(-1)).toEqual(['push', '/p?order_by=create_date-desc']);
    expect($productList.get().filters).toMatchObject({ search: '', price: { min: null, max: null } });
  });

  it('restricts a category page to its category and the ones below it', async () => {
    const api = start(66, { basePath: '/c/enologia', baseCategory: 'enologia', allowedCategories: ['tappatrici'] });
    await showListingQuery('?categories=luppoli&page=2');
    expect(api.queries.at(-1)).toMatchObject({ categories: ['enologia'], include_cat_descendants: true, page: 2 });
    expect(urls).toEqual([['replace', '/c/enologia?page=2']]);
    await applyFilters({ categories: ['tappatrici'] });
    expect(api.queries.at(-1)).toMatchObject({ categories: ['tappatrici'], page: 1 });
    expect(urls.at(-1)).toEqual(['push', '/c/enologia?categories=tappatrici']);
  });
});
