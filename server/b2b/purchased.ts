// Previously bought (issue 16): every product and variant a customer has ordered, grouped in SQL
// over its orders (orders_customer_idx, order_rows_order_idx), searched, sorted and paged there;
// the page's items then get the customer's current price and stock (items.ts).
import { and, asc, count, desc, eq, ilike, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PurchasedOrderField } from '../../src/lib/contract/b2b-codes';
import type { PurchasedItem } from '../../src/lib/contract/b2b-ordering';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { Db } from '../db/client';
import { orderRows, orders, products, productTranslations, variants } from '../db/schema';
import { describeItems, itemKey, type ItemView } from './items';

export const DEFAULT_PURCHASED_ORDER: Ordering<PurchasedOrderField> = { field: 'last_ordered', direction: 'desc' };

/** Orders that never became a purchase. */
const NOT_BOUGHT = ['Failed', 'Cancelled'] as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function listPurchased(
  db: Db,
  customerId: number,
  q: { search?: string },
  page: { page: number; pageSize: number },
  ordering: Ordering<PurchasedOrderField>,
  view: ItemView,
): Promise<{ results: PurchasedItem[]; count: number }> {
  const bought = db.$with('bought').as(
    db
      .select({
        productId: sql<number>`${orderRows.productId}`.as('bought_product_id'),
        variantId: sql<number | null>`${orderRows.variantId}`.as('bought_variant_id'),
        lastAt: sql<string>`max(${orders.createdAt})`.as('bought_last_at'),
        times: sql<number>`count(distinct ${orders.id})::int`.as('bought_times'),
        totalQty: sql<number>`sum(${orderRows.qty})::int`.as('bought_total_qty'),
        lastQty: sql<number>`(array_agg(${orderRows.qty} order by ${orders.createdAt} desc, ${orders.id} desc, ${orderRows.id} desc))[1]`.as('bought_last_qty'),
      })
      .from(orderRows)
      .innerJoin(orders, eq(orders.id, orderRows.orderId))
      .where(and(eq(orders.customerId, customerId), isNotNull(orderRows.productId), notInArray(orders.status, [...NOT_BOUGHT])))
      .groupBy(orderRows.productId, orderRows.variantId),
  );
  const name = sql`lower(coalesce(${productTranslations.name}, ${products.code}))`;
  const code = sql`lower(coalesce(${variants.code}, ${products.code}))`;
  const search = q.search ? `%${escapeLike(q.search)}%` : undefined;
  const where = search ? or(ilike(variants.code, search), ilike(products.code, search), ilike(productTranslations.name, search)) : undefined;
  const column: Record<PurchasedOrderField, SQL> = {
    last_ordered: sql`${bought.lastAt}`,
    name,
    code,
    qty: sql`${bought.totalQty}`,
    times_ordered: sql`${bought.times}`,
  };
  const dir = ordering.direction === 'asc' ? asc : desc;
  const joins = {
    variant: eq(variants.id, bought.variantId),
    name: and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, view.locale)),
  };
  const [rows, [total]] = await Promise.all([
    db
      .with(bought)
      .select({
        productId: bought.productId,
        variantId: bought.variantId,
        lastAt: sql<string>`to_char(${bought.lastAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        times: bought.times,
        totalQty: bought.totalQty,
        lastQty: bought.lastQty,
      })
      .from(bought)
      .innerJoin(products, eq(products.id, bought.productId))
      .leftJoin(variants, joins.variant)
      .leftJoin(productTranslations, joins.name)
      .where(where)
      .orderBy(dir(column[ordering.field]), asc(bought.productId), sql`${bought.variantId} nulls first`)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .with(bought)
      .select({ count: count() })
      .from(bought)
      .innerJoin(products, eq(products.id, bought.productId))
      .leftJoin(variants, joins.variant)
      .leftJoin(productTranslations, joins.name)
      .where(where),
  ]);
  const items = await describeItems(db, rows.map((r) => ({ productId: r.productId, variantId: r.variantId })), view);
  return {
    count: total?.count ?? 0,
    results: rows.flatMap((r) => {
      const item = items.get(itemKey({ productId: r.productId, variantId: r.variantId }));
      return item ? [{ ...item, last_ordered_at: r.lastAt, last_qty: r.lastQty, times_ordered: r.times, total_qty: r.totalQty }] : [];
    }),
  };
}
