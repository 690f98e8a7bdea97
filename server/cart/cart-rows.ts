// Cart rows with their product, price for the cart's customer and season, and the stock the
// row may hold: a few batched queries for any number of rows (never one per row).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CartRow, CartRowOrderField } from '../../src/lib/contract/cart';
import type { Locale, ShopContext } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import { effectivePrice, round2 } from '../../src/lib/rules/pricing';
import { rowStock } from '../../src/lib/rules/cart';
import { stockState } from '../../src/lib/rules/stock';
import { cartRowsHoldStock, holdingContexts, type StockEffect } from '../../src/lib/rules/stock-effect';
import { grossOf } from '../../src/lib/rules/vat-display';
import { pick } from '../catalogue/localized';
import { priceProducts, priceVariants } from '../catalogue/prices';
import { toImage } from '../catalogue/product-list';
import type { Db } from '../db/client';
import { prepared, together } from '../db/prepared';
import { assets, cartRows, carts, customerPrices, customers, products, productTranslations, seasonPrices, variants, type L10nJson } from '../db/schema';
import { renewHolds } from './cart-holds';
import { promotionCandidatesJson, promotionChoice, type PromotionChoice } from './promotion-store';
import { heldByCarts, readStockEffect, stockKey } from './stock';

export type CartRecord = typeof carts.$inferSelect;

/** A row whose hold ran out and the stock no longer covers: spec section 8's wording. */
const HOLD_LAPSED = { field: 'qty', code: 'quantity_not_available', message: 'The quantity is not available' } as const;
export type CartRowRecord = typeof cartRows.$inferSelect;

/** A priced row with what checkout needs beyond the API shape. */
export interface PricedCartRow extends CartRow {
  weight_kg: number;
  /** Units in stock of the product (or variant), before any cart holds some. */
  stock: number;
  /** Whether the product is still sold (checkout refuses a row that is not). */
  is_published: boolean;
  /** The product's name in every locale it has (an order row keeps them); read with the whole cart only. */
  names?: L10nJson;
}

/** What a row is priced and shown from, read with it. */
interface RowFacts {
  row: CartRowRecord;
  product: Pick<
    typeof products.$inferSelect,
    'id' | 'code' | 'slug' | 'standardPrice' | 'specialPrice' | 'vatRate' | 'quantity' | 'isBackorderable' | 'unit' | 'weightKg' | 'isPublished'
  >;
  /** In the asked locale; null when the product has no translation in it. */
  name: string | null;
  variant: Pick<typeof variants.$inferSelect, 'id' | 'code' | 'name' | 'standardPrice' | 'specialPrice' | 'quantity' | 'isBackorderable'> | null;
  image: Pick<typeof assets.$inferSelect, 'url' | 'alt' | 'width' | 'height'> | null;
  /** Units other carts' fresh rows hold of the row's stock item. */
  held: number;
  /**
   * Read with the whole cart, for a row without variant: the customer's agreed prices of the
   * product (of no season, or of the cart's) and the season's price. Absent: read by priceProducts.
   */
  agreed?: { price: number; season: number | null; from: string | null; to: string | null }[];
  seasonPrice?: number | null;
  names?: L10nJson | null;
}

const productFacts = {
  id: products.id,
  code: products.code,
  slug: products.slug,
  standardPrice: products.standardPrice,
  specialPrice: products.specialPrice,
  vatRate: products.vatRate,
  quantity: products.quantity,
  isBackorderable: products.isBackorderable,
  unit: products.unit,
  weightKg: products.weightKg,
  isPublished: products.isPublished,
};
const variantFacts = {
  id: variants.id,
  code: variants.code,
  name: variants.name,
  standardPrice: variants.standardPrice,
  specialPrice: variants.specialPrice,
  quantity: variants.quantity,
  isBackorderable: variants.isBackorderable,
};

/**
 * What a row without variant costs the customer, from the prices read with it: as
 * priceProducts (server/catalogue/prices.ts) resolves them, which the rows of a page still use.
 */
