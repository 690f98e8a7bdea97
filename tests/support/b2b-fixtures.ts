// Products with known stock for the B2B ordering tests and benches (issue 16): inserted straight
// into the database, with names in the three languages.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { products, productTranslations, variants } from '../../server/db/schema';

export interface B2bFixture {
  /** Product ids by code. */
  product: Record<string, number>;
  /** Variant ids by code. */
  variant: Record<string, number>;
}

const PRODUCTS = [
  { code: 'B2B-FIVE', quantity: 5, isBackorderable: false, isPublished: true },
  { code: 'B2B-BACK', quantity: 0, isBackorderable: true, isPublished: true },
  { code: 'B2B-OUT', quantity: 0, isBackorderable: false, isPublished: true },
  { code: 'B2B-HIDDEN', quantity: 50, isBackorderable: false, isPublished: false },
  { code: 'B2B-PLENTY', quantity: 1000, isBackorderable: false, isPublished: true },
  { code: 'B2B-VAR', quantity: 0, isBackorderable: false, isPublished: true },
] as const;

export async function insertB2bFixture(db: Db, prefix = 'b2b-test'): Promise<B2bFixture> {
  const inserted = await db
    .insert(products)
    .values(PRODUCTS.map((p) => ({ ...p, slug: `${prefix}-${p.code.toLowerCase()}`, standardPrice: 10, brand: 'Test', unit: 'pz' })))
    .returning({ id: products.id, code: products.code });
  await db.insert(productTranslations).values(
    inserted.flatMap((p) =>
      (['it', 'en', 'es'] as const).map((locale) => {
        const name = { it: `Articolo zefiro ${p.code}`, en: `Zephyr test product ${p.code}`, es: `Producto céfiro ${p.code}` }[locale];
        return { productId: p.id, locale, name, title: name, summary: '', description: '' };
      }),
    ),
  );
  const product = Object.fromEntries(inserted.map((p) => [p.code, p.id]));
  const vs = await db
    .insert(variants)
    .values([
      { productId: product['B2B-VAR']!, code: 'B2B-VAR-10', name: { it: 'Dieci', en: 'Ten', es: 'Diez' }, standardPrice: 12, quantity: 10, position: 1 },
      { productId: product['B2B-VAR']!, code: 'B2B-VAR-NONE', name: { it: 'Nessuno', en: 'None', es: 'Ninguno' }, standardPrice: 12, quantity: 0, position: 2 },
    ])
    .returning({ id: variants.id, code: variants.code });
  return { product, variant: Object.fromEntries(vs.map((v) => [v.code, v.id])) };
}

/** Codes of published demo products without variants and with stock, for long orders. */
export async function orderableDemoCodes(db: Db, n: number): Promise<string[]> {
  const rows = await db.select({ code: products.code, quantity: products.quantity, id: products.id }).from(products).where(inArray(products.isPublished, [true]));
  const withVariants = new Set((await db.selectDistinct({ id: variants.productId }).from(variants)).map((r) => r.id));
  return rows
    .filter((r) => r.quantity >= 20 && !withVariants.has(r.id) && !r.code.startsWith('B2B-'))
    .map((r) => r.code)
    .sort()
    .slice(0, n);
}
