// Stores report success and failure as toasts in the page's language. The page puts the
// `errors` and `toasts` message areas in a JSON script (BaseLayout); stores only name keys.
import type { ApiFailure } from '../api/result';
import { createT, type MessageTree, type T, type Vars } from '../i18n/client-messages';
import { failureMessageKey, failureMessageVars, type FailureContext } from '../errors/api-messages';
import { formatEuro } from '../i18n/format';
import { pageLocale } from './session';
import { showToast, type ToastKind } from './toasts';

let translate: T | null = null;

/** The translator stores use; read from the page's #shop-messages script on first use. */
export function storeT(): T {
  if (translate) return translate;
  let tree: MessageTree = {};
  if (typeof document !== 'undefined') {
    try {
      tree = JSON.parse(document.getElementById('shop-messages')?.textContent ?? '{}') as MessageTree;
    } catch {
      tree = {};
    }
  }
  translate = createT(tree, pageLocale());
  return translate;
}

/** Tests (and islands that already hold the messages) set the translator directly. */
export const setStoreTranslator = (t: T | null) => void (translate = t);

export function notify(type: ToastKind, key: string, vars?: Vars): void {
  showToast({ type, text: storeT()(key, vars) });
}

/** An error toast with the spec's message for this failure. */
export function notifyFailure(context: FailureContext, error: ApiFailure): string {
  const key = failureMessageKey(context, error);
  showToast({ type: 'error', text: storeT()(key, failureMessageVars(error, (amount) => formatEuro(amount, pageLocale()))) });
  return key;
}
