// What checkout's short transaction checks against the plan made before it (ADR 0037): the
// stock, taken by conditional decrements, and a fingerprint of every price input of the cart.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedSql } from '../db/prepared';
import { queryRows } from '../db/raw';

/** One stock item of the order: a product without variant, or one variant. */
export interface StockItem {
  table: 'products' | 'variants';
  id: number;
  qty: number;
}

export interface TakenItem {
  quantity: number;
  isBackorderable: boolean;
}

/** Products first, then variants, each by id: every checkout locks in the same order, so two cannot deadlock. */
export function inLockOrder(items: StockItem[]): StockItem[] {
  return [...items].sort((a, b) => (a.table === b.table ? a.id - b.id : a.table === 'products' ? -1 : 1));
}

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Takes the units of each item, in lock order, one conditional statement each: the row is
 * written only when the stock covers it (or the item is backorderable), and its row lock is
 * the only one the checkout takes on the item. Answers what each taken item has left, by
 * "table:id"; an item missing from the answer was not covered (nothing was taken from it, and
 * the caller rolls back what was taken from the others).
 */
export async function takeStock(tx: Db, items: StockItem[]): Promise<Map<string, TakenItem>> {
  const taken = new Map<string, TakenItem>();
  for (const item of inLockOrder(items)) {
    // The table's name is part of the text, so each table has a statement of its own.
    const rows = await preparedSql<{ quantity: number; is_backorderable: boolean }>(tx, `take_stock_${item.table}`, () =>
      item.table === 'products'
        ? sql`update products set quantity = quantity - ${sql.placeholder('qty')}::int
              where id = ${sql.placeholder('id')}::int and (quantity >= ${sql.placeholder('qty')}::int or is_backorderable)
              returning quantity, is_backorderable`
        : sql`update variants set quantity = quantity - ${sql.placeholder('qty')}::int
              where id = ${sql.placeholder('id')}::int and (quantity >= ${sql.placeholder('qty')}::int or is_backorderable)
              returning quantity, is_backorderable`,
    ).rows({ id: item.id, qty: item.qty });
    if (rows[0]) taken.set(`${item.table}:${item.id}`, { quantity: rows[0].quantity, isBackorderable: rows[0].is_backorderable });
  }
  return taken;
}

/** Stock of some items as it is now, for the refusal's message. */
export async function stockNow(db: Db, items: StockItem[]): Promise<Map<string, TakenItem>> {
  const products = items.filter((i) => i.table === 'products').map((i) => i.id);
  const variants = items.filter((i) => i.table === 'variants').map((i) => i.id);
  const rows = await queryRows<{ t: string; id: number; quantity: number; is_backorderable: boolean }>(
    db,
    sql`select 'products' as t, id, quantity, is_backorderable from products where id = any(${intArray(products)}::int[])
        union all
        select 'variants', id, quantity, is_backorderable from variants where id = any(${intArray(variants)}::int[])`,
  );
  return new Map(rows.map((r) => [`${r.t}:${r.id}`, { quantity: r.quantity, isBackorderable: r.is_backorderable }]));
}

export interface PriceInputs {
  customerId: number;
  seasonId: number | null;
  productIds: number[];
  variantIds: number[];
  shippingPolicyId: number;
  paymentMethodId: number;
}

/**
 * A digest of everything the order's amounts are computed from: the products' and variants'
 * prices, VAT rates and published flags, the customer's agreed and the season's prices for
 * them, the active promotions and which of the cart's products they list, the shipping
 * policy's price, the payment method's fee and the customer's kind, VAT number and terms.
 * Stock is not in it (the decrements check that). One statement, in either database.
 */
export async function priceFingerprint(db: Db, k: PriceInputs): Promise<string> {
  // Asked twice by every checkout (its plan, its transaction): a named statement (ADR 0035).
  const products = sql`${sql.placeholder('products')}::int[]`;
  const [row] = await preparedSql<{ f: string }>(
    db,
    'price_fingerprint',
    () => sql`select md5(coalesce(string_agg(x, '|' order by x), '')) as f from (
          select 'p' || id || ':' || standard_price || ':' || coalesce(special_price::text, '-') || ':' || vat_rate || ':' || is_published as x
            from products where id = any(${products})
          union all
          select 'v' || id || ':' || standard_price || ':' || coalesce(special_price::text, '-')
            from variants where id = any(${sql.placeholder('variants')}::int[])
          union all
          select 'c' || cp::text from customer_prices cp where cp.customer_id = ${sql.placeholder('customer')}::int and cp.product_id = any(${products})
          union all
          select 's' || sp::text from season_prices sp where sp.season_id = ${sql.placeholder('season')}::int and sp.product_id = any(${products})
          union all
          select 'r' || pr::text || ':' || (select count(*) from promotion_products pp where pp.promotion_id = pr.id)
            from promotions pr where pr.is_active
          union all
          select 'q' || promotion_id || ':' || product_id from promotion_products where product_id = any(${products})
          union all
          select 'h' || price || ':' || coalesce(free_from::text, '-') from shipping_policies where id = ${sql.placeholder('policy')}::int
          union all
          select 'm' || fee from payment_methods where id = ${sql.placeholder('method')}::int
          union all
          select 'k' || kind || ':' || coalesce(vat_number, '') || ':' || coalesce(payment_terms::text, '') from customers where id = ${sql.placeholder('customer')}::int
        ) t`,
  ).rows({
    products: intArray(k.productIds),
    variants: intArray(k.variantIds),
    customer: k.customerId,
    season: k.seasonId,
    policy: k.shippingPolicyId,
    method: k.paymentMethodId,
  });
  return row!.f;
}