function priceFromFacts(f: RowFacts): number {
  const today = new Date().toISOString().slice(0, 10);
  const mine = (f.agreed ?? []).filter((a) => (!a.from || a.from <= today) && (!a.to || a.to >= today));
  return effectivePrice({
    standard: f.product.standardPrice,
    special: f.product.specialPrice,
    customerSeason: mine.find((a) => a.season !== null)?.price ?? null,
    customer: mine.find((a) => a.season === null)?.price ?? null,
    season: f.seasonPrice ?? null,
  }).price;
}

/** The rows' prices for the cart's customer and season: the list prices come with the facts, agreed and season prices too when the whole cart was read. */
async function pricesOf(db: Db, cart: CartRecord, facts: RowFacts[]) {
  const plain = facts.filter((f) => f.row.variantId === null);
  const variantIds = [...new Set(facts.flatMap((f) => (f.variant ? [f.variant.id] : [])))];
  const known = new Map(plain.map((f) => [f.product.id, { standard: f.product.standardPrice, special: f.product.specialPrice }]));
  const q = { customerId: cart.customerId, seasonId: cart.seasonId };
  const read = plain.every((f) => f.agreed !== undefined);
  const [productPrices, variantPrices] = await together(
    db,
    async () => (read ? new Map(plain.map((f) => [f.product.id, { price: priceFromFacts(f) }])) : priceProducts(db, [...known.keys()], q, known)),
    () => priceVariants(db, variantIds, q),
  );
  return { productPrices, variantPrices };
}

/** The API row (and checkout's extras) of one row's facts. */
function shapeRow(
  f: RowFacts,
  prices: Awaited<ReturnType<typeof pricesOf>>,
  context: { locale: Locale; now: Date; vatIncluded: boolean; rowsHold: boolean },
): PricedCartRow {
  const { row, product: p, variant } = f;
  const { locale, now, vatIncluded } = context;
  const price = (variant ? prices.variantPrices.get(variant.id)?.price : prices.productPrices.get(p.id)?.price) ?? variant?.standardPrice ?? p.standardPrice;
  const stock = variant?.quantity ?? p.quantity;
  const isBackorderable = variant?.isBackorderable ?? p.isBackorderable;
  const shown = rowStock(stock, f.held);
  const name = f.name ?? p.code;
  return {
    id: row.id,
    cart: row.cartId,
    product: row.productId,
    variant: row.variantId,
    qty: row.qty,
    price,
    total: round2(price * row.qty),
    vat_included: vatIncluded,
    shown_price: vatIncluded ? grossOf(price, p.vatRate) : price,
    shown_total: vatIncluded ? grossOf(round2(price * row.qty), p.vatRate) : round2(price * row.qty),
    product_detail: {
      id: p.id,
      code: variant?.code ?? p.code,
      slug: p.slug,
      name,
      variant_name: variant ? pick(variant.name, locale) : null,
      image: f.image ? toImage(f.image as typeof assets.$inferSelect, name, locale) : null,
      is_backorderable: isBackorderable,
      quantity: shown,
      stock_state: stockState(shown, isBackorderable),
      vat_rate: p.vatRate,
      unit: p.unit,
    },
    ...(context.rowsHold && !isBackorderable && row.heldUntil <= now ? { stock_problem: HOLD_LAPSED } : {}),
    weight_kg: p.weightKg,
    stock,
    is_published: p.isPublished,
    ...(f.names ? { names: { ...f.names, it: f.names.it ?? Object.values(f.names)[0]! } } : {}),
  };
}

/**
 * A whole cart's rows with everything they are priced and shown from, its customer's kind and
 * the promotions running now (of every context: the kind picks them), in one named statement
 * (the summary of every cart request and of checkout); then the agreed and season prices.
 * `effect` says whether other carts' holds are read with it.
 */
