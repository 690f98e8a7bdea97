// What pressing "Add to cart" in the buy box does before any call: a version still to choose is
// said beside the box; a quantity the cart rules refuse is an error toast with the field marked,
// as on the cart page (spec section 8); otherwise the quantity goes to the cart store, whose
// own checks and the API's answer have the last word.
import type { T } from '../i18n/client-messages';
import { MAX_CART_QTY } from '../rules/cart';
import type { KnownStock } from '../stores/cart';

export interface AddInput {
  /** The quantity field's text, as typed. */
  qty: string;
  needsVariant: boolean;
  /** Units of this item the cart holds already. */
  inCart: number;
  stock: KnownStock | undefined;
}

export type AddDecision =
  /** Shown in the box (data-buy-error): nothing is wrong with the quantity. */
  | { kind: 'choose-version'; text: string }
  /** An error toast, and the quantity field marked invalid. */
  | { kind: 'refuse'; text: string }
  | { kind: 'add'; qty: number };

export function decideAdd(input: AddInput, t: T): AddDecision {
  if (input.needsVariant) return { kind: 'choose-version', text: t('shop.buyBox.chooseVersion') };
  const typed = input.qty.trim();
  const wanted = Number(typed);
  // Digits only: no sign, no decimals, no exponent ("1e3" is a number to the browser, not to a shopper).
  if (!/^\d+$/.test(typed) || wanted <= 0) return { kind: 'refuse', text: t('errors.negativeQuantity') };
  if (input.inCart + wanted > MAX_CART_QTY) return { kind: 'refuse', text: t('errors.limits.quantityTooLarge', { count: MAX_CART_QTY }) };
  const { stock } = input;
  if (stock && !stock.isBackorderable && wanted > stock.quantity) {
    return { kind: 'refuse', text: `${t('errors.quantityNotAvailable')}. ${t('shop.buyBox.maxQuantity', { count: Math.max(stock.quantity, 0) })}` };
  }
  return { kind: 'add', qty: wanted };
}
