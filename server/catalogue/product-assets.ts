// The files of a product, ordered by the number ending their file name ("..._2.webp").
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { ProductAsset } from '../../src/lib/contract/product-detail';
import type { Db } from '../db/client';
import { assets, productTranslations } from '../db/schema';
import { shopError } from '../shop-errors';
import { pick } from './localized';
import { findPublishedProduct } from './product-lookup';

const IMAGE_NUMBER_PATTERN = '_([0-9]{1,6})(\\.[^./]*)?$';

/** The image number of a file name, or null when the name does not end with one. */
export function imageNumber(fileName: string): number | null {
  const match = /_(\d{1,6})(\.[^./]*)?$/.exec(fileName);
  return match ? Number(match[1]) : null;
}

export async function productAssets(db: Db, productId: number, locale: Locale, fallbackAlt: string): Promise<ProductAsset[]> {
  const number = sql<number>`coalesce(substring(${assets.fileName} from ${IMAGE_NUMBER_PATTERN})::int, ${assets.position})`;
  const rows = await db
    .select({ asset: assets, number })
    .from(assets)
    .where(eq(assets.productId, productId))
    .orderBy(asc(number), asc(assets.id));
  return rows.map(({ asset: a, number: n }) => ({
    id: a.id,
    kind: a.kind,
    file_name: a.fileName,
    url: a.url,
    number: imageNumber(a.fileName) ?? n,
    variant_id: a.variantId,
    alt: pick(a.alt, locale) || fallbackAlt,
    width: a.width,
    height: a.height,
  }));
}

/** The files of a published product, their alt text its name in `locale` (else its code); ProductNotFound otherwise. */
export async function publishedProductAssets(db: Db, productId: number, locale: Locale): Promise<ProductAsset[]> {
  const product = await findPublishedProduct(db, { id: productId });
  if (!product) throw shopError('ProductNotFound');
  const [name] = await db
    .select({ name: productTranslations.name })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, locale)));
  return productAssets(db, productId, locale, name?.name ?? product.code);
}
