// Promotions as the API shows them and as the cart weighs them, read in a few batched queries.
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Locale, ShopContext } from '../../src/lib/contract/common';
import type { Paged } from '../../src/lib/contract/common';
import type { Promotion, PromotionOrderField } from '../../src/lib/contract/promotions';
import type { PromotionCandidate } from '../../src/lib/rules/cart';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
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
 * The promotions that could apply to a cart now, of every context, with their products: a JSON
 * value for a column of the cart's own read (readPricedCart), so that every cart request and
 * checkout reads its rows and its promotions in one statement (ADR 0041). `now` is the
 * statement's SQL for the moment; promotionChoice reads the value.
 */
export function promotionCandidatesJson(now: SQL): SQL<unknown> {
  return sql`(select coalesce(json_agg(json_build_object('promotion', row_to_json(p),
      'products', coalesce((select array_agg(pp.product_id order by pp.product_id) from ${promotionProducts} pp where pp.promotion_id = p.id), '{}')) order by p.id), '[]'::json)
    from ${promotions} p
    where p.is_active and (p.valid_from is null or p.valid_from <= ${now}) and (p.valid_to is null or p.valid_to >= ${now}))`;
}

/** A promotion's row as row_to_json writes it: columns by their SQL names, times as text. */
interface PromotionJson {
  id: number;
  code: string;
  name: PromotionRecord['name'];
  description: PromotionRecord['description'];
  type: PromotionRecord['type'];
  value: number | string;
  min_order: number | string;
  shop_context: PromotionRecord['shopContext'];
  canvas_id: number | null;
  valid_from: string | null;
  valid_to: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** The value of promotionCandidatesJson (parsed by either driver) as records, products and candidates. */
export function promotionChoice(value: unknown): PromotionChoice {
  const rows = (value ?? []) as { promotion: PromotionJson; products: number[] }[];
  const date = (v: string | null) => (v === null ? null : new Date(v));
  const records: PromotionRecord[] = rows.map(({ promotion: p }) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    type: p.type,
    value: Number(p.value),
    minOrder: Number(p.min_order),
    shopContext: p.shop_context,
    canvasId: p.canvas_id,
    validFrom: date(p.valid_from),
    validTo: date(p.valid_to),
    isActive: p.is_active,
    createdAt: new Date(p.created_at),
    updatedAt: new Date(p.updated_at),
  }));
  const products = new Map<number, number[]>(rows.map((r) => [r.promotion.id, r.products]));
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
