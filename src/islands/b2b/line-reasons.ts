// The words of a quick-order line's check and of a bulk add's answer (issue 16), shared by quick
// order and a saved list's "add to cart" results, so a reason reads the same on both pages.
import type { BulkAddReason, QuickOrderLineStatus } from '../../lib/contract/b2b-codes';
import type { T } from '../../lib/i18n/client-messages';
import { MAX_CART_QTY } from '../../lib/rules/cart';

/** Why a checked line is not valid ('' for a valid one). */
export function checkReason(t: T, status: QuickOrderLineStatus, maxQty: number | null, mergedInto: number | null): string {
  switch (status) {
    case 'ok':
      return '';
    case 'unknown_code':
      return t('b2b.reasons.unknown_code');
    case 'not_orderable':
      return t('b2b.reasons.not_orderable');
    case 'choose_variant':
      return t('b2b.reasons.needs_variant');
    case 'over_stock':
      return maxQty !== null ? t('b2b.reasons.quantity_not_available_max', { max: maxQty }) : t('b2b.reasons.quantity_not_available');
    case 'invalid_qty':
      return t('b2b.reasons.bad_quantity', { max: MAX_CART_QTY });
    case 'merged':
      return t('b2b.reasons.merged', { line: mergedInto ?? '?' });
    default:
      return t('b2b.reasons.other');
  }
}

/** Why a bulk add refused a line, or added only part of it. */
export function addReason(t: T, reason: BulkAddReason | null, maxQty: number | null): string {
  switch (reason) {
    case 'not_found':
      return t('b2b.reasons.unknown_code');
    case 'not_orderable':
      return t('b2b.reasons.not_orderable');
    case 'choose_variant':
      return t('b2b.reasons.needs_variant');
    case 'quantity_not_available':
      return maxQty !== null ? t('b2b.reasons.quantity_not_available_max', { max: maxQty }) : t('b2b.reasons.quantity_not_available');
    case 'row_limit':
      return t('b2b.reasons.row_limit');
    default:
      return t('b2b.reasons.other');
  }
}
