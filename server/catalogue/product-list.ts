// The product list: filters, full-text search, ordering and paging, all in SQL on indexed
// columns. One query for the page with each product's first image and whether it has variants,
// one for the count when the page does not tell it, one for the page's custom fields (never one
// per product). Related products are summarised from their rows with a query each for images,
// custom fields and variants.
// The common shapes are named statements (ADR 0035).
import { and, asc, desc, eq, exists, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { Image, ProductOrderField, ProductSummary } from '../../src/lib/contract/products';
import { stockState } from '../../src/lib/rules/stock';
import type { Db } from '../db/client';
import { anyOf, prepared } from '../db/prepared';
import {
  assets, categories, customerPrices, customFields, customFieldValues, orderRows, orders, productCategories, productCustomValues,
  products, productTranslations, seasonPrices, variants,
} from '../db/schema';
import { customFieldValuesOf } from './custom-field-values';
import { pick, TEXT_SEARCH_CONFIG } from './localized';

export interface ProductListFilter {
  locale: Locale;
  categories?: string[];
  includeDescendants?: boolean;
  customFields?: { key: string; value?: string }[];
  priceType?: 'standard' | 'special';
  priceMin?: number;
  priceMax?: number;
  search?: string;
  /** Products with a variant whose code starts with this, or whose name holds it. */
  searchVariants?: string;
  /**
   * Whose price the range of price type standard is about: with a customer or season, what they
   * pay (their own price, the season's, the special, the standard, as priceProducts resolves).
   */
  pricedFor?: { customerId?: number; seasonId?: number };
  productIds?: number[];
  /** Only products whose offer price is below their list price. */
  onOffer?: boolean;
  /** Only products in these promotions. */
  promotionIds?: number[];
  orderedByCustomer?: number;
}


function whereOf(db: Db, f: ProductListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isPublished, true)];
  if (f.categories?.length) conditions.push(inCategories(db, inArray(categories.slug, f.categories), f.includeDescendants));
  for (const cf of f.customFields ?? []) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productCustomValues)
          .innerJoin(customFieldValues, eq(customFieldValues.id, productCustomValues.valueId))
          .innerJoin(customFields, eq(customFields.id, customFieldValues.customFieldId))
          .where(
            and(
              eq(productCustomValues.productId, products.id),
              eq(customFields.appliesTo, 'product'),
              eq(customFields.key, cf.key),
              cf.value === undefined ? undefined : eq(customFieldValues.value, cf.value),
            ),
          ),
      ),
    );
  }
  const priceColumn = f.priceType === 'special' ? sql`${products.specialPrice}` : paidPrice(f.pricedFor);
  if (f.priceType === 'special' && (f.priceMin !== undefined || f.priceMax !== undefined)) {
    conditions.push(isNotNull(products.specialPrice));
  }
  if (f.priceMin !== undefined) conditions.push(sql`${priceColumn} >= ${f.priceMin}`);
  if (f.priceMax !== undefined) conditions.push(sql`${priceColumn} <= ${f.priceMax}`);
  if (f.search) {
    const config = TEXT_SEARCH_CONFIG[f.locale];
    conditions.push(
      or(
        // The stored vector is GIN-indexed; it covers name, title and summary in the row's language.
        sql`${productTranslations.search} @@ websearch_to_tsquery(${sql.raw(`'${config}'`)}::regconfig, ${f.search})`,
        // Words still being typed ("tappat") match as prefixes, on the same index.
        ...(prefixQuery(f.search) ? [sql`${productTranslations.search} @@ to_tsquery(${sql.raw(`'${config}'`)}::regconfig, ${prefixQuery(f.search)})`] : []),
        sql`${products.code} ilike ${escapeLike(f.search) + '%'}`,
      ),
    );
  }
  // An offer is a real discount: a special price that is set and lower than the list price.
  if (f.onOffer) conditions.push(isNotNull(products.specialPrice), lt(products.specialPrice, products.standardPrice));
  if (f.searchVariants) {
    const pattern = `%${escapeLike(f.searchVariants)}%`;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(variants)
          .where(
            and(
              eq(variants.productId, products.id),
              or(
                sql`${variants.code} ilike ${escapeLike(f.searchVariants) + '%'}`,
                sql`coalesce(${variants.name} ->> ${f.locale}, ${variants.name} ->> 'it') ilike ${pattern}`,
              ),
            ),
          ),
      ),
    );
  }
  if (f.productIds) conditions.push(inArray(products.id, f.productIds.length ? f.productIds : [-1]));
  if (f.promotionIds?.length) {
    conditions.push(sql`exists (select 1 from promotion_products pp where pp.product_id = ${products.id} and pp.promotion_id in ${f.promotionIds})`);
  }
  return and(...conditions);
}


