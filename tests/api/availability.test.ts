// Issue 14, item 7: one rule decides the availability text everywhere, from the same live figure.
// The listing's badge reads the product list answer, the product page the live values, the cart
// its rows: for the same product at the same moment all three carry the same quantity and state
// (src/lib/rules/stock.ts turns the state into the one text), also while another cart holds units;
// the wishlist's rows too.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartHeader, CartRow } from '../../src/lib/contract/cart';
import type { LiveValuesAnswer } from '../../src/lib/contract/live-values';
import type { ProductSummary } from '../../src/lib/contract/products';
import type { WishlistRow } from '../../src/lib/contract/wishlist';
import { availability } from '../../src/lib/rules/stock';
import { products, systemSettings } from '../../server/db/schema';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let token: { b2b: string; b2b2: string };

beforeAll(async () => {
  shop = await openTestShop();
  token = await shop.loginAs('b2b', 'b2b2');
  for (const [key, value] of [['CART_ROWS_AFFECT_STOCK', 'true'], ['CART_ROWS_AFFECT_STOCK_TYPE', 'all']] as const) {
    await shop.database.db.insert(systemSettings).values({ key, value }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });
  }
});
afterAll(() => shop?.close());

const auth = (who?: string) => (who ? { headers: { Authorization: `Token ${who}` } } : undefined);

/** What each place shows for one product, as the viewer's islands read it. */
async function seenBy(product: { id: number; code: string }, who?: string) {
  const list = await shop.json<{ results: ProductSummary[] }>(`products/p/?search=${encodeURIComponent(product.code)}&page_size=50`, auth(who));
  expect(list.status).toBe(200);
  const card = list.body.results.find((p) => p.id === product.id);
  const live = (await shop.json<LiveValuesAnswer>(`products/live/?ids=${product.id}`, auth(who))).body.results[0];
  return {
    listing: card && { quantity: card.quantity, state: card.stock_state, text: availability(card.quantity, card.is_backorderable).key },
    productPage: live && { quantity: live.quantity, state: live.stock_state, text: availability(live.quantity, live.is_backorderable).key },
  };
}

async function cartRowOf(who: string, productId: number, qty: number) {
  const cart = await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: who, body: {} });
  expect(cart.status).toBeLessThan(300);
  const added = await shop.send<{ row: CartRow }>('POST', 'carts/rows/', { token: who, body: { cart: cart.body.id, product: productId, qty } });
  expect(added.status).toBeLessThan(300);
  const rows = await shop.json<{ results: CartRow[] }>(`carts/rows/?cart=${cart.body.id}`, auth(who));
  const row = rows.body.results.find((r) => r.product === productId)!;
  const d = row.product_detail;
  return { quantity: d.quantity, state: d.stock_state, text: availability(d.quantity, d.is_backorderable).key };
}

describe('availability: listing, product page and cart agree', () => {
  it('while another cart holds units, the listing says what the product page and the cart say', async () => {
    const [row] = await shop.database.db
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(and(eq(products.isPublished, true), sql`not exists (select 1 from variants v where v.product_id = ${products.id})`))
      .orderBy(asc(products.id))
      .limit(1);
    const product = row!;
    await shop.database.db.update(products).set({ quantity: 8, isBackorderable: true }).where(eq(products.id, product.id));
    // The first buyer holds 4 of the 8: 4 are left for everyone else, a low stock.
    const holder = await cartRowOf(token.b2b, product.id, 4);
    expect(holder).toEqual({ quantity: 8, state: 'available', text: 'product.stock.available' });

    const anonymous = await seenBy(product);
    expect(anonymous.productPage).toEqual({ quantity: 4, state: 'low', text: 'product.stock.low' });
    expect(anonymous.listing).toEqual(anonymous.productPage);

    const other = await seenBy(product, token.b2b2);
    expect(other.productPage).toEqual({ quantity: 4, state: 'low', text: 'product.stock.low' });
    expect(other.listing).toEqual(other.productPage);
    // The wishlist says it too (its rows carry the product's stock state).
    const wishlist = await shop.send<{ id: number }>('POST', 'wishlists/get-or-create/', { token: token.b2b2, body: {} });
    expect(wishlist.status).toBeLessThan(300);
    const saved = await shop.send<WishlistRow>('POST', 'wishlists/rows/', { token: token.b2b2, body: { wishlist: wishlist.body.id, product: product.id } });
    expect(saved.status).toBeLessThan(300);
    const wished = (await shop.json<{ results: WishlistRow[] }>(`wishlists/rows/?wishlist=${wishlist.body.id}`, auth(token.b2b2))).body.results.find((r) => r.product === product.id)!.product_detail;
    expect({ quantity: wished.quantity, state: wished.stock_state, text: availability(wished.quantity, wished.is_backorderable).key }).toEqual(other.productPage);
    expect(await cartRowOf(token.b2b2, product.id, 1)).toEqual(other.productPage);

    // The holder's own cart does not limit the holder (only the other buyer's 1), in the listing either.
    const own = await seenBy(product, token.b2b);
    expect(own.productPage).toEqual({ quantity: 7, state: 'available', text: 'product.stock.available' });
    expect(own.listing).toEqual(own.productPage);
  });
});
