// Hostile and broken import files: each gets a clear answer naming the line, the column and the
// value, never a crash, and the shop is left exactly as it was.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoShop } from '../../server/seed/seed';
import { catalogueSnapshot, importFile, textFile } from '../support/import-files';
import { openTestDatabase, type TestDatabase } from '../support/test-db';

let demo: TestDatabase;
let before: Awaited<ReturnType<typeof catalogueSnapshot>>;
beforeAll(async () => {
  demo = await openTestDatabase({ template: 'seeded' });
  if (!demo.seeded) await seedDemoShop(demo.db);
  before = await catalogueSnapshot(demo.db);
});
afterAll(async () => {
  // Nothing any of these files did may show.
  if (demo) expect(await catalogueSnapshot(demo.db)).toEqual(before);
  await demo?.destroy();
});

const HEADER = 'code,slug,category,price,name_it,related';
const row = (code: string, extra: Partial<Record<'slug' | 'category' | 'price' | 'name' | 'related', string>> = {}) =>
  [code, extra.slug ?? code.toLowerCase(), extra.category ?? 'filtrazione', extra.price ?? '10', extra.name ?? `Prodotto ${code}`, extra.related ?? ''].join(',');
const products = (lines: string[], name = 'p.csv') => importFile(demo.db, 'products', textFile(name, `${lines.join('\n')}\n`));

it.each([
  ['a NUL byte in a name', [HEADER, row('H-1', { name: 'Tappo\u0000' })], ["line 2, column name_it: 'Tappo\\u0000' contains a control character (NUL or similar); remove it"]],
  ['an unknown column and a hostile column name', ['code,slug,price,name_it,colour,__proto__', 'H-1,h-1,10,Tappo,rosso,x'], [
    'line 1, column colour: is not a products column (the columns are listed in docs/import.md)',
    'line 1, column __proto__: is not a products column (the columns are listed in docs/import.md)',
  ]],
  ['a required column missing', ['code,slug,name_it', 'H-1,h-1,Tappo'], ['line 1, column price: is required and missing from the file']],
  ['the same code twice', [HEADER, row('H-1'), row('H-1', { slug: 'h-1-bis' })], ["line 3, column code: 'H-1' is already on line 2; a product or variant is listed once"]],
  ['the slug of another product', [HEADER, row('H-1', { slug: 'tappi-sughero-naturale' })], ["line 2, column slug: 'tappi-sughero-naturale' is the slug of product ENO-0013 in the shop"]],
  ['a category path the shop does not have', [HEADER, row('H-1', { category: 'Enologia > Nessuna' })], [
    "line 2, column category: 'Enologia > Nessuna' is not a category in the shop (a slug, or names from the top joined by \" > \"; import the categories first)",
  ]],
  ['a relation to an unknown code, and to itself', [HEADER, row('H-1', { related: 'NOPE-1|H-1' })], [
    "line 2, column related: 'NOPE-1' is not a product in the shop or in this file",
    "line 2, column related: 'H-1' is the product itself",
  ]],
  ['a variant of a product not in the file', ['code,variant_of,slug,price,name_it', 'H-1-S,ENO-0001,,10,Piccolo'], [
    "line 2, column variant_of: 'ENO-0001' is not a product row of this file (a variant comes with its product)",
  ]],
  ['a special price not below the price, a negative weight, a bad boolean', ['code,slug,price,special_price,weight_kg,published,name_it', 'H-1,h-1,10,12,-1,forse,Tappo'], [
    "line 2, column special_price: '12' is not lower than the price (10)",
    "line 2, column weight_kg: '-1' is not a weight in kg (e.g. 0,75)",
    "line 2, column published: 'forse' is not yes or no",
  ]],
  ['a picture with a folder in its name', ['code,slug,price,name_it,pictures', 'H-1,h-1,10,Tappo,../../etc/passwd.png|ok.webp'], [
    "line 2, column pictures: '../../etc/passwd.png' is not a picture file name (name.webp, .png or .jpg, no folders)",
  ]],
])('%s', async (_what, lines, problems) => {
  const result = await products(lines);
  expect(result.ok).toBe(false);
  expect(result.problems).toEqual(problems);
});

it('a very long field is refused with its length, not printed whole', async () => {
  const long = 'x'.repeat(25_000);
  const result = await products(['code,slug,price,name_it,description_it', `H-1,h-1,10,Tappo,${long}`]);
  expect(result.problems).toEqual([`line 2, column description_it: '${'x'.repeat(60)}… (25000 characters)' is longer than 20000 characters`]);
});

it('a row longer than any real one (a quote left open) stops the file at that line', async () => {
  const result = await products(['code,slug,price,name_it', 'H-1,h-1,10,"Tappo', ...Array.from({ length: 20_000 }, () => 'y'.repeat(60))]);
  expect(result.problems).toHaveLength(1);
  expect(result.problems[0]).toMatch(/^line \d+: (a row is longer than 1 MB|a quoted value is never closed)/);
});

it('a file that is not UTF-8, a UTF-16 file and an empty one', async () => {
  const latin1 = new Uint8Array([...new TextEncoder().encode('code,slug,price,name_it\nH-1,h-1,10,Caff'), 0xe8, 0x0a]);
  expect((await importFile(demo.db, 'products', { bytes: latin1, name: 'p.csv' })).problems).toEqual([
    'file: the file is not UTF-8 text (first bad character on line 2); save it as "CSV UTF-8" and try again',
  ]);
  const utf16 = new Uint8Array([0xff, 0xfe, 0x63, 0x00]);
  expect((await importFile(demo.db, 'products', { bytes: utf16, name: 'p.csv' })).problems[0]).toMatch(/UTF-16/);
  expect((await importFile(demo.db, 'products', textFile('p.csv', ' \n\n'))).problems).toEqual(['file: the file is empty']);
});

it('JSON lines: a line that is not an object, a nested value', async () => {
  const result = await products(['{"code":"H-1","slug":"h-1","price":10,"name_it":"Tappo"}', '[1,2]', '{"code":"H-2","slug":"h-2","price":{"eur":1},"name_it":"Tappo"}', '{"code":'], 'p.jsonl');
  expect(result.problems).toEqual([
    'line 2: is not a JSON object (one object per line)',
    'line 3, column price: must be a text, a number, true/false, null or a list of texts',
    'line 4: is not a JSON object (one object per line)',
  ]);
});

it('categories: hostile slugs and names', async () => {
  const result = await importFile(demo.db, 'categories', textFile('c.csv', 'slug,name_it\n"../etc",Etc\nok-slug,\n'));
  expect(result.problems).toEqual(["line 2, column slug: '../etc' is not a slug (lowercase letters, digits and single dashes)", 'line 3, column name_it: is empty; every row needs it']);
});
