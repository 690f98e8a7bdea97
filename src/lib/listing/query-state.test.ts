import { describe, expect, it } from 'vitest';
import { PRICE_TYPES as CONTRACT_PRICE_TYPES, PRODUCT_LIST_PAGE_SIZE, PRODUCT_ORDER_FIELDS } from '../contract/products';
import {
  clearedFilters, defaultListingState, hasActiveFilters, listingHref, listingSearchParams, MAX_PAGE, parseAmount,
  ORDER_FIELDS, PAGE_SIZE, parseCustomField, parseListingQuery, PRICE_TYPES, sameListingState, withFilters,
} from './query-state';

it('repeats the contract’s order fields, price types and page size', () => {
  expect(ORDER_FIELDS).toEqual(PRODUCT_ORDER_FIELDS);
  expect(PRICE_TYPES).toEqual(CONTRACT_PRICE_TYPES);
  expect(PAGE_SIZE).toBe(PRODUCT_LIST_PAGE_SIZE);
});

describe('parseListingQuery', () => {
  it('reads the default list from an empty query', () => {
    expect(parseListingQuery('')).toEqual({ state: defaultListingState(), dropped: [] });
  });

  it('reads every filter, with the API parameter names', () => {
    const { state, dropped } = parseListingQuery(
      '?search=%20lievito%20%20rosso%20&categories=enologia&categories=luppoli&include_cat_descendants=false' +
        '&custom_field=shop:bestseller&price_type=special&price_min=10&price_max=49,9&order_by=standard_price-desc&page=3',
    );
    expect(dropped).toEqual([]);
    expect(state).toEqual({
      page: 3,
      filters: {
        search: 'lievito rosso',
        categories: ['enologia', 'luppoli'],
        includeDescendants: false,
        customFields: [{ key: 'shop', value: 'bestseller' }],
        price: { type: 'special', min: 10, max: 49.9 },
        orderBy: { field: 'standard_price', direction: 'desc' },
      },
    });
  });

  it('accepts comma-separated categories and a bare custom field key', () => {
    const { state } = parseListingQuery('categories=luppoli,enologia&custom_field=season');
    expect(state.filters.categories).toEqual(['enologia', 'luppoli']);
    expect(state.filters.customFields).toEqual([{ key: 'season' }]);
  });

  it('rejects unknown order fields and directions (spec section 5)', () => {
    for (const raw of ['price-asc', 'name-up', 'id-desc', 'stock']) {
      const { state, dropped } = parseListingQuery(`order_by=${raw}`);
      expect(state.filters.orderBy, raw).toEqual({ field: 'name', direction: 'asc' });
      expect(dropped).toEqual(['order_by']);
    }
    expect(parseListingQuery('order_by=write_date').state.filters.orderBy).toEqual({ field: 'write_date', direction: 'asc' });
  });

  it('clamps the page and names a page it had to correct', () => {
    expect(parseListingQuery('page=0')).toMatchObject({ state: { page: 1 }, dropped: ['page'] });
    expect(parseListingQuery('page=-4')).toMatchObject({ state: { page: 1 }, dropped: ['page'] });
    expect(parseListingQuery('page=two')).toMatchObject({ state: { page: 1 }, dropped: ['page'] });
    expect(parseListingQuery('page=99999999')).toMatchObject({ state: { page: MAX_PAGE }, dropped: ['page'] });
    expect(parseListingQuery('page=7')).toMatchObject({ state: { page: 7 }, dropped: [] });
  });

  it('drops invalid price types, amounts, custom fields and category slugs', () => {
    const { state, dropped } = parseListingQuery('price_type=cheap&price_min=-3&price_max=1e5&custom_field=:new&categories=Not%20a%20slug');
    expect(state).toEqual(defaultListingState());
    expect(dropped.sort()).toEqual(['categories', 'custom_field', 'price_max', 'price_min', 'price_type']);
  });

  it('swaps a minimum above the maximum and forgets a price type without bounds', () => {
    expect(parseListingQuery('price_min=50&price_max=10').state.filters.price).toEqual({ type: 'standard', min: 10, max: 50 });
    expect(parseListingQuery('price_type=special').state.filters.price).toEqual({ type: 'standard', min: null, max: null });
  });

  it('keeps only the allowed categories on a category page', () => {
    const allowed = new Set(['tappi-in-sughero', 'tappatrici']);
    const { state, dropped } = parseListingQuery('categories=tappatrici&categories=luppoli', { allowedCategories: allowed });
    expect(state.filters.categories).toEqual(['tappatrici']);
    expect(dropped).toEqual(['categories']);
  });

  it('ignores parameters that are not the list’s (lan)', () => {
    expect(parseListingQuery('lan=en&utm_source=x')).toEqual({ state: defaultListingState(), dropped: [] });
  });
});

