// The `products` import kind: products by code with their texts per language, category, custom
// fields, relations by kind, pictures and variants (variant rows). Every table is written with a
// few set-based statements per batch, and each statement changes only rows that differ from the
// file, so an unchanged file writes nothing and notes no page change.
import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/contract/locales';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { arrayParam, BATCH_ROWS, batches, rowsOf } from './batch-sql';
import { checkColumns, ListedOnce, RowCells } from './column-set';
import { syncCustomValues } from './custom-field-links';
import { emptyCounts, type ImportKind, type ImportOptions, type Tx } from './import-kind';
import type { ImportProblem } from './import-problems';
import { checkPictures, PICTURE_URL_PREFIX, type PictureUse } from './product-pictures';
import { PRODUCT_COLUMNS, readProductRow, readVariantRow, type ProductRow, type VariantRow } from './product-rows';
import type { SourceTable } from './read-rows';
import { PATH_SEPARATOR } from './category-import';
import { TAXONOMY_CODE } from './taxonomy';

interface Checked {
  products: ProductRow[];
  variants: VariantRow[];
  problems: ImportProblem[];
}

function readTable(table: SourceTable): Checked {
  const problems: ImportProblem[] = [];
  const products: ProductRow[] = [];
  const variants: VariantRow[] = [];
  const codes = new ListedOnce();
  const slugs = new ListedOnce();
  const seenCode = (code: string, cells: RowCells) => codes.first(cells, 'code', code, code, '; a product or variant is listed once');
  for (const source of table.rows) {
    const cells = new RowCells(source, problems);
    const parent = cells.raw('variant_of')?.trim();
    if (parent) {
      const variant = readVariantRow(cells, parent);
      if (variant && seenCode(variant.code, cells)) variants.push(variant);
      continue;
    }
    const product = readProductRow(cells, table);
    if (!product || !seenCode(product.code, cells)) continue;
    slugs.first(cells, 'slug', product.slug, product.slug, '; slugs are unique');
    products.push(product);
  }
  const productCodes = new Set(products.map((p) => p.code));
  for (const v of variants) {
    if (!productCodes.has(v.productCode)) {
      problems.push({ line: v.line, column: 'variant_of', value: v.productCode, message: 'is not a product row of this file (a variant comes with its product)', code: 'not_found' });
    }
  }
  return { products, variants, problems };
}

/** Category slugs and "Name > Name" paths of the shop, to the category id. */
async function categoryLookup(db: Db) {
  const rows = await queryRows<{ id: number; slug: string; parent_id: number | null; name: string | null }>(
    db,
    sql`select c.id, c.slug, c.parent_id, t.name from categories c join taxonomies x on x.id = c.taxonomy_id and x.code = ${TAXONOMY_CODE}
        left join category_translations t on t.category_id = c.id and t.locale = ${DEFAULT_LOCALE}`,
  );
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byPath = new Map<string, number>();
  const pathOf = (id: number): string => {
    const r = byId.get(id)!;
    const own = (r.name ?? r.slug).trim().toLowerCase();
    return r.parent_id && byId.has(r.parent_id) ? `${pathOf(r.parent_id)}\u0000${own}` : own;
  };
  for (const r of rows) byPath.set(pathOf(r.id), r.id);
  return (written: string): number | undefined =>
    (!written.includes(PATH_SEPARATOR) ? bySlug.get(written) : undefined) ??
    byPath.get(written.split(PATH_SEPARATOR).map((s) => s.trim().toLowerCase()).join('\u0000'));
}

