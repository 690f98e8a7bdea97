// Promotions as the API shows them and as the cart weighs them, read in a few batched queries.
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Locale, ShopContext } from '../../src/lib/contract/common';
import type { Paged } from '../../src/lib/contract/common';
import type { Promotion, PromotionOrderField } from '../../src/lib/contract/promotions';
import type { PromotionCandidate } from '../../src/lib/rules/cart';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
import { anyOf, prepared } from '../db/prepared';
import { promotionProducts, promotions } from '../db/schema';

type PromotionRecord = typeof promotions.$inferSelect;

/** Active, started, not expired, for this context (or all). */
export function activeNow(now: Date, shopContext: ShopContext): SQL {
  return and(
    eq(promotions.isActive, true),
    or(isNull(promotions.validFrom), lte(promotions.validFrom, now)),
    or(isNull(promotions.validTo), gte(promotions.validTo, now)),
    inArray(promotions.shopContext, [shopContext, 'all']),
  )!;
}

/** Product ids per promotion, for some promotions at once. */
export async function promotionProductIds(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(promotionProducts)
    .where(inArray(promotionProducts.promotionId, ids))
    .orderBy(promotionProducts.promotionId, promotionProducts.productId);
  for (const r of rows) out.get(r.promotionId)?.push(r.productId);
  return out;
}

export function toPromotion(p: PromotionRecord, productIds: number[], locale: Locale): Promotion {
  return {
    id: p.id,
    code: p.code,
    name: pick(p.name, locale),
    description: pick(p.description, locale),
    type: p.type,
    value: p.value,
    min_order: p.minOrder,
    shop_context: p.shopContext,
    canvas: p.canvasId,
    valid_from: p.validFrom?.toISOString() ?? null,
    valid_to: p.validTo?.toISOString() ?? null,
    is_active: p.isActive,
    products: productIds,
  };
}

/** Shapes some promotion records with their products (one query for all). */
export async function shapePromotions(db: Db, records: PromotionRecord[], locale: Locale): Promise<Promotion[]> {
  const products = await promotionProductIds(db, records.map((r) => r.id));
  return records.map((r) => toPromotion(r, products.get(r.id) ?? [], locale));
}

export async function promotionById(db: Db, id: number, locale: Locale): Promise<Promotion | null> {
  const [record] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  if (!record) return null;
  const [shaped] = await shapePromotions(db, [record], locale);
  return shaped ?? null;
}

export interface PromotionChoice {
  records: PromotionRecord[];
  products: Map<number, number[]>;
  candidates: PromotionCandidate[];
}

/** Those of `all` (read for every context) that a cart of this context may get. */
export function promotionsFor(all: PromotionChoice, shopContext: ShopContext): PromotionChoice {
  const fits = (p: { shopContext: string }) => p.shopContext === shopContext || p.shopContext === 'all';
  return { records: all.records.filter(fits), products: all.products, candidates: all.candidates.filter(fits) };
}

/**
 * The promotions that could apply to a cart now (`shopContext` null: to a cart of any context),
 * with their records for showing the winner: one named statement (ADR 0035), the products of
 * each promotion aggregated in it. Every cart request and checkout asks it.
 */
export async function promotionCandidates(db: Db, now: Date, shopContext: ShopContext | null): Promise<PromotionChoice> {
  const rows = await prepared(db, 'promotion_candidates', (db) =>
    db
      .select({
        promotion: promotions,
        productIds: sql<number[]>`coalesce((select array_agg(pp.product_id order by pp.product_id) from ${promotionProducts} pp where pp.promotion_id = ${promotions.id}), '{}')`,
      })
      .from(promotions)
      .where(
        and(
          eq(promotions.isActive, true),
          or(isNull(promotions.validFrom), lte(promotions.validFrom, sql.placeholder('now'))),
          or(isNull(promotions.validTo), gte(promotions.validTo, sql.placeholder('now'))),
          anyOf(promotions.shopContext, 'contexts'),
        ),
      )
      .orderBy(promotions.id),
  ).execute({ now: now.toISOString(), contexts: shopContext === null ? ['b2b', 'b2c', 'all'] : [shopContext, 'all'] });
  const records = rows.map((r) => r.promotion);
  const products = new Map<number, number[]>(rows.map((r) => [r.promotion.id, r.productIds]));
  const candidates: PromotionCandidate[] = records.map((r) => ({
    id: r.id,
    type: r.type,
    value: r.value,
    isActive: r.isActive,
    validFrom: r.validFrom,
    validTo: r.validTo,
    minOrder: r.minOrder,
    shopContext: r.shopContext,
    productIds: products.get(r.id) ?? [],
  }));
  return { records, products, candidates };
}

export const promotionCount = (db: Db, where: SQL | undefined) =>
  db.select({ count: sql<number>`count(*)::int` }).from(promotions).where(where);

export const DEFAULT_PROMOTION_ORDER: { field: PromotionOrderField; direction: 'asc' | 'desc' } = { field: 'id', direction: 'asc' };

const PROMOTION_ORDER_COLUMNS = {
  id: promotions.id,
  code: promotions.code,
  valid_from: promotions.validFrom,
  valid_to: promotions.validTo,
  value: promotions.value,
  min_order: promotions.minOrder,
} as const;

/** One page of promotions: those running now for a context, or every one when `runningNow` is absent. */
export async function listPromotions(
  db: Db,
  filter: { runningNow?: { now: Date; shopContext: ShopContext } },
  locale: Locale,
  page: { page: number; pageSize: number },
  ordering = DEFAULT_PROMOTION_ORDER,
): Promise<Paged<Promotion>> {
  const where = filter.runningNow ? activeNow(filter.runningNow.now, filter.runningNow.shopContext) : undefined;
  const column = PROMOTION_ORDER_COLUMNS[ordering.field];
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(ordering.direction === 'asc' ? asc(column) : desc(column), asc(promotions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    promotionCount(db, where),
  ]);
  return { results: await shapePromotions(db, records, locale), count: total?.count ?? 0 };
}
