// Where saved lists meet the cart (issue 16): a list into the cart, the cart saved as a list. Apart
// from saved-lists.ts, so that the pages and the product page's "add to list" that never touch
// the cart do not load its store, while the two islands that do (one list's page, the cart page)
// import it as every other island does: statically, one cart store chunk for all.
import { call } from '../api/call';
import { $cart, cartOwnerBody, reloadCart } from './cart';
import { $savedList, listFailed, putSavedList, type Outcome, type SavedList } from './saved-lists';
import { sessionClient } from './session';

/** The customer's cart id, creating the cart when there is none yet. */
async function cartId(): Promise<Outcome<number>> {
  const owner = cartOwnerBody();
  if (!owner) return { ok: false, key: 'errors.cartInitFailed' };
  const cart = await call(sessionClient(), 'getOrCreateCart', { body: owner, query: { lazy: false } });
  if (!cart.ok) return listFailed(cart.error, 'errors.cartInitFailed');
  return cart.data.id === null ? { ok: false, key: 'errors.cartInitFailed' } : { ok: true, data: cart.data.id };
}

/** Every row of the open list into the cart in one call; the outcome per row is kept for the page. */
export async function addSavedListToCart(): Promise<Outcome<{ added: number; refused: number }>> {
  const state = $savedList.get();
  if (!state.list) return { ok: false, key: 'b2b.lists.notFound' };
  const cart = await cartId();
  if (!cart.ok) return cart;
  const result = await call(sessionClient(), 'addSavedListToCart', { params: { id: state.list.id }, body: { cart: cart.data } });
  if (!result.ok) return listFailed(result.error);
  // Lines answer in the list's row order (their position, from 1).
  const rows = $savedList.get().rows;
  const results = result.data.lines.flatMap((line) => {
    const row = rows[line.line - 1];
    return row ? [{ row, result: line }] : [];
  });
  $savedList.set({ ...$savedList.get(), results });
  void reloadCart();
  return { ok: true, data: { added: result.data.added_count, refused: result.data.refused_count } };
}

/** "Save the cart as a list": a new list holding the cart's rows. */
export async function saveCartAsList(name: string): Promise<Outcome<SavedList>> {
  const id = $cart.get().header?.id;
  if (!id) return { ok: false, key: 'errors.cartInitFailed' };
  const result = await call(sessionClient(), 'createSavedListFromCart', { body: { cart: id, name: name.trim() } });
  if (!result.ok) return listFailed(result.error);
  putSavedList(result.data);
  return { ok: true, data: result.data };
}
