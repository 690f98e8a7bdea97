// The strings the buy box script writes itself (the rest of the box is server-rendered), in the
// page's language: BuyBox.astro hands exactly these to the script in a JSON block. Plural
// messages are listed with every form the catalogues hold.
import type { MessagePath } from '../i18n/client-messages';
import { AVAILABILITY_KEYS } from '../rules/stock';

export const BUY_BOX_MESSAGE_PATHS: readonly MessagePath[] = [
  'shop.buyBox.priceLoading',
  'shop.buyBox.priceFallback',
  'shop.buyBox.chooseVersion',
  'shop.buyBox.checkingStock',
  'shop.buyBox.inCart_one',
  'shop.buyBox.inCart_other',
  'shop.buyBox.maxQuantity_one',
  'shop.buyBox.maxQuantity_other',
  'shop.buyBox.addToCart',
  'shop.buyBox.adding',
  'shop.buyBox.soldOut',
  'shop.vat.included',
  'shop.vat.excluded',
  'errors.negativeQuantity',
  'errors.quantityNotAvailable',
  'errors.network',
  'errors.limits.quantityTooLarge_one',
  'errors.limits.quantityTooLarge_other',
  ...AVAILABILITY_KEYS,
];
