// Stock held by cart rows expires (ADR 0016): with CART_ROWS_AFFECT_STOCK on, a row holds its
// units for CART_HOLD_MINUTES after it was added or changed; then others may order them, the live
// values say so, and the holder's next read of the cart renews the hold or flags the row. Time
// moves through deps.now.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartHeader, CartRow, CartRowChange } from '../../src/lib/contract/cart';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import type { LiveValuesAnswer } from '../../src/lib/contract/live-values';
import { cartRows, products, systemSettings } from '../../server/db/schema';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let clock = new Date('2026-11-25T09:00:00Z');
const token: Record<'b2b' | 'b2b2', string> = { b2b: '', b2b2: '' };
const HOLD_MINUTES = 30;
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  // Sign-ins outlive the clock's moves.
  shop = await openTestShop({ deps: { now: () => clock, authTokenTtlHours: 24 * 365 } });
  Object.assign(token, await shop.loginAs('b2b', 'b2b2'));
});
afterAll(() => shop?.close());

const db = () => shop.database.db;
type Err = ErrorBody;

async function setting(key: string, value: string) {
  await db().insert(systemSettings).values({ key, value }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });
}

/** A published product without variants, with this stock, not backorderable; its cart rows cleared. */
async function stocked(code: string, quantity: number): Promise<number> {
  const [p] = await db().update(products).set({ quantity, isBackorderable: false, isPublished: true }).where(eq(products.code, code)).returning({ id: products.id });
  await db().delete(cartRows).where(eq(cartRows.productId, p!.id));
  return p!.id;
}

const cartOf = async (who: keyof typeof token) => (await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: token[who], body: {} })).body.id!;
const put = (who: keyof typeof token, cart: number, product: number, qty: number) =>
  shop.send<CartRowChange & Err>('POST', 'carts/rows/', { token: token[who], body: { cart, product, qty } });
const rows = (who: keyof typeof token, cart: number) => shop.send<Paged<CartRow>>('GET', `carts/rows/?cart=${cart}`, { token: token[who] });
async function liveQuantity(product: number, who?: keyof typeof token): Promise<number> {
  const response = await shop.call(`products/live/?ids=${product}`, { headers: who ? { Authorization: `Token ${token[who]}` } : {} });
  const body = (await response.json()) as LiveValuesAnswer;
  return body.results[0]!.quantity;
}
const heldUntil = async (cart: number, product: number) =>
  (await db().select().from(cartRows).where(and(eq(cartRows.cartId, cart), eq(cartRows.productId, product), isNull(cartRows.variantId))))[0]!.heldUntil;

beforeEach(async () => {
  clock = new Date(clock.getTime() + minutes(2 * 60));
  await setting('CART_ROWS_AFFECT_STOCK', 'true');
  await setting('CART_ROWS_AFFECT_STOCK_TYPE', 'all');
  await setting('CART_HOLD_MINUTES', String(HOLD_MINUTES));
});