export async function readPricedCart(
  db: Db,
  cart: CartRecord,
  options: { locale: Locale; now: Date; effect: StockEffect },
): Promise<{ customerKind: ShopContext | undefined; rows: PricedCartRow[]; records: CartRowRecord[]; promotions: PromotionChoice }> {
  const contexts = holdingContexts(options.effect);
  const withHolds = contexts.length > 0;
  const read = await prepared(db, withHolds ? 'cart_contents_held' : 'cart_contents', (db) => {
    const image = db
      .select({ url: assets.url, alt: assets.alt, width: assets.width, height: assets.height })
      .from(assets)
      .where(and(eq(assets.productId, products.id), eq(assets.kind, 'image')))
      .orderBy(asc(assets.position))
      .limit(1)
      .as('image');
    // Other carts' fresh holds of the row's stock item, as heldByCarts counts them.
    const held = withHolds
      ? sql<number>`coalesce((select sum(h.qty) from ${cartRows} h join ${carts} hc on hc.id = h.cart_id
          where h.product_id = ${cartRows.productId} and h.variant_id is not distinct from ${cartRows.variantId}
            and h.held_until > ${sql.placeholder('now')} and hc.shop_context = any(${sql.placeholder('contexts')}) and h.cart_id <> ${cartRows.cartId}), 0)::int`
      : sql<number>`0`;
    const plainRow = sql`${cartRows.variantId} is null`;
    // Agreed prices of no season or of the cart's, as priceProducts reads them.
    const agreed = sql<RowFacts['agreed'] | null>`(select json_agg(json_build_object('price', cp.price, 'season', cp.season_id, 'from', cp.valid_from, 'to', cp.valid_to) order by cp.id)
      from ${customerPrices} cp where ${plainRow} and cp.customer_id = ${customers.id} and cp.product_id = ${cartRows.productId} and cp.variant_id is null
        and (cp.season_id is null or cp.season_id = ${sql.placeholder('season')}::int))`;
    const seasonPrice = sql<string | null>`(select sp.price from ${seasonPrices} sp where ${plainRow} and sp.season_id = ${sql.placeholder('season')}::int and sp.product_id = ${cartRows.productId})`;
    const names = sql<L10nJson | null>`(select json_object_agg(n.locale, n.name) from ${productTranslations} n where n.product_id = ${cartRows.productId})`;
    return db
      .select({
        kind: customers.kind,
        row: cartRows,
        product: productFacts,
        name: productTranslations.name,
        variant: variantFacts,
        image: { url: image.url, alt: image.alt, width: image.width, height: image.height },
        held,
        agreed,
        seasonPrice,
        names,
        // Once, on the first row: the promotions are the cart's, not a row's.
        promotions: sql<unknown>`case when row_number() over (order by ${cartRows.id}) = 1 then ${promotionCandidatesJson(sql`${sql.placeholder('now')}::timestamptz`)} end`,
      })
      .from(customers)
      .leftJoin(cartRows, eq(cartRows.cartId, sql.placeholder('cart')))
      .leftJoin(products, eq(products.id, cartRows.productId))
      .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, sql.placeholder('locale'))))
      .leftJoin(variants, eq(variants.id, cartRows.variantId))
      .leftJoinLateral(image, sql`true`)
      .where(eq(customers.id, sql.placeholder('customer')))
      .orderBy(asc(cartRows.id));
  }).execute({ cart: cart.id, customer: cart.customerId, locale: options.locale, now: options.now.toISOString(), contexts, season: cart.seasonId });
  const facts = read.flatMap(({ row, product, name, variant, image, held, agreed, seasonPrice, names }): RowFacts[] =>
    // A row whose product is gone is left out, as it always was.
    row && product
      ? [
          {
            row,
            product,
            name,
            variant: row.variantId === null ? null : variant,
            image,
            held,
            agreed: agreed ?? [],
            seasonPrice: seasonPrice === null ? null : Number(seasonPrice),
            names,
          },
        ]
      : [],
  );
  const customerKind = read[0]?.kind;
  const promotions = promotionChoice(read[0]?.promotions);
  const vatIncluded = customerKind !== 'b2b';
  const records = facts.map((f) => f.row);
  if (facts.length === 0) return { customerKind, rows: [], records, promotions };
  const prices = await pricesOf(db, cart, facts);
  const context = { locale: options.locale, now: options.now, vatIncluded, rowsHold: cartRowsHoldStock(options.effect, cart.shopContext) };
  return { customerKind, rows: facts.map((f) => shapeRow(f, prices, context)), records, promotions };
}

/**
 * Some rows of a cart priced (a page of them). `now` is the moment whose holds count: other
 * carts' rows hold stock only while fresh, and a row of this cart whose hold has run out (and
 * could not be renewed) carries a stock_problem.
 */