/** Products in the categories `chosen` picks (by slug), or in their descendants as well. */
function inCategories(db: Db, chosen: SQL, includeDescendants: boolean | undefined): SQL {
  if (includeDescendants) {
    const picked = db.select({ path: categories.path, id: categories.id }).from(categories).where(chosen);
    return exists(
      db
        .select({ one: sql`1` })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(
          and(
            eq(productCategories.productId, products.id),
            sql`exists (select 1 from (${picked}) chosen where ${categories.path} like chosen.path || '%')`,
          ),
        ),
    );
  }
  return exists(
    db
      .select({ one: sql`1` })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(and(eq(productCategories.productId, products.id), chosen)),
  );
}

/**
 * The listing's common shapes, sent as named statements (ADR 0035): published products, of some
 * categories or not, in any order. Other filters (search, prices, custom fields...) change the
 * text with their values and are built each time.
 */
type CommonShape = 'all' | 'categories' | 'category-trees';

function commonShapeOf(f: ProductListFilter): CommonShape | undefined {
  const other =
    f.customFields?.length ||
    f.priceMin !== undefined ||
    f.priceMax !== undefined ||
    f.search ||
    f.searchVariants ||
    f.productIds ||
    f.promotionIds?.length ||
    f.onOffer;
  if (other) return undefined;
  if (!f.categories?.length) return 'all';
  return f.includeDescendants ? 'category-trees' : 'categories';
}

function commonWhere(db: Db, shape: CommonShape): SQL | undefined {
  const published = eq(products.isPublished, true);
  if (shape === 'all') return published;
  return and(published, inCategories(db, anyOf(categories.slug, 'categories'), shape === 'category-trees'));
}

/**
 * The unit price a customer (and season) pays, in SQL, in the order of effectivePrice
 * (src/lib/rules/pricing.ts) and priceProducts: the customer's price for the season, their
 * price for any season (both within their validity), the season's, the special, the standard.
 */