describe('cart holds expire', () => {
  it('blocks others only while the hold is fresh, then others may order and the live values say so', async () => {
    const product = await stocked('GIA-0011', 150);
    const holder = await cartOf('b2b');
    const other = await cartOf('b2b2');
    expect((await put('b2b', holder, product, 150)).status).toBe(201);
    expect((await heldUntil(holder, product)).getTime()).toBe(clock.getTime() + minutes(HOLD_MINUTES));

    // While fresh: nobody else can take a unit, and no page says otherwise.
    const refused = await put('b2b2', other, product, 1);
    expect(refused.status).toBe(400);
    expect(refused.body.error_list[0]).toMatchObject({ code: 'quantity_not_available' });
    expect(await liveQuantity(product)).toBe(0);
    expect(await liveQuantity(product, 'b2b2')).toBe(0);
    // The holder's own units are still orderable by the holder.
    expect(await liveQuantity(product, 'b2b')).toBe(150);

    clock = new Date(clock.getTime() + minutes(HOLD_MINUTES + 1));
    expect(await liveQuantity(product)).toBe(150);
    expect(await liveQuantity(product, 'b2b2')).toBe(150);
    expect((await put('b2b2', other, product, 100)).status).toBe(201);
    expect(await liveQuantity(product)).toBe(50);

    // The holder's next read: the stock no longer covers 150, so the row is flagged and holds nothing.
    const read = await rows('b2b', holder);
    expect(read.status).toBe(200);
    const row = read.body.results.find((r) => r.product === product)!;
    expect(row.qty).toBe(150);
    expect(row.product_detail.quantity).toBe(50);
    expect(row.stock_problem).toMatchObject({ code: 'quantity_not_available', message: 'The quantity is not available' });
    expect((await heldUntil(holder, product)).getTime()).toBeLessThanOrEqual(clock.getTime());
    expect(await liveQuantity(product, 'b2b2')).toBe(150);

    // Lowering to what is free takes the hold again, and the flag goes.
    const lowered = await shop.send<CartRowChange & Err>('PATCH', `carts/row/${row.id}/`, { token: token.b2b, body: { qty: 50 } });
    expect(lowered.status).toBe(200);
    expect(lowered.body.row?.stock_problem).toBeUndefined();
    expect(await liveQuantity(product)).toBe(0);
  });

  it('renews a lapsed hold on the holder\'s next read when the stock still covers it', async () => {
    const product = await stocked('GIA-0012', 150);
    const holder = await cartOf('b2b');
    const other = await cartOf('b2b2');
    expect((await put('b2b', holder, product, 150)).status).toBe(201);
    clock = new Date(clock.getTime() + minutes(HOLD_MINUTES + 5));
    expect(await liveQuantity(product)).toBe(150);

    // get-or-create is a read of the cart too: the hold is taken again for another term.
    expect((await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: token.b2b, body: {} })).status).toBe(200);
    expect((await heldUntil(holder, product)).getTime()).toBe(clock.getTime() + minutes(HOLD_MINUTES));
    const read = await rows('b2b', holder);
    expect(read.body.results.find((r) => r.product === product)!.stock_problem).toBeUndefined();
    expect(await liveQuantity(product)).toBe(0);
    expect((await put('b2b2', other, product, 1)).status).toBe(400);
  });

  it('a lapsed row cannot keep more than is free by lowering its quantity', async () => {
    const product = await stocked('GIA-0013', 10);
    const holder = await cartOf('b2b');
    const other = await cartOf('b2b2');
    const added = await put('b2b', holder, product, 10);
    expect(added.status).toBe(201);
    clock = new Date(clock.getTime() + minutes(HOLD_MINUTES + 1));
    expect((await put('b2b2', other, product, 8)).status).toBe(201);
    const over = await shop.send<Err>('PATCH', `carts/row/${added.body.row!.id}/`, { token: token.b2b, body: { qty: 5 } });
    expect(over.status).toBe(400);
    expect(over.body.error_list[0]!.message).toContain('2 units');
    expect((await shop.send('PATCH', `carts/row/${added.body.row!.id}/`, { token: token.b2b, body: { qty: 2 } })).status).toBe(200);
  });
});

describe('what a page says is orderable is what the cart accepts', () => {
  it('the live quantity is the most the cart takes, for the same product and moment', async () => {
    const product = await stocked('GIA-0014', 20);
    const holder = await cartOf('b2b');
    const other = await cartOf('b2b2');
    expect((await put('b2b', holder, product, 7)).status).toBe(201);
    const shown = await liveQuantity(product, 'b2b2');
    expect(shown).toBe(13);
    const tooMany = await put('b2b2', other, product, shown + 1);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error_list[0]!.message).toContain(`${shown} units`);
    expect((await put('b2b2', other, product, shown)).status).toBe(201);
    // And the holder's row shows the same figure the holder's live values do.
    const holderRow = (await rows('b2b', holder)).body.results.find((r) => r.product === product)!;
    expect(holderRow.product_detail.quantity).toBe(await liveQuantity(product, 'b2b'));
    expect(holderRow.product_detail.quantity).toBe(7);
  });

  it('without the stock effect, holds do not count anywhere', async () => {
    await setting('CART_ROWS_AFFECT_STOCK', 'false');
    const product = await stocked('GIA-0015', 5);
    const holder = await cartOf('b2b');
    const other = await cartOf('b2b2');
    expect((await put('b2b', holder, product, 5)).status).toBe(201);
    expect(await liveQuantity(product)).toBe(5);
    expect((await put('b2b2', other, product, 5)).status).toBe(201);
  });
});
