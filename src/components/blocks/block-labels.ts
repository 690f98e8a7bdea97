// The few translated strings the block renderer needs. Pages build them with their translator
// and hand them down as props, so the editor-preview island ships no message catalogue.
import type { TFunction } from 'i18next';
import { CARD_MESSAGE_KEYS, type ListingMessages } from '../../lib/listing/messages';

export type CardMessages = Pick<ListingMessages, (typeof CARD_MESSAGE_KEYS)[number]>;

export interface BlockLabels {
  card: CardMessages;
  seeAll: string;
  loadingProducts: string;
  couponCode: string;
  copyCode: string;
  codeCopied: string;
  copyFailed: string;
}

export function blockLabels(t: TFunction): BlockLabels {
  return {
    // Placeholders such as {{code}} stay in: the card fills them.
    card: Object.fromEntries(CARD_MESSAGE_KEYS.map((key) => [key, t(key)])) as CardMessages,
    seeAll: t('content.seeAll'),
    loadingProducts: t('content.loadingProducts'),
    couponCode: t('content.couponCode'),
    copyCode: t('content.copyCode'),
    codeCopied: t('content.codeCopied'),
    copyFailed: t('content.copyFailed'),
  };
}
