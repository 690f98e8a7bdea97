// The categories import (docs/import.md): the sample file builds the demo's tree in an empty shop
// and changes nothing in the demo shop; parents by slug or by path of names; bad rows refuse the file.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw';
import { lastChangeId } from '../../server/pages/page-changes';
import { catalogueSnapshot, emptyAndDemoShops, importFile, sample, textFile } from '../support/import-files';

// An empty shop and a copy of the demo shop, for this file.
const shops = emptyAndDemoShops();

describe('categories from the sample file', () => {
  it('builds the tree in an empty shop, with texts in every language and colours', async () => {
    const result = await importFile(shops.empty.db, 'categories', sample('categories.csv'));
    expect(result.problems).toEqual([]);
    expect(result.counts.categories).toMatchObject({ created: 24, updated: 0, unchanged: 0 });
    const [child] = await queryRows<{ path: string; depth: number; parent: string; en: string; colour: string }>(
      shops.empty.db,
      sql`select c.path, c.depth, p.slug as parent, t.name as en, v.value as colour from categories c join categories p on p.id = c.parent_id
          join category_translations t on t.category_id = c.id and t.locale = 'en'
          join category_custom_values cv on cv.category_id = c.id join custom_field_values v on v.id = cv.custom_field_value_id
          where c.slug = 'tappi-e-tappatrici'`,
    );
    expect(child).toMatchObject({ depth: 1, parent: 'enologia', en: 'Corks and corkers', colour: '#6B4A2E' });
    expect(child!.path).toMatch(/^\/\d+\/\d+\/$/);
  });

  it('the same file again changes nothing and notes no page change', async () => {
    const before = await catalogueSnapshot(shops.empty.db);
    const again = await importFile(shops.empty.db, 'categories', sample('categories.csv'));
    expect(again.counts.categories).toMatchObject({ created: 0, updated: 0, unchanged: 24 });
    expect(await catalogueSnapshot(shops.empty.db)).toEqual(before);
  });

  it('changes nothing in the demo shop it was written from', async () => {
    const before = await lastChangeId(shops.demo.db);
    const result = await importFile(shops.demo.db, 'categories', sample('categories.csv'));
    expect(result.counts.categories).toMatchObject({ created: 0, unchanged: 24 });
    expect(await lastChangeId(shops.demo.db)).toBe(before);
  });

  it('a changed name updates that category only and notes its page', async () => {
    const file = textFile('c.csv', 'slug,parent,name_it,name_en\nfiltrazione,Enologia,Filtrazione,Filtering\n');
    const before = await lastChangeId(shops.demo.db);
    const result = await importFile(shops.demo.db, 'categories', file);
    expect(result.counts.categories).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const notes = await queryRows<{ kind: string; slug: string }>(shops.demo.db, sql`select kind, slug from page_changes where id > ${before}`);
    expect(notes).toContainEqual({ kind: 'category', slug: 'filtrazione' });
  });

  it('parents by a path of names as the file leaves the tree (any case), children before their parents, and a moved category takes its subtree along', async () => {
    const file = textFile('c.csv', ['slug,parent,name_it', 'sughero,Giardinaggio > Tappi e tappatrici,Sughero', 'sughero-naturale,giardinaggio > tappi e tappatrici > sughero,Sughero naturale', 'tappi-e-tappatrici,giardinaggio,Tappi e tappatrici'].join('\n'));
    const result = await importFile(shops.demo.db, 'categories', file);
    expect(result.problems).toEqual([]);
    const rows = await queryRows<{ slug: string; path: string; depth: number }>(shops.demo.db, sql`select slug, path, depth from categories where slug in ('giardinaggio', 'tappi-e-tappatrici', 'sughero', 'sughero-naturale')`);
    const by = Object.fromEntries(rows.map((r) => [r.slug, r]));
    expect(by['sughero-naturale']!.path.startsWith(by.sughero!.path)).toBe(true);
    expect(by.sughero!.path.startsWith(by['tappi-e-tappatrici']!.path)).toBe(true);
    expect(by['tappi-e-tappatrici']!.path.startsWith(by.giardinaggio!.path)).toBe(true);
    expect(by['sughero-naturale']!.depth).toBe(3);
  });

  it('refuses a file with an unknown parent, a cycle, a bad colour or a repeated slug, naming line and column, and writes nothing', async () => {
    const before = await catalogueSnapshot(shops.demo.db);
    const file = textFile('c.csv', ['slug;parent;color;name_it', 'nuova;Enologia > Nessuna;#112233;Nuova', 'enologia;filtrazione;#112233;Enologia', 'altra;;rosso;Altra', 'altra;;#112233;Altra'].join('\n'));
    const result = await importFile(shops.demo.db, 'categories', file);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      "line 2, column parent: 'Enologia > Nessuna' is not a category in the shop or in this file (a slug, or names from the top joined by \" > \")",
      "line 3, column parent: 'filtrazione' would make the category its own ancestor",
      "line 4, column color: 'rosso' is not a colour (#RRGGBB, e.g. #7B2D26)",
      "line 5, column slug: 'altra' is already on line 4; a category is listed once",
    ]);
    expect(await catalogueSnapshot(shops.demo.db)).toEqual(before);
  });
});
