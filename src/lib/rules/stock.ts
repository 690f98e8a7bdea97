// Stock states shown to shoppers, decided the same way by the API and the islands, and the one
// text each state reads as: the listing card, the product page (badge and buy box), the cart row
// and the wishlist all say `availabilityKey(state)` of the same live figure (the stock less what
// other carts hold, as the API answers it), never a text of their own.
import type { StockState } from '../contract/products';

/** At or below this many units a product counts as low in stock. */
export const LOW_STOCK_THRESHOLD = 5;

export function stockState(quantity: number, isBackorderable: boolean): StockState {
  if (quantity > LOW_STOCK_THRESHOLD) return 'available';
  if (quantity > 0) return 'low';
  return isBackorderable ? 'backorder' : 'unavailable';
}

/** The message key of a state's text: one set of keys (`product.stock.*`) for every place. */
export const availabilityKey = (state: StockState) => `product.stock.${state}` as const;

/** Every key `availabilityKey` can answer, for islands that take only the strings they need. */
export const AVAILABILITY_KEYS = [
  availabilityKey('available'),
  availabilityKey('low'),
  availabilityKey('backorder'),
  availabilityKey('unavailable'),
] as const;

export interface Availability {
  state: StockState;
  key: ReturnType<typeof availabilityKey>;
}

/** What a shopper is told about a live figure: its state and the key of the one text for it. */
export function availability(quantity: number, isBackorderable: boolean): Availability {
  const state = stockState(quantity, isBackorderable);
  return { state, key: availabilityKey(state) };
}
