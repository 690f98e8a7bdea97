// The few translated strings the block renderer needs. Pages build them with their translator
// and hand them down as props, so the editor-preview island ships no message catalogue.
import type { MessageTree, T } from '../../lib/i18n/client-messages';
import { cardMessages, type ListingMessages } from '../../lib/listing/messages';

export type CardMessages = ListingMessages;

export interface BlockLabels {
  card: CardMessages;
  seeAll: string;
  loadingProducts: string;
  couponCode: string;
  copyCode: string;
  codeCopied: string;
  copyFailed: string;
}

export function blockLabels(t: T, messages: MessageTree): BlockLabels {
  return {
    // Placeholders such as {{code}} stay in: the card fills them.
    card: cardMessages(messages),
    seeAll: t('content.seeAll'),
    loadingProducts: t('content.loadingProducts'),
    couponCode: t('content.couponCode'),
    copyCode: t('content.copyCode'),
    codeCopied: t('content.codeCopied'),
    copyFailed: t('content.copyFailed'),
  };
}