export async function pricedRows(db: Db, cart: CartRecord, rows: CartRowRecord[], locale: Locale, now: Date, effect?: StockEffect): Promise<PricedCartRow[]> {
  if (rows.length === 0) return [];
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const variantIds = [...new Set(rows.flatMap((r) => (r.variantId === null ? [] : [r.variantId])))];
  const stockEffect = effect ?? (await readStockEffect(db));
  const [productRecords, variantRecords, images, held, vatIncluded] = await together(
    db,
    () =>
      db
        .select({ product: productFacts, name: productTranslations.name })
        .from(products)
        .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
        .where(inArray(products.id, productIds)),
    () => (variantIds.length ? db.select(variantFacts).from(variants).where(inArray(variants.id, variantIds)) : Promise.resolve([])),
    () =>
      db
        .selectDistinctOn([assets.productId])
        .from(assets)
        .where(and(inArray(assets.productId, productIds), eq(assets.kind, 'image')))
        .orderBy(assets.productId, asc(assets.position)),
    () => heldByCarts(db, productIds, stockEffect, now, cart.id),
    () => cartShowsVat(db, cart),
  );
  const productOf = new Map(productRecords.map((r) => [r.product.id, r]));
  const variantOf = new Map(variantRecords.map((v) => [v.id, v]));
  const imageOf = new Map(images.map((a) => [a.productId, a]));
  const facts = rows.flatMap((row): RowFacts[] => {
    const record = productOf.get(row.productId);
    if (!record) return [];
    return [
      {
        row,
        product: record.product,
        name: record.name,
        variant: row.variantId === null ? null : (variantOf.get(row.variantId) ?? null),
        image: imageOf.get(row.productId) ?? null,
        held: held.get(stockKey(row.productId, row.variantId)) ?? 0,
      },
    ];
  });
  const prices = await pricesOf(db, cart, facts);
  const context = { locale, now, vatIncluded, rowsHold: cartRowsHoldStock(stockEffect, cart.shopContext) };
  return facts.map((f) => shapeRow(f, prices, context));
}

/**
 * Whether the cart's prices are shown with VAT (src/lib/rules/vat-display.ts): by the kind of its
 * customer, whoever (customer or agent) looks at it.
 */
export async function cartShowsVat(db: Db, cart: Pick<CartRecord, 'customerId'>): Promise<boolean> {
  const [c] = await db.select({ kind: customers.kind }).from(customers).where(eq(customers.id, cart.customerId));
  return c?.kind !== 'b2b';
}

export async function allCartRows(db: Db, cartId: number): Promise<CartRowRecord[]> {
  return db.select().from(cartRows).where(eq(cartRows.cartId, cartId)).orderBy(asc(cartRows.id));
}

export const DEFAULT_CART_ROW_ORDER: Ordering<CartRowOrderField> = { field: 'id', direction: 'asc' };

/** One page of a cart's rows, paged and sorted in SQL. */
export async function listCartRows(
  db: Db,
  cart: CartRecord,
  locale: Locale,
  page: { page: number; pageSize: number },
  now: Date,
  ordering: Ordering<CartRowOrderField> = DEFAULT_CART_ROW_ORDER,
): Promise<{ results: CartRow[]; count: number }> {
  // Reading the cart is when its lapsed holds are taken again, where the stock allows.
  await renewHolds(db, cart, await allCartRows(db, cart.id), now);
  const column = { id: cartRows.id, created_at: cartRows.createdAt, qty: cartRows.qty }[ordering.field];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cartRows)
      .where(eq(cartRows.cartId, cart.id))
      .orderBy(ordering.direction === 'asc' ? asc(column) : desc(column), asc(cartRows.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(cartRows).where(eq(cartRows.cartId, cart.id)),
  ]);
  const priced = await pricedRows(db, cart, rows, locale, now);
  return { results: priced.map(toCartRow), count: total?.count ?? 0 };
}

/** The API shape of a priced row (without checkout's extras). */
export function toCartRow(row: PricedCartRow): CartRow {
  const { weight_kg: _weight, stock: _stock, is_published: _published, names: _names, ...shape } = row;
  return shape;
}