function paidPrice(pricedFor: ProductListFilter['pricedFor']): SQL {
  const customerId = pricedFor?.customerId;
  const seasonId = pricedFor?.seasonId;
  if (!customerId && !seasonId) return sql`${products.standardPrice}`;
  const agreed = (seasonCondition: SQL) => sql`(select cp.price from ${customerPrices} cp
    where cp.customer_id = ${customerId} and cp.product_id = ${products.id} and cp.variant_id is null and ${seasonCondition}
      and (cp.valid_from is null or cp.valid_from <= current_date) and (cp.valid_to is null or cp.valid_to >= current_date)
    order by cp.id limit 1)`;
  const parts: SQL[] = [];
  if (customerId && seasonId) parts.push(agreed(sql`cp.season_id = ${seasonId}`));
  if (customerId) parts.push(agreed(sql`cp.season_id is null`));
  if (seasonId) parts.push(sql`(select sp.price from ${seasonPrices} sp where sp.season_id = ${seasonId} and sp.product_id = ${products.id})`);
  return sql`coalesce(${sql.join(parts, sql`, `)}, ${products.specialPrice}, ${products.standardPrice})`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** "tappat bordol" → "tappat:* & bordol:*"; only letters and digits reach to_tsquery. */
export function prefixQuery(search: string): string | null {
  const words = search
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * How well a product matches the search, in SQL on the rows the indexed filter kept: 0 the exact
 * article code, 1 the name holds the words (whole, stemmed, or as prefixes being typed), 2 the code
 * starts with the text, 3 anything else (title or summary).
 */
function relevanceTier(search: string, locale: Locale): SQL {
  const config = sql.raw(`'${TEXT_SEARCH_CONFIG[locale]}'::regconfig`);
  const name = sql`to_tsvector(${config}, coalesce(${productTranslations.name}, ''))`;
  const prefix = prefixQuery(search);
  const nameMatch = prefix
    ? sql`(${name} @@ websearch_to_tsquery(${config}, ${search}) or ${name} @@ to_tsquery(${config}, ${prefix}))`
    : sql`${name} @@ websearch_to_tsquery(${config}, ${search})`;
  return sql`case
    when lower(${products.code}) = lower(${search.trim()}) then 0
    when ${nameMatch} then 1
    when ${products.code} ilike ${escapeLike(search.trim()) + '%'} then 2
    else 3 end`;
}

function orderOf(o: Ordering<ProductOrderField>, search: string | undefined, locale: Locale): SQL[] {
  if (o.field === 'relevance') {
    const byName = [asc(productTranslations.name), asc(products.id)];
    if (!search) return byName;
    return [sql`${relevanceTier(search, locale)} ${sql.raw(o.direction === 'asc' ? 'desc' : 'asc')}`, ...byName];
  }
  const dir = o.direction === 'asc' ? asc : desc;
  const column = {
    name: productTranslations.name,
    title: productTranslations.title,
    standard_price: products.standardPrice,
    special_price: products.specialPrice,
    create_date: products.createDate,
    write_date: products.writeDate,
  }[o.field];
  // Products without a special price sort last whatever the direction.
  const primary = o.field === 'special_price' ? sql`${column} ${sql.raw(o.direction)} nulls last` : dir(column);
  return [primary, asc(products.id)];
}

export const DEFAULT_PRODUCT_ORDER: Ordering<ProductOrderField> = { field: 'name', direction: 'asc' };
/** A search that names no order is answered most relevant first. */
export const SEARCH_PRODUCT_ORDER: Ordering<ProductOrderField> = { field: 'relevance', direction: 'desc' };

export async function listProducts<E = undefined>(
  db: Db,
  filter: ProductListFilter,
  page: { page: number; pageSize: number },
  ordering: Ordering<ProductOrderField> = DEFAULT_PRODUCT_ORDER,
  options: {
    /** Builds every shape anew, as for any other filter (tests compare the two). */
    general?: boolean;
    /** A read of the page's ids that runs with the page's own look-ups (its answer is `alongside`). */
    alongside?: (ids: number[]) => Promise<E>;
  } = {},
): Promise<{ results: ProductSummary[]; count: number; alongside?: E }> {
  const offset = (page.page - 1) * page.pageSize;
  // Only the translation's columns a summary shows: the description and the search vector are
  // most of a row's bytes, and the listing would read and decode them for nothing.
  const listed = (db: Db, locale: SQL | Locale) =>
    db
      .select({ products, product_translations: summaryTranslation, image: firstImage, hasVariants })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)));
  const counted = (db: Db, locale: SQL | Locale) =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)));
  const shape = options.general ? undefined : commonShapeOf(filter);
  let rows: ProductRow[];
  let countRows: () => Promise<{ count: number }[]>;
  if (shape) {
    const values = { locale: filter.locale, categories: filter.categories ?? [], limit: page.pageSize, offset };
    const locale = sql`${sql.placeholder('locale')}`;
    // No search here, so the order's text depends on its field and direction only.
    const order = `${ordering.field}_${ordering.direction}`;
    rows = await prepared(db, `product_list_${shape}_${order}`, (db) =>
      listed(db, locale)
        .where(commonWhere(db, shape))
        .orderBy(...orderOf(ordering, undefined, filter.locale))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ).execute(values);
    countRows = () => prepared(db, `product_count_${shape}`, (db) => counted(db, locale).where(commonWhere(db, shape))).execute(values);
  } else {
    const where = whereOf(db, filter);
    rows = await listed(db, filter.locale)
      .where(where)
      .orderBy(...orderOf(ordering, filter.search, filter.locale))
      .limit(page.pageSize)
      .offset(offset);
    countRows = () => counted(db, filter.locale).where(where);
  }
  // The count is asked only when the page does not tell it: a page that is not full is the last
  // one, so the count is the rows before it and on it (ADR 0035). An empty page past the first
  // says nothing (the count may be anything up to its offset).
  const known = rows.length < page.pageSize && (rows.length > 0 || page.page === 1);
  const [results, count, alongside] = await Promise.all([
    summarize(db, rows, filter.locale, filter.orderedByCustomer),
    known ? offset + rows.length : countRows().then(([total]) => total?.count ?? 0),
    options.alongside?.(rows.map((r) => r.products.id)),
  ]);
  return { results, count, alongside };
}

/** The translation's columns a summary shows. */
const summaryTranslation = { name: productTranslations.name, title: productTranslations.title, summary: productTranslations.summary };

type ImageFacts = Pick<typeof assets.$inferSelect, 'url' | 'alt' | 'width' | 'height'>;

// The page's first images and variant flags in the page's own statement (ADR 0041): subqueries
// of the select list, which PostgreSQL evaluates after the sort and the limit, for the page's
// rows only (a lateral join could be run for every matching product).
const firstImage = sql<ImageFacts | null>`(select json_build_object('url', a.url, 'alt', a.alt, 'width', a.width, 'height', a.height)
  from ${assets} a where a.product_id = ${products.id} and a.kind = 'image' order by a.position limit 1)`;
