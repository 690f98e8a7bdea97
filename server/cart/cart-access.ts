// Finding a cart the user may act on, and its summary after a change.
import type { AuthUser } from '../auth/auth-user';
import { assertVisible } from '../auth/permissions';
import type { Db } from '../db/client';
import type { CartRecord } from './cart-rows';
import { cartById, cartWithSettings, storeCartPromotion } from './cart-store';
import { summarizeCart, type CartSummary, type SummaryOptions } from './cart-summary';
import type { CartSettings } from './stock';

/** A cart the user may act on, or 404 (another customer's cart reveals nothing). */
export async function visibleCart(db: Db, user: AuthUser, cartId: number): Promise<CartRecord> {
  const cart = await cartById(db, cartId);
  await assertVisible(db, user, cart?.customerId);
  return cart!;
}

/** visibleCart with the cart settings read in the same statement (a row's change needs both). */
export async function visibleCartWithSettings(db: Db, user: AuthUser, cartId: number): Promise<{ cart: CartRecord; settings: CartSettings }> {
  const { cart, settings } = await cartWithSettings(db, cartId);
  await assertVisible(db, user, cart?.customerId);
  return { cart: cart!, settings };
}

/** The cart's summary after a change, keeping the stored promotion in step with it. */
export async function summaryAfterChange(db: Db, cart: CartRecord, options: SummaryOptions): Promise<CartSummary> {
  const summary = await summarizeCart(db, cart, { renew: true, ...options });
  await storeCartPromotion(db, cart, summary.promotionId);
  return summary;
}
