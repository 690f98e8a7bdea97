// Stock states shown to shoppers, decided the same way by the API and the islands.
import type { StockState } from '../contract/products';

/** At or below this many units a product counts as low in stock. */
export const LOW_STOCK_THRESHOLD = 5;

export function stockState(quantity: number, isBackorderable: boolean): StockState {
  if (quantity > LOW_STOCK_THRESHOLD) return 'available';
  if (quantity > 0) return 'low';
  return isBackorderable ? 'backorder' : 'unavailable';
}
