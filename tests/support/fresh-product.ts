// Adds a product straight into the database (as an editor would after a build), to check that
// pages the build never saw are rendered on demand.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { categories, productCategories, products, productTranslations } from '../../server/db/schema';

export const FRESH_PRODUCT = {
  slug: 'torchio-idraulico-e2e-nuovo',
  code: 'E2E-0001',
  name: { it: 'Torchio idraulico arrivato ora', en: 'Hydraulic press just arrived', es: 'Prensa hidráulica recién llegada' },
};

export async function insertFreshProduct(db: Db): Promise<number> {
  const [category] = await db.select().from(categories).where(eq(categories.slug, 'pigiatura-e-torchiatura'));
  const [row] = await db
    .insert(products)
    .values({ code: FRESH_PRODUCT.code, slug: FRESH_PRODUCT.slug, brand: 'Vinotek', standardPrice: 1890, quantity: 3, unit: 'pz', weightKg: 85 })
    .returning({ id: products.id });
  await db.insert(productTranslations).values(
    (['it', 'en', 'es'] as const).map((locale) => ({
      productId: row!.id,
      locale,
      name: FRESH_PRODUCT.name[locale],
      title: FRESH_PRODUCT.name[locale],
      summary: FRESH_PRODUCT.name[locale],
      description: FRESH_PRODUCT.name[locale],
    })),
  );
  if (category) await db.insert(productCategories).values({ productId: row!.id, categoryId: category.id });
  return row!.id;
}

export const RENAMED_NAME = 'Nome aggiornato dopo la build';

/** Renames a product the build prerendered; answers its slug. */
export async function renameBuiltProduct(db: Db): Promise<string> {
  const [product] = await db.select().from(products).where(eq(products.code, 'ENO-0001'));
  await db
    .update(productTranslations)
    .set({ name: RENAMED_NAME, title: RENAMED_NAME })
    .where(and(eq(productTranslations.productId, product!.id), eq(productTranslations.locale, 'it')));
  return product!.slug;
}

/** Owner snippets set before the e2e build; the pages must carry them. */
export const EXTRA_SCRIPTS = {
  DEFAULT_EXTRA_SCRIPT_HEAD: '<meta name="e2e-extra-head" content="default">',
  ECSYS_EXTRA_SCRIPT_HEAD: '<meta name="e2e-extra-head-ecsys" content="ecsys">',
  DEFAULT_EXTRA_SCRIPT: '<script>window.__e2eExtraScript = true;</script>',
};
