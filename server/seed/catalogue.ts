// The demo catalogue. Its data (categories, products with texts, variants, relations, custom field
// values, picture names) is in samples/demo/ in the import formats and goes in through the
// importer, as an owner's catalogue would (demo-files.ts). What is not data stays here: the custom
// fields with their translated labels and the seasons (no import kind has them), the pictures the
// seed draws, the products' ages, and each variant's "format" tag.
import { sql } from 'drizzle-orm';
import path from 'node:path';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { customFields, customFieldValues, seasons } from '../db/schema';
import { runLimited, writePicture } from '../media/demo-images';
import { PRODUCT_MEDIA_FOLDER } from '../import/product-pictures';
import { demoFileRows } from './demo-files';
import type { ImageMotif } from './data/types';
import type { Random } from './random';

export const PRODUCT_IMAGE_SIZE = 800;
const DAY = 86_400_000;

export interface SeedMedia {
  /** Folder served at /media; pictures are written only when set. */
  mediaDir?: string;
  /** Folder of files served only to who may see them (customers' documents). */
  privateDir?: string;
}

/** The custom fields and the labels of their values in every language, and the seasons. */
export async function seedCustomFieldsAndSeasons(db: Db) {
  const [shop, , format, sector, season] = await db
    .insert(customFields)
    .values([
      { key: 'shop', appliesTo: 'product', kind: 'choice', name: { it: 'Vetrina', en: 'Showcase', es: 'Escaparate' } },
      { key: 'color', appliesTo: 'category', kind: 'color', name: { it: 'Colore', en: 'Colour', es: 'Color' } },
      { key: 'format', appliesTo: 'variant', kind: 'text', name: { it: 'Formato', en: 'Format', es: 'Formato' } },
      { key: 'sector', appliesTo: 'user', kind: 'choice', name: { it: 'Settore', en: 'Sector', es: 'Sector' } },
      { key: 'season', appliesTo: 'product', kind: 'choice', name: { it: 'Stagione', en: 'Season', es: 'Temporada' } },
    ])
    .returning();
  await db.insert(customFieldValues).values([
    { customFieldId: shop!.id, value: 'bestseller', localizedValue: { it: 'Più venduti', en: 'Bestsellers', es: 'Más vendidos' } },
    { customFieldId: shop!.id, value: 'new', localizedValue: { it: 'Novità', en: 'New arrivals', es: 'Novedades' } },
    { customFieldId: sector!.id, value: 'winery', localizedValue: { it: 'Cantina', en: 'Winery', es: 'Bodega' } },
    { customFieldId: sector!.id, value: 'brewery', localizedValue: { it: 'Birrificio', en: 'Brewery', es: 'Cervecería' } },
    { customFieldId: sector!.id, value: 'garden', localizedValue: { it: 'Garden center', en: 'Garden centre', es: 'Centro de jardinería' } },
  ]);
  const seasonValues = await db
    .insert(customFieldValues)
    .values([
      { customFieldId: season!.id, value: 'vendemmia-2026', localizedValue: { it: 'Vendemmia 2026', en: 'Harvest 2026', es: 'Vendimia 2026' } },
      { customFieldId: season!.id, value: 'primavera-2027', localizedValue: { it: 'Primavera 2027', en: 'Spring 2027', es: 'Primavera 2027' } },
    ])
    .returning();
  await db.insert(seasons).values([
    { code: 'vendemmia-2026', name: { it: 'Vendemmia 2026', en: 'Harvest 2026', es: 'Vendimia 2026' }, customFieldValueId: seasonValues[0]!.id, startsOn: '2026-08-01', endsOn: '2026-11-30' },
    { code: 'primavera-2027', name: { it: 'Primavera 2027', en: 'Spring 2027', es: 'Primavera 2027' }, customFieldValueId: seasonValues[1]!.id, startsOn: '2027-02-01', endsOn: '2027-05-31' },
  ]);
  return { formatFieldId: format!.id };
}

/**
 * Draws the product pictures samples/demo/products.jsonl names, as samples/demo/pictures.csv says
 * (a motif and the category's colour; the number in the name is the kind of shot), into the media
 * folder, where the products import finds and measures them.
 */
export async function drawProductPictures(mediaDir: string) {
  const dir = path.join(mediaDir, PRODUCT_MEDIA_FOLDER);
  const pictures = await demoFileRows('pictures.csv');
  await runLimited(pictures, 4, async (row) => {
    const fileName = row.get('file_name')!;
    const shot = Number(/_(\d)\.webp$/.exec(fileName)?.[1] ?? 1) as 1 | 2 | 3;
    await writePicture(path.join(dir, fileName), {
      motif: row.get('motif') as ImageMotif,
      color: row.get('color')!,
      variant: shot,
      width: PRODUCT_IMAGE_SIZE,
      height: PRODUCT_IMAGE_SIZE,
    });
  });
}

/** What the imported catalogue lacks to be the demo: ages, variant formats, picture sizes. */
export async function finishCatalogue(db: Db, random: Random, options: { formatFieldId: number; picturesDrawn: boolean }) {
  // Products spread over the last two years so "newest" sorting means something; "new" ones are days old.
  const rows = await queryRows<{ id: number; is_new: boolean }>(
    db,
    sql`select p.id, exists (select 1 from product_custom_values l join custom_field_values v on v.id = l.custom_field_value_id
          join custom_fields f on f.id = v.custom_field_id where l.product_id = p.id and f.key = 'shop' and v.value = 'new') as is_new
        from products p order by p.id`,
  );
  const now = Date.now();
  const dates = rows.map((p, i) => {
    const created = now - (rows.length - i) * 4.3 * DAY - random.int(0, DAY);
    const createDate = p.is_new ? now - random.int(1, 20) * DAY : created;
    const writeDate = Math.min(now, created + random.int(0, 200) * DAY);
    return { id: p.id, created: new Date(createDate).toISOString(), written: new Date(writeDate).toISOString() };
  });
  await db.execute(sql`update products p set create_date = t.c, write_date = t.w
    from unnest(${sql.param(dates.map((d) => d.id))}::int[], ${sql.param(dates.map((d) => d.created))}::timestamptz[], ${sql.param(dates.map((d) => d.written))}::timestamptz[]) as t(id, c, w)
    where p.id = t.id`);

  // Each variant carries its format (custom field of variants), labelled with the variant's names.
  await db.execute(sql`insert into custom_field_values (custom_field_id, value, localized_value)
    select ${options.formatFieldId}, v.code, v.name from variants v order by v.id`);
  await db.execute(sql`insert into variant_custom_values (variant_id, custom_field_value_id)
    select v.id, cv.id from variants v join custom_field_values cv on cv.custom_field_id = ${options.formatFieldId} and cv.value = v.code order by v.id`);

  // Without a media folder (API tests) nothing was drawn for the import to measure: the drawn size.
  if (!options.picturesDrawn) {
    await db.execute(sql`update assets set width = ${PRODUCT_IMAGE_SIZE}, height = ${PRODUCT_IMAGE_SIZE}
      where kind = 'image' and product_id is not null and width is null`);
  }
}
