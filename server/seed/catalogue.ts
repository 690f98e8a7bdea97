// Seeds the catalogue: taxonomy, category tree, custom fields, products with their texts,
// variants, pictures, relations of the five kinds, and seasons.
import { eq } from 'drizzle-orm';
import path from 'node:path';
import type { Db } from '../db/client';
import {
  assets, categories, categoryCustomValues, categoryTranslations, customFields, customFieldValues, LOCALES,
  productCategories, productCustomValues, productRelations, products, productTranslations, seasons, taxonomies,
  variantCustomValues, variants, type RelationKind,
} from '../db/schema';
import { runLimited, writePicture } from '../media/demo-images';
import { seedCategories, seedProducts } from './data';
import type { L10n, SeedProduct } from './data/types';
import type { Random } from './random';

export const PRODUCT_IMAGE_SIZE = 800;
const IMAGES_PER_PRODUCT = 3;

export interface SeedMedia {
  /** Folder served at /media; pictures are written only when set. */
  mediaDir?: string;
  /** Folder of files served only to who may see them (customers' documents). */
  privateDir?: string;
}

export interface CatalogueIds {
  productIdByCode: Map<string, number>;
  variantIdsByProduct: Map<number, number[]>;
  seasonIds: number[];
}

async function seedCustomFields(db: Db) {
  const [shop, color, format, sector, season] = await db
    .insert(customFields)
    .values([
      { key: 'shop', appliesTo: 'product', kind: 'choice', name: { it: 'Vetrina', en: 'Showcase', es: 'Escaparate' } },
      { key: 'color', appliesTo: 'category', kind: 'color', name: { it: 'Colore', en: 'Colour', es: 'Color' } },
      { key: 'format', appliesTo: 'variant', kind: 'text', name: { it: 'Formato', en: 'Format', es: 'Formato' } },
      { key: 'sector', appliesTo: 'user', kind: 'choice', name: { it: 'Settore', en: 'Sector', es: 'Sector' } },
      { key: 'season', appliesTo: 'product', kind: 'choice', name: { it: 'Stagione', en: 'Season', es: 'Temporada' } },
    ])
    .returning();
  const shopValues = await db
    .insert(customFieldValues)
    .values([
      { customFieldId: shop!.id, value: 'bestseller', localizedValue: { it: 'Più venduti', en: 'Bestsellers', es: 'Más vendidos' } },
      { customFieldId: shop!.id, value: 'new', localizedValue: { it: 'Novità', en: 'New arrivals', es: 'Novedades' } },
    ])
    .returning();
  const sectorValues = await db
    .insert(customFieldValues)
    .values([
      { customFieldId: sector!.id, value: 'winery', localizedValue: { it: 'Cantina', en: 'Winery', es: 'Bodega' } },
      { customFieldId: sector!.id, value: 'brewery', localizedValue: { it: 'Birrificio', en: 'Brewery', es: 'Cervecería' } },
      { customFieldId: sector!.id, value: 'garden', localizedValue: { it: 'Garden center', en: 'Garden centre', es: 'Centro de jardinería' } },
    ])
    .returning();
  const seasonValues = await db
    .insert(customFieldValues)
    .values([
      { customFieldId: season!.id, value: 'vendemmia-2026', localizedValue: { it: 'Vendemmia 2026', en: 'Harvest 2026', es: 'Vendimia 2026' } },
      { customFieldId: season!.id, value: 'primavera-2027', localizedValue: { it: 'Primavera 2027', en: 'Spring 2027', es: 'Primavera 2027' } },
    ])
    .returning();
  return {
    colorFieldId: color!.id,
    formatFieldId: format!.id,
    shopValueId: new Map(shopValues.map((v) => [v.value, v.id])),
    sectorValueId: new Map(sectorValues.map((v) => [v.value, v.id])),
    seasonValues,
  };
}

const translations = <T extends Record<string, L10n>>(fields: T) =>
  LOCALES.map((locale) => ({
    locale,
    ...(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[locale]])) as { [K in keyof T]: string }),
  }));

