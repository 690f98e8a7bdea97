import { describe, expect, it } from 'vitest';
import { productBlockMoreHref, productBlockQuery } from './page-builder-products';

describe('product blocks', () => {
  it('ask by custom field or by category with its subcategories', () => {
    expect(productBlockQuery({ type: 'products', title: 'x', customField: { key: 'shop', value: 'bestseller' }, limit: 8 })).toEqual({
      page_size: 8,
      custom_field: 'shop:bestseller',
    });
    expect(productBlockQuery({ type: 'products', title: 'x', category: 'enologia' })).toEqual({
      page_size: 8,
      categories: 'enologia',
      include_cat_descendants: true,
    });
  });

  it('keep the limit within bounds', () => {
    expect(productBlockQuery({ type: 'products', title: 'x', limit: 500 }).page_size).toBe(24);
    expect(productBlockQuery({ type: 'products', title: 'x', limit: 0 }).page_size).toBe(1);
  });

  it('link "see all" to the category or the filtered listing', () => {
    expect(productBlockMoreHref({ type: 'products', title: 'x', category: 'enologia' })).toBe('/c/enologia');
    expect(productBlockMoreHref({ type: 'products', title: 'x', customField: { key: 'shop', value: 'new' } })).toBe('/p?custom_field=shop:new');
    expect(productBlockMoreHref({ type: 'products', title: 'x' })).toBeNull();
  });
});
