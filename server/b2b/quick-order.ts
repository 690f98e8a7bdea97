// Quick order by code (issue 16): every line of a pasted block checked at once against the
// catalogue and the stock, and the autocomplete on code and name. Codes are product or variant
// codes, compared ignoring case (lower(code) is indexed).
import { and, asc, eq, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import { QUICK_ORDER_SEARCH_LIMIT, QUICK_ORDER_SEARCH_MIN, type QuickOrderLineStatus } from '../../src/lib/contract/b2b-codes';
import type { OrderableItem, QuickOrderLineResult, QuickOrderValidateBody } from '../../src/lib/contract/b2b-ordering';
import { MAX_CART_QTY } from '../../src/lib/rules/cart';
import { TEXT_SEARCH_CONFIG } from '../catalogue/localized';
import { prefixQuery } from '../catalogue/product-list';
import type { Db } from '../db/client';
import { inOrder } from '../db/in-order';
import { products, productTranslations, variants } from '../db/schema';
import { describeItems, describeItemsWithVariants, itemKey, type ItemKey, type ItemView } from './items';

const MESSAGES: Record<QuickOrderLineStatus, string> = {
  ok: 'Ready to add.',
  unknown_code: 'No product has this code.',
  not_orderable: 'This product cannot be ordered now.',
  choose_variant: 'This product comes in versions: give the code of one.',
  over_stock: 'The quantity is more than can be ordered now.',
  invalid_qty: 'The quantity must be a whole number from 1 to 99999.',
  merged: 'Same code as an earlier line: its quantity was added there.',
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The items named by codes, by lowercased code: a product's own code first, else a variant's. */
async function itemsByCode(db: Db, codes: string[]): Promise<Map<string, ItemKey>> {
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  const out = new Map<string, ItemKey>();
  if (lowered.length === 0) return out;
  const [productRows, variantRows] = await inOrder(
    () => db.select({ id: products.id, code: products.code }).from(products).where(inArray(sql`lower(${products.code})`, lowered)),
    () => db.select({ id: variants.id, productId: variants.productId, code: variants.code }).from(variants).where(inArray(sql`lower(${variants.code})`, lowered)),
  );
  for (const v of variantRows) out.set(v.code.toLowerCase(), { productId: v.productId, variantId: v.id });
  for (const p of productRows) out.set(p.code.toLowerCase(), { productId: p.id, variantId: null });
  return out;
}

const validQty = (qty: number | null): qty is number => qty !== null && Number.isInteger(qty) && qty >= 1 && qty <= MAX_CART_QTY;

export async function validateQuickOrder(db: Db, lines: QuickOrderValidateBody['lines'], view: ItemView): Promise<{ lines: QuickOrderLineResult[]; valid_count: number }> {
  const keys = await itemsByCode(db, lines.map((l) => l.code));
  const found = [...new Map([...keys.values()].map((k) => [itemKey(k), k])).values()];
  const { items, withVariants } = await describeItemsWithVariants(db, found, view);
  // Lines of the same item (or the same unknown code) add their quantities to the first of them.
  const firstOf = new Map<string, number>();
  const totals = new Map<number, number>();
  const results: QuickOrderLineResult[] = lines.map((l, index) => {
    const key = keys.get(l.code.toLowerCase());
    const item: OrderableItem | null = (key && items.get(itemKey(key))) ?? null;
    const base = { line: l.line, code: l.code, item, max_qty: null, merged_into: null };
    if (!validQty(l.qty)) return { ...base, qty: null, status: 'invalid_qty', message: MESSAGES.invalid_qty };
    const group = key ? itemKey(key) : `code:${l.code.toLowerCase()}`;
    const first = firstOf.get(group);
    if (first !== undefined) {
      totals.set(first, Math.min(MAX_CART_QTY, (totals.get(first) ?? 0) + l.qty));
      return { ...base, qty: l.qty, status: 'merged', message: MESSAGES.merged, merged_into: lines[first]!.line };
    }
    firstOf.set(group, index);
    totals.set(index, l.qty);
    return { ...base, qty: l.qty, status: 'ok', message: MESSAGES.ok };
  });
  let valid = 0;
  for (const [index, qty] of totals) {
    const r = results[index]!;
    const status = statusOf(r.item, qty, withVariants);
    results[index] = { ...r, qty, status, message: MESSAGES[status], max_qty: r.item?.max_qty ?? null };
    if (status === 'ok') valid++;
  }
  return { lines: results, valid_count: valid };
}

function statusOf(item: OrderableItem | null, qty: number, withVariants: Set<number>): QuickOrderLineStatus {
  if (!item) return 'unknown_code';
  if (item.variant === null && withVariants.has(item.product)) return 'choose_variant';
  if (!item.is_published || (item.max_qty !== null && item.max_qty <= 0)) return 'not_orderable';
  if (item.max_qty !== null && qty > item.max_qty) return 'over_stock';
  return 'ok';
}

/**
 * Up to 10 orderable-looking things for the text typed: products without variants and variants of
 * published products, whose code starts with it, or whose product texts in the locale hold its
 * words (whole, stemmed, or as prefixes being typed: the GIN-indexed vector of the catalogue
 * search), or whose variant name holds it; exact codes first, then code prefixes, then the rest,
 * A to Z by code.
 */
export async function searchQuickOrder(db: Db, text: string, view: ItemView): Promise<OrderableItem[]> {
  const q = text.trim().toLowerCase();
  if (q.length < QUICK_ORDER_SEARCH_MIN) return [];
  const prefix = `${escapeLike(q)}%`;
  const contains = `%${escapeLike(q)}%`;
  const limit = QUICK_ORDER_SEARCH_LIMIT;
  const config = sql.raw(`'${TEXT_SEARCH_CONFIG[view.locale]}'::regconfig`);
  const words = prefixQuery(q);
  const named = await db
    .select({ id: productTranslations.productId })
    .from(productTranslations)
    .where(
      and(
        eq(productTranslations.locale, view.locale),
        or(
          sql`${productTranslations.search} @@ websearch_to_tsquery(${config}, ${q})`,
          // A word being typed is no word yet: its stem may not start the stored one ("zephy"
          // stems to "zephi", "zephyr" stays), so it is also taken unstemmed.
          words ? sql`${productTranslations.search} @@ to_tsquery(${config}, ${words})` : undefined,
          words ? sql`${productTranslations.search} @@ to_tsquery('simple', ${words})` : undefined,
        ),
      ),
    )
    // Enough to fill a page of suggestions after the unpublished and those with variants drop out.
    .limit(200);
  const namedIds = named.map((n) => n.id);
  const byName = (column: typeof products.id | typeof variants.productId) => (namedIds.length ? inArray(column, namedIds) : undefined);
  const productRank = sql<number>`case when lower(${products.code}) = ${q} then 0 when lower(${products.code}) like ${prefix} then 1 else 2 end`;
  const variantRank = sql<number>`case when lower(${variants.code}) = ${q} then 0 when lower(${variants.code}) like ${prefix} then 1 else 2 end`;
  const [productHits, variantHits] = await inOrder(
    () =>
      db
        .select({ productId: products.id, rank: productRank, code: products.code })
        .from(products)
        .where(
          and(
            eq(products.isPublished, true),
            notExists(db.select({ one: sql`1` }).from(variants).where(eq(variants.productId, products.id))),
            or(sql`lower(${products.code}) like ${prefix}`, byName(products.id)),
          ),
        )
        .orderBy(productRank, asc(products.code))
        .limit(limit),
    () =>
      db
        .select({ productId: variants.productId, variantId: variants.id, rank: variantRank, code: variants.code })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(
          and(
            eq(products.isPublished, true),
            or(
              sql`lower(${variants.code}) like ${prefix}`,
              sql`lower(${products.code}) like ${prefix}`,
              ilike(sql`coalesce(${variants.name} ->> ${view.locale}, ${variants.name} ->> 'it')`, contains),
              byName(variants.productId),
            ),
          ),
        )
        .orderBy(variantRank, asc(variants.code))
        .limit(limit),
  );
  const hits = [
    ...productHits.map((h) => ({ key: { productId: h.productId, variantId: null }, rank: h.rank, code: h.code })),
    ...variantHits.map((h) => ({ key: { productId: h.productId, variantId: h.variantId }, rank: h.rank, code: h.code })),
  ]
    .sort((a, b) => a.rank - b.rank || a.code.localeCompare(b.code))
    .slice(0, limit);
  const items = await describeItems(db, hits.map((h) => h.key), view);
  return hits.flatMap((h) => items.get(itemKey(h.key)) ?? []);
}
