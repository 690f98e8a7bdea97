// The values of a listing page that change without its content: live stock less what other carts
// hold, and what the viewer pays. One named statement (ADR 0035) for the page's ids, so a listing
// is its content (kept by content version for everybody, ADR 0033) plus this one read, for an
// anonymous visitor and for a signed-in customer alike (ADR 0040).
//
// The figures are those of the longer way round, and tests compare the two: the stock is
// `withHeldStock` (the product's quantity less the fresh holds of the carts whose context holds
// stock, the viewer's own open cart left out, as server/cart/stock.ts heldByCarts and findOpenCart
// count them), the price is `priceProducts` for a customer without a season (the customer's
// agreed price valid today, else the special, else the standard).
import { and, eq, sql } from 'drizzle-orm';
import type { ProductPrice, ProductSummary } from '../../src/lib/contract/products';
import { effectivePrice } from '../../src/lib/rules/pricing';
import { rowStock } from '../../src/lib/rules/cart';
import { stockState } from '../../src/lib/rules/stock';
import { holdingContexts, parseStockEffect } from '../../src/lib/rules/stock-effect';
import type { Db } from '../db/client';
import { anyOf, prepared } from '../db/prepared';
import { cartRows, carts, customerPrices, products, systemSettings } from '../db/schema';

export interface PageViewer {
  /** The signed-in customer whose prices and own cart count; none for anonymous visitors. */
  customerId?: number;
  /** The request's shop context: the viewer's own open cart is the one of this context. */
  shopContext: 'b2b' | 'b2c';
  now: Date;
}

export interface PageValue {
  quantity: number;
  is_backorderable: boolean;
  stock_state: ProductSummary['stock_state'];
  price: ProductPrice;
}

// Qualified: drizzle names a one-table select's columns bare, which the subqueries' own tables would make ambiguous.
const productId = sql`${products}.id`;

const setting = (key: string) => sql<string | null>`(select s.value from ${systemSettings} s where s.key = ${key})`;

/** Units held by fresh rows (no variant) of other carts of one context, for the product of the row. */
const heldIn = (context: 'b2b' | 'b2c') => sql<number>`coalesce((select sum(cr.qty) from ${cartRows} cr join ${carts} c on c.id = cr.cart_id
    where cr.product_id = ${productId} and cr.variant_id is null and cr.held_until > ${sql.placeholder('now')}::timestamptz
      and c.shop_context = ${context} and c.id is distinct from (
        select o.id from ${carts} o
        where o.customer_id = ${sql.placeholder('customer')}::int and o.shop_context = ${sql.placeholder('context')}::text and o.season_id is null
        order by o.id limit 1)), 0)::int`;

/** The customer's agreed price for any season, valid today, the oldest first (as paidPrice in product-list.ts). */
const agreed = sql`(select cp.price from ${customerPrices} cp
    where cp.customer_id = ${sql.placeholder('customer')}::int and cp.product_id = ${productId} and cp.variant_id is null and cp.season_id is null
      and (cp.valid_from is null or cp.valid_from <= ${sql.placeholder('today')}::date)
      and (cp.valid_to is null or cp.valid_to >= ${sql.placeholder('today')}::date)
    order by cp.id limit 1)`.mapWith(customerPrices.price);

/** The live values of the published products among `ids`, by id. */
export async function pageValues(db: Db, ids: number[], viewer: PageViewer): Promise<Map<number, PageValue>> {
  const out = new Map<number, PageValue>();
  if (ids.length === 0) return out;
  const rows = await prepared(db, 'listing_page_values', (db) =>
    db
      .select({
        id: products.id,
        quantity: products.quantity,
        isBackorderable: products.isBackorderable,
        standard: products.standardPrice,
        special: products.specialPrice,
        agreed,
        heldB2b: heldIn('b2b'),
        heldB2c: heldIn('b2c'),
        // The stock effect (as readStockEffect reads it), in the same round trip.
        affects: setting('CART_ROWS_AFFECT_STOCK'),
        affectsType: setting('CART_ROWS_AFFECT_STOCK_TYPE'),
      })
      .from(products)
      .where(and(anyOf(products.id, 'ids'), eq(products.isPublished, true))),
  ).execute({
    ids,
    customer: viewer.customerId ?? null,
    context: viewer.shopContext,
    now: viewer.now.toISOString(),
    // The day priceProducts compares validity with.
    today: viewer.now.toISOString().slice(0, 10),
  });
  for (const r of rows) {
    const contexts = holdingContexts(parseStockEffect(r.affects ?? undefined, r.affectsType ?? undefined));
    const held = (contexts.includes('b2b') ? r.heldB2b : 0) + (contexts.includes('b2c') ? r.heldB2c : 0);
    const quantity = rowStock(r.quantity, held);
    const price: ProductPrice = { standard_price: r.standard, special_price: r.special };
    if (viewer.customerId !== undefined) {
      const paid = effectivePrice({ standard: r.standard, special: r.special, customerSeason: null, customer: r.agreed, season: null });
      price.price = paid.price;
      price.source = paid.source;
    }
    out.set(r.id, { quantity, is_backorderable: r.isBackorderable, stock_state: stockState(quantity, r.isBackorderable), price });
  }
  return out;
}

/**
 * The page with its live values, in the page's order; undefined when a product of the page is
 * no longer published (the content the page came from is older than the change): the caller
 * then builds the page anew.
 */
export function applyPageValues<P extends ProductSummary>(page: readonly P[], values: ReadonlyMap<number, PageValue>): P[] | undefined {
  const out: P[] = [];
  for (const p of page) {
    const v = values.get(p.id);
    if (!v) return undefined;
    out.push({ ...p, ...v });
  }
  return out;
}

export const withPageValues = async <P extends ProductSummary>(db: Db, page: readonly P[], viewer: PageViewer): Promise<P[] | undefined> =>
  applyPageValues(
    page,
    await pageValues(
      db,
      page.map((p) => p.id),
      viewer,
    ),
  );
