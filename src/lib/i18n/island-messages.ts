// Server side (pages): the message areas an island needs, for its props.
import type { Locale } from './locales';
import { MESSAGES } from './i18n';
import { pickMessages, type MessageArea, type MessageTree } from './client-messages';

export const islandMessages = (locale: Locale, areas: readonly MessageArea[]): MessageTree =>
  pickMessages(MESSAGES as Record<Locale, MessageTree>, locale, areas);
