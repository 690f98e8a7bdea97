// A toast that must outlive the page it was raised on: sign-out ends with a move to the home
// page, so its failure message (spec section 8) is kept in session storage and shown there.
import { readJson, sessionStore, writeJson, type KeyValueStorage } from '../browser/storage';
import { showToast, TOAST_KINDS, type ToastInput } from '../stores/toasts';

export const PENDING_TOASTS_KEY = 'SHOP_PENDING_TOASTS';

/** Keeps a toast for the next page this tab opens. */
export function keepToastForNextPage(input: ToastInput, storage: KeyValueStorage = sessionStore): void {
  const kept = readJson<ToastInput[]>(storage, PENDING_TOASTS_KEY);
  writeJson(storage, PENDING_TOASTS_KEY, [...(Array.isArray(kept) ? kept : []), input]);
}

/** Shows (once) the toasts the previous page kept; answers how many it showed. */
export function showKeptToasts(storage: KeyValueStorage = sessionStore): number {
  const kept = readJson<ToastInput[]>(storage, PENDING_TOASTS_KEY);
  storage.removeItem(PENDING_TOASTS_KEY);
  if (!Array.isArray(kept)) return 0;
  let shown = 0;
  for (const input of kept) {
    if (!input || typeof input.text !== 'string' || !TOAST_KINDS.includes(input.type)) continue;
    if (showToast({ type: input.type, text: input.text, title: typeof input.title === 'string' ? input.title : null }) !== null) shown++;
  }
  return shown;
}
