import { describe, expect, it } from 'vitest';
import { parseOrderBy } from './ordering';
import { PRODUCT_ORDER_FIELDS } from './products';

describe('parseOrderBy', () => {
  it('reads field-direction, including fields with underscores', () => {
    expect(parseOrderBy('standard_price-desc', PRODUCT_ORDER_FIELDS)).toEqual({ ok: true, value: { field: 'standard_price', direction: 'desc' } });
    expect(parseOrderBy('name', PRODUCT_ORDER_FIELDS)).toEqual({ ok: true, value: { field: 'name', direction: 'asc' } });
  });
  it('rejects unknown fields and directions', () => {
    expect(parseOrderBy('price-asc', PRODUCT_ORDER_FIELDS).ok).toBe(false);
    expect(parseOrderBy('name-up', PRODUCT_ORDER_FIELDS).ok).toBe(false);
    expect(parseOrderBy('', PRODUCT_ORDER_FIELDS).ok).toBe(false);
  });
});
