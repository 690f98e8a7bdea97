// The products import (docs/import.md): the sample files (CSV and JSON lines) build products with
// texts, categories, custom fields, relations, pictures and variants; the same file twice
// changes nothing and notes no page change; a changed row changes that product only and notes
// its page; a file with a bad row, and a dry run, change nothing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw';
import { lastChangeId } from '../../server/pages/page-changes';
import { catalogueSnapshot, emptyAndDemoShops, importFile, sample, SAMPLES, tempMediaDir, textFile } from '../support/import-files';

const mediaDir = tempMediaDir();
const images = { imagesDir: path.join(SAMPLES, 'images'), mediaDir };
// An empty shop and a copy of the demo shop, for this file.
const shops = emptyAndDemoShops();

const csvLines = (...lines: string[]) => textFile('p.csv', `${lines.join('\n')}\n`);
const HEADER = 'code,slug,category,price,name_it,name_en';

describe('an empty shop, from the sample files', () => {
  it('imports the categories, then the products with everything their rows name', async () => {
    expect((await importFile(shops.empty.db, 'categories', sample('categories.csv'))).ok).toBe(true);
    const result = await importFile(shops.empty.db, 'products', sample('products.csv'), images);
    expect(result.problems).toEqual([]);
    expect(result.counts.products).toMatchObject({ created: 12, updated: 0, unchanged: 0 });
    expect(result.counts.variants).toMatchObject({ created: 8, updated: 0, unchanged: 0 });
    const [p] = await queryRows<Record<string, unknown>>(
      shops.empty.db,
      sql`select p.standard_price::float8 as standard_price, p.is_backorderable, p.unit, t.name as en_name, c.slug as category,
            (select count(*)::int from assets a where a.product_id = p.id) as pictures,
            (select string_agg(r.kind || ':' || q.code, ',' order by r.kind, r.position) from product_relations r join products q on q.id = r.related_product_id where r.product_id = p.id) as relations,
            (select string_agg(v.value, ',') from product_custom_values pv join custom_field_values v on v.id = pv.custom_field_value_id where pv.product_id = p.id) as custom
          from products p join product_translations t on t.product_id = p.id and t.locale = 'en'
          join product_categories pc on pc.product_id = p.id and pc.is_main join categories c on c.id = pc.category_id
          where p.code = 'ENO-0001'`,
    );
    expect(p).toMatchObject({ standard_price: 24.9, is_backorderable: true, unit: 'conf', en_name: 'Selected yeast for red wines', category: 'fermentazione-e-lieviti', pictures: 2, custom: 'bestseller' });
    expect(String(p!.relations)).toMatch(/^Related:ENO-\d{4},Related:ENO-\d{4}$/);
    expect(existsSync(path.join(mediaDir, 'products', 'lievito-selezionato-vini-rossi_1.webp'))).toBe(true);
  });

  it('the same file twice (and its JSON lines twin) changes nothing and notes no page change', async () => {
    const before = await catalogueSnapshot(shops.empty.db);
    for (const file of ['products.csv', 'products.jsonl']) {
      const again = await importFile(shops.empty.db, 'products', sample(file), images);
      expect(again.problems).toEqual([]);
      expect(again.counts.products, file).toMatchObject({ created: 0, updated: 0, unchanged: 12 });
      expect(again.counts.variants, file).toMatchObject({ created: 0, updated: 0, unchanged: 8 });
    }
    expect(await catalogueSnapshot(shops.empty.db)).toEqual(before);
  });
});

