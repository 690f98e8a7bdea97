// Fatal errors of spec section 8 ("Error while initializing the cart", "Error while initializing
// the wishlist": fatal 500): the page gives way to the "Internal Server Error" page (spec section
// 2), in the page's language, saying which. The first one raised stays; the view
// (src/lib/errors/fatal-view.ts) draws it on every page.
import { atom, type ReadableAtom } from 'nanostores';

export interface FatalError {
  status: 500;
  /** The `errors.*` key of the catalogue message. */
  messageKey: string;
}

const $fatal = atom<FatalError | null>(null);
export const $fatalError: ReadableAtom<FatalError | null> = $fatal;

export function raiseFatalError(messageKey: string): void {
  if ($fatal.get()) return;
  $fatal.set({ status: 500, messageKey });
}

/** Tests start over. */
export const clearFatalError = () => $fatal.set(null);
