// Products and variants as the B2B calls show them (OrderableItem): name in the locale, the
// customer's price, the stock not held by other carts and whether it can be ordered, for any
// number of items in a fixed number of queries.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderableItem } from '../../src/lib/contract/b2b-ordering';
import type { Locale } from '../../src/lib/contract/common';
import { DEFAULT_LOCALE } from '../../src/lib/contract/locales';
import { rowStock } from '../../src/lib/rules/cart';
import { stockState } from '../../src/lib/rules/stock';
import type { StockEffect } from '../../src/lib/rules/stock-effect';
import { heldByCarts, readStockEffect, stockKey } from '../cart/stock';
import { pick } from '../catalogue/localized';
import { priceProducts, priceVariants } from '../catalogue/prices';
import { toImage } from '../catalogue/product-list';
import type { Db } from '../db/client';
import { inOrder } from '../db/in-order';
import { assets, products, productTranslations, variants } from '../db/schema';

export interface ItemKey {
  productId: number;
  variantId: number | null;
}

export interface ItemView {
  customerId: number;
  seasonId: number | null;
  locale: Locale;
  now: Date;
  effect?: StockEffect;
}

export const itemKey = (k: ItemKey) => stockKey(k.productId, k.variantId);

/** Product ids among `ids` that have variants (sold only by their variants). */
export async function productsWithVariants(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectDistinct({ id: variants.productId }).from(variants).where(inArray(variants.productId, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * The items of `keys` by itemKey; a key whose product is gone, or whose variant is not one of the
 * product, is left out. The stock shown is less what every cart holds (the customer's own
 * included): what one more add could still take.
 */
export async function describeItems(db: Db, keys: ItemKey[], view: ItemView): Promise<Map<string, OrderableItem>> {
  return (await describeItemsWithVariants(db, keys, view)).items;
}

/** describeItems, and which of the products have variants (read for it anyway). */
export async function describeItemsWithVariants(db: Db, keys: ItemKey[], view: ItemView): Promise<{ items: Map<string, OrderableItem>; withVariants: Set<number> }> {
  const out = new Map<string, OrderableItem>();
  if (keys.length === 0) return { items: out, withVariants: new Set() };
  const productIds = [...new Set(keys.map((k) => k.productId))];
  const variantIds = [...new Set(keys.flatMap((k) => (k.variantId === null ? [] : [k.variantId])))];
  const priceQuery = { customerId: view.customerId, seasonId: view.seasonId };
  const locales = [...new Set([view.locale, DEFAULT_LOCALE])];
  const effect = view.effect ?? (await readStockEffect(db));
  const [productRows, names, variantRows, withVariants, images, productPrices, variantPrices, held] = await inOrder(
    () => db.select().from(products).where(inArray(products.id, productIds)),
    () =>
      db
        .select({ productId: productTranslations.productId, locale: productTranslations.locale, name: productTranslations.name })
        .from(productTranslations)
        .where(and(inArray(productTranslations.productId, productIds), inArray(productTranslations.locale, locales))),
    () => (variantIds.length ? db.select().from(variants).where(inArray(variants.id, variantIds)) : Promise.resolve([])),
    () => productsWithVariants(db, productIds),
    () =>
      db
        .selectDistinctOn([assets.productId])
        .from(assets)
        .where(and(inArray(assets.productId, productIds), eq(assets.kind, 'image')))
        .orderBy(assets.productId, asc(assets.position)),
    () => priceProducts(db, [...new Set(keys.filter((k) => k.variantId === null).map((k) => k.productId))], priceQuery),
    () => priceVariants(db, variantIds, priceQuery),
    () => heldByCarts(db, productIds, effect, view.now),
  );
  const productOf = new Map(productRows.map((p) => [p.id, p]));
  const variantOf = new Map(variantRows.map((v) => [v.id, v]));
  const imageOf = new Map(images.map((a) => [a.productId, a]));
  const nameOf = new Map<number, string>();
  for (const n of names) if (n.locale === view.locale || !nameOf.has(n.productId)) nameOf.set(n.productId, n.name);
  for (const key of keys) {
    const p = productOf.get(key.productId);
    const v = key.variantId === null ? undefined : variantOf.get(key.variantId);
    if (!p || (key.variantId !== null && v?.productId !== p.id)) continue;
    const name = nameOf.get(p.id) ?? p.code;
    const stock = v?.quantity ?? p.quantity;
    const isBackorderable = v?.isBackorderable ?? p.isBackorderable;
    const shown = rowStock(stock, held.get(itemKey(key)) ?? 0);
    const price = (v ? variantPrices.get(v.id)?.price : productPrices.get(p.id)?.price) ?? v?.standardPrice ?? p.standardPrice;
    const needsVariant = !v && withVariants.has(p.id);
    const image = imageOf.get(p.id);
    out.set(itemKey(key), {
      product: p.id,
      variant: v?.id ?? null,
      code: v?.code ?? p.code,
      name,
      variant_name: v ? pick(v.name, view.locale) : null,
      slug: p.slug,
      unit: p.unit,
      image: image ? toImage(image, name, view.locale) : null,
      price,
      vat_rate: p.vatRate,
      quantity: shown,
      is_backorderable: isBackorderable,
      stock_state: stockState(shown, isBackorderable),
      is_published: p.isPublished,
      orderable: p.isPublished && !needsVariant && (isBackorderable || shown > 0),
      max_qty: isBackorderable ? null : Math.max(0, shown),
    });
  }
  return { items: out, withVariants };
}

/** Whether an item's product is sold only by its variants and none was named. */
export const needsVariant = (item: OrderableItem, withVariants: Set<number>) => item.variant === null && withVariants.has(item.product);