describe('query string of a state', () => {
  it('leaves the defaults out', () => {
    expect(listingHref('/p', defaultListingState())).toBe('/p');
    expect(listingHref('/c/enologia', { ...defaultListingState(), page: 2 })).toBe('/c/enologia?page=2');
  });

  it('round-trips through parseListingQuery', () => {
    const href = '/p?search=lievito&categories=enologia&include_cat_descendants=false&custom_field=shop:bestseller' +
      '&price_type=special&price_min=10.00&price_max=20.50&order_by=standard_price-asc&page=2';
    const { state } = parseListingQuery(href.slice(3));
    expect(listingHref('/p', state)).toBe(href);
    expect(parseListingQuery(listingSearchParams(state)).state).toEqual(state);
  });

  it('spells equal states the same whatever the order of the parameters', () => {
    const a = parseListingQuery('categories=b&categories=a&custom_field=shop:new&custom_field=season:x').state;
    const b = parseListingQuery('custom_field=season:x&categories=a&custom_field=shop:new&categories=b').state;
    expect(sameListingState(a, b)).toBe(true);
    expect(sameListingState(a, { ...a, page: 2 })).toBe(false);
  });
});

describe('changing filters', () => {
  it('goes back to page 1 (spec section 4)', () => {
    const next = withFilters({ ...defaultListingState(), page: 5 }, { search: 'tappi' });
    expect(next.page).toBe(1);
    expect(next.filters.search).toBe('tappi');
  });

  it('clears every filter but keeps the order', () => {
    const { state } = parseListingQuery('search=x&categories=enologia&price_min=1&order_by=create_date-desc');
    expect(hasActiveFilters(state.filters)).toBe(true);
    const cleared = clearedFilters(state.filters);
    expect(hasActiveFilters(cleared)).toBe(false);
    expect(cleared.orderBy).toEqual({ field: 'create_date', direction: 'desc' });
  });
});

describe('small parsers', () => {
  it('reads amounts with a dot or a comma, two decimals at most', () => {
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount(' 12.50 ')).toBe(12.5);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('12.505')).toBeNull();
    expect(parseAmount('1.000,00')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('requires a custom field key', () => {
    expect(parseCustomField('shop:bestseller')).toEqual({ key: 'shop', value: 'bestseller' });
    expect(parseCustomField('shop:')).toEqual({ key: 'shop' });
    expect(parseCustomField(':bestseller')).toBeNull();
    expect(parseCustomField('sh op:x')).toBeNull();
  });
});

describe('the order of a search (issue 14, item 21)', () => {
  it('lists a search most relevant first unless an order is chosen, and keeps that out of the address', () => {
    const searched = parseListingQuery('search=lievito').state;
    expect(searched.filters.orderBy).toEqual({ field: 'relevance', direction: 'desc' });
    expect(listingHref('/p', searched)).toBe('/p?search=lievito');
    const chosen = parseListingQuery('search=lievito&order_by=name-asc').state;
    expect(listingHref('/p', chosen)).toBe('/p?search=lievito&order_by=name-asc');
    // Without a search relevance has no meaning: the name order.
    expect(parseListingQuery('order_by=relevance-desc').state.filters.orderBy).toEqual({ field: 'name', direction: 'asc' });
  });

  it('takes the default order of a new search, and keeps a chosen one', () => {
    const typed = withFilters(defaultListingState(), { search: 'tappi' });
    expect(typed.filters.orderBy.field).toBe('relevance');
    expect(withFilters(typed, { search: '' }).filters.orderBy.field).toBe('name');
    const byPrice = withFilters(defaultListingState(), { orderBy: { field: 'standard_price', direction: 'asc' } });
    expect(withFilters(byPrice, { search: 'tappi' }).filters.orderBy.field).toBe('standard_price');
  });
});
