import { describe, expect, it } from 'vitest';
import { addToRow, cartQuantityProblem, MAX_CART_QTY, type RowAddition } from './cart';

const base: RowAddition = { add: 3, rowQty: 0, current: 0, stock: 10, heldByOthers: 0, isBackorderable: false };
const add = (over: Partial<RowAddition>) => addToRow({ ...base, ...over });

describe('addToRow', () => {
  it('adds everything the stock allows', () => {
    expect(add({})).toEqual({ qty: 3, added: 3, limitedBy: null });
    expect(add({ rowQty: 4, current: 4 })).toEqual({ qty: 7, added: 3, limitedBy: null });
  });
  it('adds part when the stock less other carts is short, nothing when it is gone', () => {
    expect(add({ add: 8, heldByOthers: 4 })).toEqual({ qty: 6, added: 6, limitedBy: 'stock' });
    expect(add({ add: 5, rowQty: 8, current: 8 })).toEqual({ qty: 10, added: 2, limitedBy: 'stock' });
    expect(add({ add: 1, stock: 0 })).toEqual({ qty: 0, added: 0, limitedBy: 'stock' });
  });
  it('never lowers a row the stock no longer covers', () => {
    expect(add({ add: 2, rowQty: 12, current: 0 })).toEqual({ qty: 12, added: 0, limitedBy: 'stock' });
  });
  it('has no stock limit for backorderable items, only MAX_CART_QTY', () => {
    expect(add({ add: 50, stock: 0, isBackorderable: true })).toEqual({ qty: 50, added: 50, limitedBy: null });
    expect(add({ add: 10, rowQty: MAX_CART_QTY - 4, current: MAX_CART_QTY - 4, isBackorderable: true })).toEqual({ qty: MAX_CART_QTY, added: 4, limitedBy: 'row_limit' });
  });
  it('agrees with the stock check of a quantity change', () => {
    for (const rowQty of [0, 2, 9]) {
      for (const held of [0, 3, 12]) {
        for (const fresh of [true, false]) {
          const a = { ...base, add: 20, rowQty, current: fresh ? rowQty : 0, heldByOthers: held };
          const r = addToRow(a);
          if (r.added === 0) continue;
          const problem = cartQuantityProblem({ requested: r.qty, current: a.current, stock: a.stock, heldByOthers: held, rowsHoldStock: true, isBackorderable: false });
          expect(problem).toBeNull();
          expect(cartQuantityProblem({ requested: r.qty + 1, current: a.current, stock: a.stock, heldByOthers: held, rowsHoldStock: true, isBackorderable: false })).toBe('quantity_not_available');
        }
      }
    }
  });
});