export async function seedCatalogue(db: Db, random: Random, media: SeedMedia) {
  const fields = await seedCustomFields(db);
  const [taxonomy] = await db.insert(taxonomies).values({ code: 'Default', name: 'Default' }).returning();

  // Categories: parents are listed before their children, so paths can be built in one pass.
  const categoryBySlug = new Map<string, { id: number; path: string; color: string }>();
  let position = 0;
  for (const c of seedCategories) {
    const parent = c.parent ? categoryBySlug.get(c.parent) : undefined;
    if (c.parent && !parent) throw new Error(`Category ${c.slug} comes before its parent ${c.parent}`);
    const [row] = await db
      .insert(categories)
      .values({ taxonomyId: taxonomy!.id, parentId: parent?.id ?? null, slug: c.slug, path: '', depth: parent ? parent.path.split('/').length - 2 : 0, position: position++ })
      .returning({ id: categories.id });
    const catPath = `${parent?.path ?? '/'}${row!.id}/`;
    await db.update(categories).set({ path: catPath }).where(eq(categories.id, row!.id));
    categoryBySlug.set(c.slug, { id: row!.id, path: catPath, color: c.color });
    await db.insert(categoryTranslations).values(
      translations({ name: c.name, description: c.description }).map((t) => ({ ...t, categoryId: row!.id })),
    );
    const [colour] = await db
      .insert(customFieldValues)
      .values({ customFieldId: fields.colorFieldId, value: c.color, localizedValue: { it: c.color } })
      .onConflictDoNothing()
      .returning();
    const colourId =
      colour?.id ??
      (await db.select().from(customFieldValues).where(eq(customFieldValues.value, c.color)))[0]!.id;
    await db.insert(categoryCustomValues).values({ categoryId: row!.id, valueId: colourId });
  }

  // Products, spread over the last two years so "newest" sorting means something.
  const now = Date.now();
  const productRows = await db
    .insert(products)
    .values(
      seedProducts.map((p, i) => {
        const created = new Date(now - (seedProducts.length - i) * 4.3 * 86_400_000 - random.int(0, 86_400_000));
        return {
          code: p.code,
          slug: p.slug,
          brand: p.brand,
          standardPrice: p.standardPrice,
          specialPrice: p.specialPrice ?? null,
          quantity: p.stock,
          isBackorderable: p.backorderable,
          unit: p.unit,
          weightKg: p.weightKg,
          createDate: p.shop === 'new' ? new Date(now - random.int(1, 20) * 86_400_000) : created,
          writeDate: new Date(Math.min(now, created.getTime() + random.int(0, 200) * 86_400_000)),
        };
      }),
    )
    .returning({ id: products.id, code: products.code });
  const productIdByCode = new Map(productRows.map((r) => [r.code, r.id]));
  const idOf = (p: SeedProduct) => productIdByCode.get(p.code)!;

  await db.insert(productTranslations).values(
    seedProducts.flatMap((p) =>
      translations({ name: p.name, title: p.title, summary: p.summary, description: p.description }).map((t) => ({ ...t, productId: idOf(p) })),
    ),
  );
  await db.insert(productCategories).values(
    seedProducts.map((p) => {
      const category = categoryBySlug.get(p.category);
      if (!category) throw new Error(`Product ${p.code} names unknown category ${p.category}`);
      return { productId: idOf(p), categoryId: category.id, isMain: true };
    }),
  );
  const shopLinks = seedProducts.filter((p) => p.shop).map((p) => ({ productId: idOf(p), valueId: fields.shopValueId.get(p.shop!)! }));
  if (shopLinks.length) await db.insert(productCustomValues).values(shopLinks);

  // Variants, each tagged with its format.
  const variantIdsByProduct = new Map<number, number[]>();
  for (const p of seedProducts.filter((x) => x.variants?.length)) {
    const rows = await db
      .insert(variants)
      .values(
        p.variants!.map((v, position) => ({
          productId: idOf(p),
          code: v.code,
          name: { it: v.name.it, en: v.name.en, es: v.name.es },
          standardPrice: Math.max(0.1, Math.round((p.standardPrice + v.priceDelta) * 100) / 100),
          specialPrice: p.specialPrice ? Math.max(0.1, Math.round((p.specialPrice + v.priceDelta) * 100) / 100) : null,
          quantity: v.stock,
          isBackorderable: p.backorderable,
          position,
        })),
      )
      .returning({ id: variants.id, code: variants.code });
    variantIdsByProduct.set(idOf(p), rows.map((r) => r.id));
    for (const [i, v] of p.variants!.entries()) {
      const [value] = await db
        .insert(customFieldValues)
        .values({ customFieldId: fields.formatFieldId, value: v.code, localizedValue: { it: v.name.it, en: v.name.en, es: v.name.es } })
        .returning();
      await db.insert(variantCustomValues).values({ variantId: rows[i]!.id, valueId: value!.id });
    }
  }

  // Pictures: three per product, numbered _1.._3.
  const pictures = seedProducts.flatMap((p) =>
    Array.from({ length: IMAGES_PER_PRODUCT }, (_, k) => {
      const n = k + 1;
      const fileName = `${p.slug}_${n}.webp`;
      return { p, n, fileName };
    }),
  );
  await db.insert(assets).values(
    pictures.map(({ p, n, fileName }) => ({
      productId: idOf(p),
      kind: 'image' as const,
      fileName,
      url: `/media/products/${fileName}`,
      position: n,
      width: PRODUCT_IMAGE_SIZE,
      height: PRODUCT_IMAGE_SIZE,
      alt: { it: `${p.name.it} (${n})`, en: `${p.name.en} (${n})`, es: `${p.name.es} (${n})` },
    })),
  );
  if (media.mediaDir) {
    const dir = path.join(media.mediaDir, 'products');
    await runLimited(pictures, 4, ({ p, n, fileName }) =>
      writePicture(path.join(dir, fileName), {
        motif: p.motif,
        color: categoryBySlug.get(p.category)!.color,
        variant: n as 1 | 2 | 3,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
      }),
    );
  }

  await db.insert(productRelations).values(buildRelations(random, idOf, categoryBySlug));

  const seasonRows = await db
    .insert(seasons)
    .values([
      { code: 'vendemmia-2026', name: { it: 'Vendemmia 2026', en: 'Harvest 2026', es: 'Vendimia 2026' }, customFieldValueId: fields.seasonValues[0]!.id, startsOn: '2026-08-01', endsOn: '2026-11-30' },
      { code: 'primavera-2027', name: { it: 'Primavera 2027', en: 'Spring 2027', es: 'Primavera 2027' }, customFieldValueId: fields.seasonValues[1]!.id, startsOn: '2027-02-01', endsOn: '2027-05-31' },
    ])
    .returning({ id: seasons.id });

  return {
    productIdByCode,
    variantIdsByProduct,
    seasonIds: seasonRows.map((s) => s.id),
    sectorValueId: fields.sectorValueId,
    categoryBySlug,
  };
}

