// Server side (pages): the message areas an island needs, for its props.
import { AVAILABILITY_KEYS } from '../rules/stock';
import type { Locale } from './locales';
import { MESSAGES, messagesOf } from './i18n';
import { pickMessages, pickPaths, type MessageArea, type MessageTree } from './client-messages';

export const islandMessages = (locale: Locale, areas: readonly MessageArea[]): MessageTree =>
  pickMessages(MESSAGES as Record<Locale, MessageTree>, locale, areas);

/**
 * An island's areas and the one availability text per stock state (`product.stock.*`, chosen by
 * src/lib/rules/stock.ts), for the islands that say availability outside the product area: the
 * buy box, the cart and the wishlist say it in the same words as the listing.
 */
export const islandMessagesWithAvailability = (locale: Locale, areas: readonly MessageArea[]): MessageTree => ({
  ...islandMessages(locale, areas),
  ...pickPaths(messagesOf(locale), AVAILABILITY_KEYS),
});