export const productKind: ImportKind = {
  name: 'products',
  columns: PRODUCT_COLUMNS,
  async plan(db: Db, table: SourceTable, options: ImportOptions) {
    const columnProblems = checkColumns(PRODUCT_COLUMNS, table);
    if (columnProblems.length) return { problems: columnProblems };
    const { products, variants, problems } = readTable(table);
    const codes = new Set(products.map((p) => p.code));
    const variantCodes = variants.map((v) => v.code);

    // Against the shop: slugs of other products, codes taken by the other kind, categories, relations.
    const slugOwners = await queryRows<{ code: string; slug: string }>(
      db,
      sql`select code, slug from products where slug = any(${arrayParam(products.map((p) => p.slug), 'text')})`,
    );
    const ownerOfSlug = new Map(slugOwners.map((r) => [r.slug, r.code]));
    for (const p of products) {
      const owner = ownerOfSlug.get(p.slug);
      if (owner !== undefined && owner !== p.code && !codes.has(owner)) {
        problems.push({ line: p.line, column: 'slug', value: p.slug, message: `is the slug of product ${owner} in the shop` });
      }
    }
    const variantClash = await queryRows<{ code: string }>(db, sql`select code from variants where code = any(${arrayParam([...codes], 'text')})`);
    const productClash = await queryRows<{ code: string }>(db, sql`select code from products where code = any(${arrayParam(variantCodes, 'text')})`);
    const clashing = new Set([...variantClash, ...productClash].map((r) => r.code));
    for (const row of [...products, ...variants]) {
      if (clashing.has(row.code)) problems.push({ line: row.line, column: 'code', value: row.code, message: 'is a code the shop already uses for a product of the other kind (product or variant)' });
    }
    const categoryId = await categoryLookup(db);
    for (const p of products) {
      for (const written of p.categories ?? []) {
        if (categoryId(written) === undefined) {
          problems.push({ line: p.line, column: 'category', value: written, message: 'is not a category in the shop (a slug, or names from the top joined by " > "; import the categories first)', code: 'not_found' });
        }
      }
    }
    const named = [...new Set(products.flatMap((p) => p.relations.flatMap((r) => r.codes)))].filter((c) => !codes.has(c));
    const knownOutside = new Set(
      (await queryRows<{ code: string }>(db, sql`select code from products where code = any(${arrayParam(named, 'text')})`)).map((r) => r.code),
    );
    for (const p of products) {
      for (const r of p.relations) {
        for (const code of r.codes) {
          if (code === p.code) problems.push({ line: p.line, column: columnOfKind(r.kind), value: code, message: 'is the product itself' });
          else if (!codes.has(code) && !knownOutside.has(code)) {
            problems.push({ line: p.line, column: columnOfKind(r.kind), value: code, message: 'is not a product in the shop or in this file', code: 'not_found' });
          }
        }
      }
    }
    const existingPictures = await queryRows<{ code: string; file_name: string }>(
      db,
      sql`select p.code, a.file_name from assets a join products p on p.id = a.product_id
          where a.kind = 'image' and a.variant_id is null and p.code = any(${arrayParam(products.filter((p) => p.pictures).map((p) => p.code), 'text')})`,
    );
    const had = new Set(existingPictures.map((r) => `${r.code}\u0000${r.file_name}`));
    const uses: PictureUse[] = products.flatMap((p) => (p.pictures ?? []).map((fileName) => ({ line: p.line, fileName, isNew: !had.has(`${p.code}\u0000${fileName}`) })));
    const pictures = await checkPictures(uses, options, problems);
    if (problems.length) return { problems };

    const hasVariantRows = table.columns.includes('variant_of');
    return {
      problems: [],
      plan: {
        prepareFiles: () => pictures.copy(),
        write: (tx: Tx) => writeProducts(tx, { products, variants, hasVariantRows, categoryId, sizes: pictures.sizes, skipped: table.skipped }, options),
      },
    };
  },
};

const columnOfKind = (kind: string) => kind.toLowerCase().replace(' ', '_');

interface WriteInput {
  products: ProductRow[];
  variants: VariantRow[];
  hasVariantRows: boolean;
  categoryId: (written: string) => number | undefined;
  sizes: Map<string, { width: number; height: number }>;
  skipped: number;
}

