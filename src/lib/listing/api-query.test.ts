import { describe, expect, it } from 'vitest';
import { productListQuery } from './api-query';
import { defaultListingState, parseListingQuery } from './query-state';

describe('productListQuery', () => {
  it('asks for 12 products of a page in the default order', () => {
    expect(productListQuery(defaultListingState())).toEqual({ page: 1, page_size: 12, order_by: 'name-asc' });
  });

  it('passes every filter in the API’s spelling', () => {
    const { state } = parseListingQuery(
      'search=tappi&categories=enologia&custom_field=shop:bestseller&price_type=special&price_min=5&price_max=20&order_by=special_price-desc&page=2',
    );
    expect(productListQuery(state)).toEqual({
      page: 2,
      page_size: 12,
      order_by: 'special_price-desc',
      categories: ['enologia'],
      include_cat_descendants: true,
      custom_field: ['shop:bestseller'],
      price_type: 'special',
      price_min: '5.00',
      price_max: '20.00',
      search: 'tappi',
    });
  });

  it('restricts a category page to its category with descendants, unless subcategories are chosen', () => {
    expect(productListQuery(defaultListingState(), { baseCategory: 'enologia' })).toMatchObject({
      categories: ['enologia'],
      include_cat_descendants: true,
    });
    const { state } = parseListingQuery('categories=tappatrici&include_cat_descendants=false');
    expect(productListQuery(state, { baseCategory: 'enologia' })).toMatchObject({
      categories: ['tappatrici'],
      include_cat_descendants: false,
    });
  });
});