/** Relations of every kind, chosen from the catalogue's own structure. */
function buildRelations(
  random: Random,
  idOf: (p: SeedProduct) => number,
  categoryBySlug: Map<string, { id: number; path: string }>,
) {
  const rows: { productId: number; relatedProductId: number; kind: RelationKind; position: number }[] = [];
  const byCode = new Map(seedProducts.map((p) => [p.code, p]));
  const topOf = (p: SeedProduct) => categoryBySlug.get(p.category)!.path.split('/')[1];
  const add = (p: SeedProduct, related: SeedProduct[], kind: RelationKind) =>
    related.forEach((r, position) => {
      if (r.code !== p.code) rows.push({ productId: idOf(p), relatedProductId: idOf(r), kind, position });
    });
  const bestsellers = seedProducts.filter((p) => p.shop === 'bestseller');
  for (const p of seedProducts) {
    const sameCategory = seedProducts.filter((o) => o.category === p.category && o.code !== p.code);
    const sameTop = seedProducts.filter((o) => topOf(o) === topOf(p) && o.category !== p.category);
    add(p, random.sample(sameCategory, 4), 'Related');
    add(p, sameCategory.filter((o) => o.standardPrice > p.standardPrice).sort((a, b) => a.standardPrice - b.standardPrice).slice(0, 2), 'Upselling');
    add(p, random.sample(sameTop, 3), 'Crosselling');
    add(p, (p.spareParts ?? []).map((code) => byCode.get(code)).filter((x): x is SeedProduct => !!x), 'Spare parts');
    if (p.shop === 'bestseller' || p.standardPrice > 200) add(p, random.sample(bestsellers.filter((b) => topOf(b) === topOf(p)), 3), 'Showcase');
  }
  return rows;
}