// A scalar subquery, not EXISTS: PostgreSQL may answer an EXISTS by hashing the whole table once.
const hasVariants = sql<boolean>`coalesce((select true from ${variants} v where v.product_id = ${products.id} limit 1), false)`;

type ProductRow = {
  products: typeof products.$inferSelect;
  product_translations: Pick<typeof productTranslations.$inferSelect, 'name' | 'title' | 'summary'>;
  /** Read with the rows by listProducts (JSON, parsed by either driver); summarize reads them otherwise. */
  image?: ImageFacts | null;
  hasVariants?: boolean;
};

/** Builds the list shape for some product rows, with a few batched look-ups. */
export async function summarize(
  db: Db,
  rows: ProductRow[],
  locale: Locale,
  orderedByCustomer?: number,
): Promise<ProductSummary[]> {
  const ids = rows.map((r) => r.products.id);
  if (ids.length === 0) return [];
  const readWithRows = rows.every((r) => r.image !== undefined && r.hasVariants !== undefined);
  // Named statements (ADR 0035): the ids are one array parameter.
  const [images, fields, variantCounts, ordered] = await Promise.all([
    readWithRows
      ? Promise.resolve([])
      : prepared(db, 'product_list_images', (db) =>
          db
            .selectDistinctOn([assets.productId])
            .from(assets)
            .where(and(anyOf(assets.productId, 'ids'), eq(assets.kind, 'image')))
            .orderBy(assets.productId, asc(assets.position)),
        ).execute({ ids }),
    productCustomFieldValues(db, ids, locale),
    readWithRows
      ? Promise.resolve([])
      : prepared(db, 'product_list_variant_counts', (db) =>
          db
            .select({ productId: variants.productId, n: sql<number>`count(*)::int` })
            .from(variants)
            .where(anyOf(variants.productId, 'ids'))
            .groupBy(variants.productId),
        ).execute({ ids }),
    orderedByCustomer === undefined
      ? Promise.resolve([])
      : prepared(db, 'product_list_ordered_qty', (db) =>
          db
            .select({ productId: orderRows.productId, qty: sql<number>`sum(${orderRows.qty})::int` })
            .from(orderRows)
            .innerJoin(orders, eq(orders.id, orderRows.orderId))
            .where(and(eq(orders.customerId, sql.placeholder('customer')), anyOf(orderRows.productId, 'ids')))
            .groupBy(orderRows.productId),
        ).execute({ ids, customer: orderedByCustomer }),
  ]);
  const imageOf = new Map<number, ImageFacts>(
    readWithRows
      ? rows.flatMap((r) => (r.image ? [[r.products.id, r.image] as const] : []))
      : images.map((a) => [a.productId, a]),
  );
  const withVariants = new Set(readWithRows ? rows.filter((r) => r.hasVariants).map((r) => r.products.id) : variantCounts.filter((v) => v.n > 0).map((v) => v.productId));
  const orderedOf = new Map(ordered.map((o) => [o.productId, o.qty]));
  return rows.map(({ products: p, product_translations: t }) => {
    const image = imageOf.get(p.id);
    const summary: ProductSummary = {
      id: p.id,
      code: p.code,
      slug: p.slug,
      name: t.name,
      title: t.title,
      summary: t.summary,
      brand: p.brand,
      price: { standard_price: p.standardPrice, special_price: p.specialPrice },
      vat_rate: p.vatRate,
      quantity: p.quantity,
      is_backorderable: p.isBackorderable,
      stock_state: stockState(p.quantity, p.isBackorderable),
      unit: p.unit,
      image: image ? toImage(image, t.name, locale) : null,
      custom_fields: fields.get(p.id) ?? [],
      has_variants: withVariants.has(p.id),
      create_date: p.createDate.toISOString(),
      write_date: p.writeDate.toISOString(),
    };
    if (orderedByCustomer !== undefined) summary.ordered_qty = orderedOf.get(p.id) ?? 0;
    return summary;
  });
}

export function toImage(a: ImageFacts, fallbackAlt: string, locale: Locale): Image {
  return { url: a.url, alt: pick(a.alt, locale) || fallbackAlt, width: a.width, height: a.height };
}

/** Custom field values of products by product id (one query). */
export const productCustomFieldValues = (db: Db, ids: number[], locale: Locale) => customFieldValuesOf(db, 'product', ids, locale);
