// Server side (pages): the message areas an island needs, for its props.
import type { Locale } from './locales';
import { MESSAGES } from './i18n';
import { pickMessages, type MessageTree } from './client-messages';

export const islandMessages = (locale: Locale, areas: readonly string[]): MessageTree =>
  pickMessages(MESSAGES as unknown as Record<Locale, MessageTree>, locale, areas);