async function writeProducts(tx: Tx, input: WriteInput, options: ImportOptions) {
  const { products, variants } = input;
  const counts = { ...emptyCounts('products'), skipped: input.skipped };
  const variantCounts = emptyCounts('variants');
  const created = new Set<number>();
  const changed = new Set<number>();
  const total = products.length;
  let done = 0;

  // Products: an absent column keeps the shop's value (or takes the default for a new product).
  for (const batch of batches(products)) {
    const written = await rowsOf<{ id: number; inserted: boolean }>(
      tx,
      sql`with t as (
            select * from unnest(${arrayParam(batch.map((p) => p.code), 'text')}, ${arrayParam(batch.map((p) => p.slug), 'text')}, ${arrayParam(batch.map((p) => p.brand), 'text')},
              ${arrayParam(batch.map((p) => p.price), 'numeric')}, ${arrayParam(batch.map((p) => p.specialPrice ?? null), 'numeric')}, ${arrayParam(batch.map((p) => p.specialPrice !== undefined), 'boolean')},
              ${arrayParam(batch.map((p) => p.vatRate), 'numeric')}, ${arrayParam(batch.map((p) => p.stock), 'int')}, ${arrayParam(batch.map((p) => p.backorderable), 'boolean')},
              ${arrayParam(batch.map((p) => p.unit), 'text')}, ${arrayParam(batch.map((p) => p.weightKg), 'numeric')}, ${arrayParam(batch.map((p) => p.published), 'boolean')})
            with ordinality as t(code, slug, brand, price, special_price, special_given, vat_rate, quantity, backorderable, unit, weight_kg, published, n))
          insert into products (code, slug, brand, standard_price, special_price, vat_rate, quantity, is_backorderable, unit, weight_kg, is_published)
          select t.code, t.slug, coalesce(t.brand, p.brand, ''), t.price, case when t.special_given then t.special_price else p.special_price end,
                 coalesce(t.vat_rate, p.vat_rate, 22), coalesce(t.quantity, p.quantity, 0), coalesce(t.backorderable, p.is_backorderable, false),
                 coalesce(t.unit, p.unit, 'pz'), coalesce(t.weight_kg, p.weight_kg, 0), coalesce(t.published, p.is_published, true)
          from t left join products p on p.code = t.code
          -- Rows equal to the shop's are left out here already: an upsert would still lock them.
          where p.id is null or (p.slug, p.brand, p.standard_price, p.special_price, p.vat_rate, p.quantity, p.is_backorderable, p.unit, p.weight_kg, p.is_published)
             is distinct from (t.slug, coalesce(t.brand, p.brand), t.price, case when t.special_given then t.special_price else p.special_price end,
               coalesce(t.vat_rate, p.vat_rate), coalesce(t.quantity, p.quantity), coalesce(t.backorderable, p.is_backorderable), coalesce(t.unit, p.unit),
               coalesce(t.weight_kg, p.weight_kg), coalesce(t.published, p.is_published))
          -- In the file's order, so new products are numbered as the file lists them.
          order by t.n
          on conflict (code) do update set slug = excluded.slug, brand = excluded.brand, standard_price = excluded.standard_price,
            special_price = excluded.special_price, vat_rate = excluded.vat_rate, quantity = excluded.quantity, is_backorderable = excluded.is_backorderable,
            unit = excluded.unit, weight_kg = excluded.weight_kg, is_published = excluded.is_published
          where (products.slug, products.brand, products.standard_price, products.special_price, products.vat_rate, products.quantity,
                 products.is_backorderable, products.unit, products.weight_kg, products.is_published)
             is distinct from (excluded.slug, excluded.brand, excluded.standard_price, excluded.special_price, excluded.vat_rate, excluded.quantity,
                 excluded.is_backorderable, excluded.unit, excluded.weight_kg, excluded.is_published)
          returning id, (xmax = 0) as inserted`,
    );
    for (const r of written) (r.inserted ? created : changed).add(r.id);
    done += batch.length;
    if (total > BATCH_ROWS) options.progress(`products: ${done}/${total} rows written`);
  }
  const ids = await rowsOf<{ id: number; code: string }>(tx, sql`select id, code from products where code = any(${arrayParam(products.map((p) => p.code), 'text')})`);
  const idOf = new Map(ids.map((r) => [r.code, r.id]));
  const note = (rows: { id: number }[]) => rows.forEach((r) => changed.add(r.id));

  // Texts per language; an absent title, summary or description column keeps the shop's text.
  const texts = products.flatMap((p) => LOCALES.filter((l) => p.texts[l]).map((locale) => ({ id: idOf.get(p.code)!, locale, ...p.texts[locale]! })));
  let textsDone = 0;
  for (const batch of batches(texts)) {
    note(
      await rowsOf(
        tx,
        sql`with t as (select * from unnest(${arrayParam(batch.map((t) => t.id), 'int')}, ${arrayParam(batch.map((t) => t.locale), 'text')}, ${arrayParam(batch.map((t) => t.name), 'text')},
                ${arrayParam(batch.map((t) => t.title ?? null), 'text')}, ${arrayParam(batch.map((t) => t.summary ?? null), 'text')}, ${arrayParam(batch.map((t) => t.description ?? null), 'text')})
              as t(id, locale, name, title, summary, description))
            insert into product_translations (product_id, locale, name, title, summary, description)
            select t.id, t.locale, t.name, coalesce(t.title, pt.title, t.name), coalesce(t.summary, pt.summary, ''), coalesce(t.description, pt.description, '')
            from t left join product_translations pt on pt.product_id = t.id and pt.locale = t.locale
            where pt.product_id is null or (pt.name, pt.title, pt.summary, pt.description)
              is distinct from (t.name, coalesce(t.title, pt.title), coalesce(t.summary, pt.summary), coalesce(t.description, pt.description))
            on conflict (product_id, locale) do update set name = excluded.name, title = excluded.title, summary = excluded.summary, description = excluded.description
            where (product_translations.name, product_translations.title, product_translations.summary, product_translations.description)
               is distinct from (excluded.name, excluded.title, excluded.summary, excluded.description)
            returning product_id as id`,
      ),
    );
    textsDone += batch.length;
    if (texts.length > 6_000 && (textsDone % 10_000 < batch.length || textsDone === texts.length)) options.progress(`product texts: ${textsDone}/${texts.length} written`);
  }
  const cleared = products.flatMap((p) => p.clearedLocales.map((locale) => ({ id: idOf.get(p.code)!, locale })));
  if (cleared.length) {
    note(
      await rowsOf(
        tx,
        sql`delete from product_translations t using unnest(${arrayParam(cleared.map((c) => c.id), 'int')}, ${arrayParam(cleared.map((c) => c.locale), 'text')}) as d(id, locale)
            where t.product_id = d.id and t.locale = d.locale returning t.product_id as id`,
      ),
    );
  }

  // Categories: the first named is the main one.
  const withCategories = products.filter((p) => p.categories);
  if (withCategories.length) {
    const links = withCategories.flatMap((p) =>
      [...new Set(p.categories!.map((c) => input.categoryId(c)!))].map((categoryId, i) => ({ id: idOf.get(p.code)!, categoryId, isMain: i === 0 })),
    );
    note(
      await rowsOf(
        tx,
        sql`delete from product_categories pc where pc.product_id = any(${arrayParam(withCategories.map((p) => idOf.get(p.code)), 'int')})
              and (pc.product_id, pc.category_id) not in (select * from unnest(${arrayParam(links.map((l) => l.id), 'int')}, ${arrayParam(links.map((l) => l.categoryId), 'int')}))
            returning pc.product_id as id`,
      ),
    );
    note(
      await rowsOf(
        tx,
        sql`insert into product_categories (product_id, category_id, is_main)
            select * from unnest(${arrayParam(links.map((l) => l.id), 'int')}, ${arrayParam(links.map((l) => l.categoryId), 'int')}, ${arrayParam(links.map((l) => l.isMain), 'boolean')}) as t(p, c, m)
            where not exists (select 1 from product_categories pc where pc.product_id = t.p and pc.category_id = t.c and pc.is_main = t.m)
            on conflict (product_id, category_id) do update set is_main = excluded.is_main where product_categories.is_main is distinct from excluded.is_main
            returning product_id as id`,
      ),
    );
  }

  // Custom fields.
  const wanted = products.flatMap((p) => p.custom.map((c) => ({ ownerId: idOf.get(p.code)!, key: c.key, values: c.values })));
  (await syncCustomValues(tx, 'product', wanted)).forEach((id) => changed.add(id));

  // Relations of the kinds whose column the row has, in the order written.
  const scopes = products.flatMap((p) => p.relations.map((r) => ({ id: idOf.get(p.code)!, kind: r.kind })));
  if (scopes.length) {
    const relations = products.flatMap((p) =>
      p.relations.flatMap((r) => [...new Set(r.codes)].map((code, position) => ({ id: idOf.get(p.code)!, related: code, kind: r.kind, position }))),
    );
    const relatedIds = await rowsOf<{ id: number; code: string }>(
      tx,
      sql`select id, code from products where code = any(${arrayParam([...new Set(relations.map((r) => r.related))], 'text')})`,
    );
    const relatedId = new Map(relatedIds.map((r) => [r.code, r.id]));
    note(
      await rowsOf(
        tx,
        sql`delete from product_relations r using unnest(${arrayParam(scopes.map((s) => s.id), 'int')}, ${arrayParam(scopes.map((s) => s.kind), 'text')}) as s(id, kind)
            where r.product_id = s.id and r.kind = s.kind
              and (r.product_id, r.kind, r.related_product_id) not in (select * from unnest(${arrayParam(relations.map((r) => r.id), 'int')}, ${arrayParam(relations.map((r) => r.kind), 'text')}, ${arrayParam(relations.map((r) => relatedId.get(r.related)), 'int')}))
            returning r.product_id as id`,
      ),
    );
    for (const batch of batches(relations)) {
      note(
        await rowsOf(
          tx,
          sql`insert into product_relations (product_id, kind, related_product_id, position)
              select * from unnest(${arrayParam(batch.map((r) => r.id), 'int')}, ${arrayParam(batch.map((r) => r.kind), 'text')}, ${arrayParam(batch.map((r) => relatedId.get(r.related)), 'int')}, ${arrayParam(batch.map((r) => r.position), 'int')}) as t(p, k, r, n)
              where not exists (select 1 from product_relations x where x.product_id = t.p and x.kind = t.k and x.related_product_id = t.r and x.position = t.n)
              on conflict (product_id, kind, related_product_id) do update set position = excluded.position where product_relations.position is distinct from excluded.position
              returning product_id as id`,
        ),
      );
    }
  }

  // Pictures, numbered in the order written; alt texts follow the product's names.
  const withPictures = products.filter((p) => p.pictures);
  if (withPictures.length) {
    const pictures = withPictures.flatMap((p) =>
      [...new Set(p.pictures!)].map((fileName, i) => {
        const alt = Object.fromEntries(LOCALES.filter((l) => p.texts[l]).map((l) => [l, `${p.texts[l]!.name} (${i + 1})`]));
        return { id: idOf.get(p.code)!, fileName, position: i + 1, alt: JSON.stringify(alt), size: input.sizes.get(fileName) };
      }),
    );
    const productIds = withPictures.map((p) => idOf.get(p.code)!);
    note(
      await rowsOf(
        tx,
        sql`delete from assets a where a.kind = 'image' and a.variant_id is null and a.product_id = any(${arrayParam(productIds, 'int')})
              and (a.product_id, a.file_name) not in (select * from unnest(${arrayParam(pictures.map((p) => p.id), 'int')}, ${arrayParam(pictures.map((p) => p.fileName), 'text')}))
            returning a.product_id as id`,
      ),
    );
    const pictureTable = sql`unnest(${arrayParam(pictures.map((p) => p.id), 'int')}, ${arrayParam(pictures.map((p) => p.fileName), 'text')}, ${arrayParam(pictures.map((p) => p.position), 'int')},
        ${arrayParam(pictures.map((p) => p.alt), 'text')}, ${arrayParam(pictures.map((p) => p.size?.width ?? null), 'int')}, ${arrayParam(pictures.map((p) => p.size?.height ?? null), 'int')})
      with ordinality as t(id, file_name, position, alt, width, height, n)`;
    note(
      await rowsOf(
        tx,
        sql`update assets a set position = t.position, alt = t.alt::jsonb, url = ${PICTURE_URL_PREFIX}::text || t.file_name from ${pictureTable}
            where a.product_id = t.id and a.file_name = t.file_name and a.kind = 'image' and a.variant_id is null
              and (a.position, a.alt, a.url) is distinct from (t.position, t.alt::jsonb, ${PICTURE_URL_PREFIX}::text || t.file_name)
            returning a.product_id as id`,
      ),
    );
    note(
      await rowsOf(
        tx,
        sql`insert into assets (product_id, kind, file_name, url, position, width, height, alt)
            select t.id, 'image', t.file_name, ${PICTURE_URL_PREFIX}::text || t.file_name, t.position, t.width, t.height, t.alt::jsonb from ${pictureTable}
            where not exists (select 1 from assets a where a.product_id = t.id and a.file_name = t.file_name and a.kind = 'image' and a.variant_id is null)
            order by t.n
            returning product_id as id`,
      ),
    );
  }

  // Variants: by code; with --delete-missing a product's variants not in the file go, unless an order or cart names them.
  if (input.hasVariantRows) {
    const positionOf = new Map<string, number>();
    const counter = new Map<string, number>();
    for (const v of variants) {
      const n = counter.get(v.productCode) ?? 0;
      positionOf.set(v.code, n);
      counter.set(v.productCode, n + 1);
    }
    const variantCreated = new Set<string>();
    const variantChanged = new Set<string>();
    for (const batch of batches(variants)) {
      const written = await rowsOf<{ code: string; product_id: number; inserted: boolean }>(
        tx,
        sql`with t as (select * from unnest(${arrayParam(batch.map((v) => idOf.get(v.productCode)), 'int')}, ${arrayParam(batch.map((v) => v.code), 'text')},
                ${arrayParam(batch.map((v) => JSON.stringify(v.names)), 'text')}, ${arrayParam(batch.map((v) => v.namedLocales.join(',')), 'text')},
                ${arrayParam(batch.map((v) => v.price), 'numeric')}, ${arrayParam(batch.map((v) => v.specialPrice ?? null), 'numeric')}, ${arrayParam(batch.map((v) => v.specialPrice !== undefined), 'boolean')},
                ${arrayParam(batch.map((v) => v.stock), 'int')}, ${arrayParam(batch.map((v) => v.backorderable), 'boolean')}, ${arrayParam(batch.map((v) => positionOf.get(v.code)), 'int')})
              with ordinality as t(product_id, code, names, named, price, special_price, special_given, quantity, backorderable, position, n))
            insert into variants (product_id, code, name, standard_price, special_price, quantity, is_backorderable, position)
            select t.product_id, t.code, (coalesce(v.name, '{}'::jsonb) - string_to_array(t.named, ',')) || t.names::jsonb, t.price,
                   case when t.special_given then t.special_price else v.special_price end, coalesce(t.quantity, v.quantity, 0),
                   coalesce(t.backorderable, v.is_backorderable, p.is_backorderable, false), t.position
            from t left join variants v on v.code = t.code join products p on p.id = t.product_id
            where v.id is null or (v.product_id, v.name, v.standard_price, v.special_price, v.quantity, v.is_backorderable, v.position)
              is distinct from (t.product_id, (v.name - string_to_array(t.named, ',')) || t.names::jsonb, t.price, case when t.special_given then t.special_price else v.special_price end,
                coalesce(t.quantity, v.quantity), coalesce(t.backorderable, v.is_backorderable), t.position)
            order by t.n
            on conflict (code) do update set product_id = excluded.product_id, name = excluded.name, standard_price = excluded.standard_price,
              special_price = excluded.special_price, quantity = excluded.quantity, is_backorderable = excluded.is_backorderable, position = excluded.position
            where (variants.product_id, variants.name, variants.standard_price, variants.special_price, variants.quantity, variants.is_backorderable, variants.position)
               is distinct from (excluded.product_id, excluded.name, excluded.standard_price, excluded.special_price, excluded.quantity, excluded.is_backorderable, excluded.position)
            returning code, product_id, (xmax = 0) as inserted`,
      );
      for (const r of written) {
        (r.inserted ? variantCreated : variantChanged).add(r.code);
        changed.add(r.product_id);
      }
    }
    variantCounts.created = variantCreated.size;
    variantCounts.updated = variantChanged.size;
    variantCounts.unchanged = variants.length - variantCreated.size - variantChanged.size;
    if (options.deleteMissing) {
      const productIds = products.map((p) => idOf.get(p.code)!);
      const missing = sql`v.product_id = any(${arrayParam(productIds, 'int')}) and not (v.code = any(${arrayParam(variants.map((v) => v.code), 'text')}))`;
      const kept = await rowsOf<{ code: string }>(
        tx,
        sql`select v.code from variants v where ${missing}
              and (exists (select 1 from order_rows l where l.variant_id = v.id) or exists (select 1 from cart_rows c where c.variant_id = v.id))`,
      );
      const removed = await rowsOf<{ product_id: number }>(
        tx,
        sql`delete from variants v where ${missing}
              and not exists (select 1 from order_rows l where l.variant_id = v.id) and not exists (select 1 from cart_rows c where c.variant_id = v.id)
            returning v.product_id`,
      );
      removed.forEach((r) => changed.add(r.product_id));
      variantCounts.retired = removed.length;
      if (kept.length) variantCounts.notes.push(`kept ${kept.length} variants missing from the file because orders or carts name them: ${kept.map((k) => k.code).slice(0, 20).join(', ')}`);
    }
  }

  for (const p of products) {
    const id = idOf.get(p.code)!;
    if (created.has(id)) counts.created++;
    else if (changed.has(id)) counts.updated++;
    else counts.unchanged++;
  }
  if (options.deleteMissing) {
    const retired = await rowsOf<{ id: number }>(
      tx,
      sql`update products set is_published = false where is_published and not (code = any(${arrayParam(products.map((p) => p.code), 'text')})) returning id`,
    );
    counts.retired = retired.length;
    if (retired.length) counts.notes.push(`${retired.length} products not in the file unpublished (kept for the orders, carts and prices that name them)`);
  }
  return input.hasVariantRows ? [counts, variantCounts] : [counts];
}