describe('the demo shop', () => {
  it('the sample file brings the demo products in line with it once, then changes nothing', async () => {
    const first = await importFile(shops.demo.db, 'products', sample('products.csv'));
    expect(first.problems).toEqual([]);
    expect(first.counts.products!.created).toBe(0);
    const before = await catalogueSnapshot(shops.demo.db);
    const second = await importFile(shops.demo.db, 'products', sample('products.csv'));
    expect(second.counts.products).toMatchObject({ created: 0, updated: 0, unchanged: 12 });
    expect(await catalogueSnapshot(shops.demo.db)).toEqual(before);
  });

  it('a changed price changes that product only, and notes its page', async () => {
    const [{ id, write_date } = { id: 0, write_date: '' }] = await queryRows<{ id: number; write_date: string }>(shops.demo.db, sql`select id, write_date::text from products where code = 'ENO-0002'`);
    const others = await queryRows<{ write_date: string }>(shops.demo.db, sql`select write_date::text from products where code <> 'ENO-0002' order by id`);
    const before = await lastChangeId(shops.demo.db);
    const file = csvLines(HEADER, 'ENO-0002,attivante-di-fermentazione,fermentazione-e-lieviti,"12,75",Attivante di fermentazione,Fermentation activator');
    const [{ slug } = { slug: '' }] = await queryRows<{ slug: string }>(shops.demo.db, sql`select slug from products where id = ${id}`);
    const result = await importFile(shops.demo.db, 'products', textFile('p.csv', new TextDecoder().decode(file.bytes).replace('attivante-di-fermentazione', slug)));
    expect(result.problems).toEqual([]);
    expect(result.counts.products).toMatchObject({ updated: 1, unchanged: 0 });
    const [after] = await queryRows<{ standard_price: number; write_date: string }>(shops.demo.db, sql`select standard_price::float8 as standard_price, write_date::text from products where id = ${id}`);
    expect(after!.standard_price).toBe(12.75);
    expect(after!.write_date).not.toBe(write_date);
    expect(await queryRows<{ write_date: string }>(shops.demo.db, sql`select write_date::text from products where code <> 'ENO-0002' order by id`)).toEqual(others);
    const notes = await queryRows<{ kind: string; ref_id: number }>(shops.demo.db, sql`select kind, ref_id from page_changes where id > ${before} and kind = 'product'`);
    expect(notes).toEqual([{ kind: 'product', ref_id: id }]);
  });

  it('a semicolon file with a BOM and decimal commas reads like the comma file', async () => {
    const [row] = await queryRows<{ slug: string }>(shops.demo.db, sql`select slug from products where code = 'ENO-0003'`);
    const text = `\uFEFFcode;slug;price;special_price;weight_kg;name_it\r\nENO-0003;${row!.slug};"1.234,5";;0,75;Prodotto; con punto e virgola\r\n`;
    const bad = await importFile(shops.demo.db, 'products', textFile('p.csv', text));
    expect(bad.problems).toEqual(['line 2: has 7 fields but the header names 6 columns (a separator inside a value needs quotes)']);
    const thousands = await importFile(shops.demo.db, 'products', textFile('p.csv', text.replace('Prodotto; con punto e virgola', '"Prodotto; con punto e virgola"')));
    expect(thousands.problems).toEqual(["line 2, column price: '1.234,5' is not a price (e.g. 12.50 or 12,50)"]);
    const good = await importFile(shops.demo.db, 'products', textFile('p.csv', `${text.replace('"1.234,5"', '1234,5').replace('Prodotto; con punto e virgola', '"Prodotto; con punto e virgola"').replace(';;0,75', ';"999,99";0,75')};;;;;\r\n`));
    expect(good.problems).toEqual([]);
    expect(good.counts.products).toMatchObject({ updated: 1, skipped: 1 });
    const [after] = await queryRows<{ standard_price: number; special_price: number; weight_kg: number }>(shops.demo.db, sql`select standard_price::float8 as standard_price, special_price::float8 as special_price, weight_kg::float8 as weight_kg from products where code = 'ENO-0003'`);
    expect(after).toEqual({ standard_price: 1234.5, special_price: 999.99, weight_kg: 0.75 });
  });

  it('a file with one bad row changes nothing and names the line, the column and the value', async () => {
    const before = await catalogueSnapshot(shops.demo.db);
    const file = csvLines(HEADER, 'NEW-0001,nuovo-prodotto,fermentazione-e-lieviti,10,Nuovo,New', 'ENO-0002,x-slug,fermentazione-e-lieviti,"12,3,4",Nome,Name');
    const result = await importFile(shops.demo.db, 'products', file);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(["line 3, column price: '12,3,4' is not a price (e.g. 12.50 or 12,50)"]);
    expect(await catalogueSnapshot(shops.demo.db)).toEqual(before);
  });

  it('a dry run reports what it would do and changes nothing', async () => {
    const before = await catalogueSnapshot(shops.demo.db);
    const file = csvLines(HEADER, 'NEW-0001,nuovo-prodotto,fermentazione-e-lieviti,10,Nuovo,New');
    const result = await importFile(shops.demo.db, 'products', file, { dryRun: true });
    expect(result.counts.products).toMatchObject({ created: 1 });
    expect(await catalogueSnapshot(shops.demo.db)).toEqual(before);
  });

  it('variants follow their rows; --delete-missing removes the unlisted ones orders do not name, and unpublishes products not in the file', async () => {
    const file = csvLines(
      'code,variant_of,slug,price,name_it,stock',
      'NEW-0002,,prodotto-con-versioni,20,Con versioni,5',
      'NEW-0002-S,NEW-0002,,19,Piccolo,3',
      'NEW-0002-L,NEW-0002,,21,Grande,4',
    );
    expect((await importFile(shops.demo.db, 'products', file)).counts.variants).toMatchObject({ created: 2 });
    const fewer = csvLines('code,variant_of,slug,price,name_it', 'NEW-0002,,prodotto-con-versioni,20,Con versioni', 'NEW-0002-L,NEW-0002,,22,Grande');
    const kept = await importFile(shops.demo.db, 'products', fewer);
    expect(kept.counts.variants).toMatchObject({ updated: 1, retired: 0 });
    const pruned = await importFile(shops.demo.db, 'products', fewer, { deleteMissing: true });
    expect(pruned.counts.variants).toMatchObject({ unchanged: 1, retired: 1 });
    expect(pruned.counts.products!.retired).toBeGreaterThan(100);
    const rows = await queryRows<{ code: string; quantity: number }>(shops.demo.db, sql`select code, quantity from variants where code like 'NEW-0002%'`);
    expect(rows).toEqual([{ code: 'NEW-0002-L', quantity: 4 }]);
    const [{ published } = { published: 0 }] = await queryRows<{ published: number }>(shops.demo.db, sql`select count(*)::int as published from products where is_published`);
    expect(published).toBe(1);
  });
});
