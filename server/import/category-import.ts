// The `categories` import kind: the category tree by slug, each row naming its parent by slug or
// by its path of Italian names ("Enologia > Tappi e tappatrici"), its texts per language, its
// colour and other custom fields. Parents may be in the shop already or anywhere in the file.
import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/lib/contract/locales';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { arrayParam, rowsOf } from './batch-sql';
import { booleanCell, colourCell, integerCell, slugCell, splitList, textCell } from './cell-values';
import { checkColumns, type ColumnSet, customFieldColumns, ListedOnce, localizedName, RowCells } from './column-set';
import { syncCustomValues, type WantedValues } from './custom-field-links';
import { emptyCounts, type ImportKind, type ImportOptions, type Tx } from './import-kind';
import type { ImportProblem } from './import-problems';
import type { SourceTable } from './read-rows';
import { ensureTaxonomy, TAXONOMY_CODE } from './taxonomy';

export const CATEGORY_COLUMNS: ColumnSet = {
  kind: 'categories',
  fixed: ['slug', 'parent', 'color', 'position', 'active'],
  localized: ['name', 'description'],
  customFields: true,
  required: ['slug', localizedName('name', DEFAULT_LOCALE)],
};

export const PATH_SEPARATOR = '>';

interface CategoryRow {
  line: number;
  slug: string;
  parent?: { raw: string; line: number };
  /** Whether the row names a parent column at all (absent: the shop's parent stays). */
  hasParent: boolean;
  texts: Partial<Record<Locale, { name: string; description?: string }>>;
  /** Languages whose name column is present and empty: their texts are removed (the Italian ones show). */
  clearedLocales: Locale[];
  position?: number;
  active?: boolean;
  custom: { key: string; values: string[] }[];
}

interface TreeNode {
  id?: number;
  slug: string;
  parentSlug: string | null;
  nameIt: string;
  position: number;
  isActive: boolean;
  path?: string;
  depth?: number;
  parentId?: number | null;
}

function readRow(cells: RowCells, table: SourceTable): CategoryRow | undefined {
  const slug = cells.read('slug', slugCell, { required: true });
  const texts: CategoryRow['texts'] = {};
  const clearedLocales: Locale[] = [];
  for (const locale of LOCALES) {
    const nameColumn = localizedName('name', locale);
    if (!cells.has(nameColumn)) continue;
    const name = cells.read(nameColumn, textCell(200), { required: locale === DEFAULT_LOCALE });
    const descriptionColumn = localizedName('description', locale);
    const description = cells.has(descriptionColumn) ? (cells.read(descriptionColumn, textCell(5_000)) ?? '') : undefined;
    if (name) texts[locale] = { name, description };
    else if (locale !== DEFAULT_LOCALE) clearedLocales.push(locale);
  }
  const parentRaw = cells.read('parent', textCell(1_000));
  const custom = customFieldColumns(table)
    .filter(({ column }) => cells.has(column))
    .map(({ column, key }) => ({ key, values: splitList(cells.read(column, textCell(2_000)) ?? '') }));
  if (cells.has('color')) {
    const colour = cells.read('color', colourCell);
    custom.push({ key: 'color', values: colour ? [colour] : [] });
  }
  const row: CategoryRow = {
    line: cells.line,
    slug: slug ?? '',
    hasParent: cells.has('parent'),
    parent: parentRaw ? { raw: parentRaw, line: cells.line } : undefined,
    texts,
    clearedLocales,
    position: cells.read('position', integerCell('a position (a whole number)')),
    active: cells.read('active', booleanCell),
    custom,
  };
  return slug ? row : undefined;
}

/** Resolves "slug" or "Name > Name" against the tree as it will be. */
function resolveParent(raw: string, tree: Map<string, TreeNode>): string | undefined {
  if (!raw.includes(PATH_SEPARATOR) && tree.has(raw)) return raw;
  const names = raw.split(PATH_SEPARATOR).map((s) => s.trim().toLowerCase());
  if (names.some((n) => !n)) return undefined;
  let parent: string | null = null;
  for (const name of names) {
    const match = [...tree.values()].find((n) => n.parentSlug === parent && n.nameIt.toLowerCase() === name);
    if (!match) return undefined;
    parent = match.slug;
  }
  return parent ?? undefined;
}

export const categoryKind: ImportKind = {
  name: 'categories',
  columns: CATEGORY_COLUMNS,
  async plan(db: Db, table: SourceTable, options: ImportOptions) {
    const problems: ImportProblem[] = checkColumns(CATEGORY_COLUMNS, table);
    if (problems.length) return { problems };
    const rows: CategoryRow[] = [];
    const listed = new ListedOnce();
    for (const source of table.rows) {
      const cells = new RowCells(source, problems);
      const row = readRow(cells, table);
      if (row && listed.first(cells, 'slug', row.slug, row.slug, '; a category is listed once')) rows.push(row);
    }

    // The tree as the shop has it, then as the file makes it.
    const existing = await queryRows<{ id: number; slug: string; parent_slug: string | null; name_it: string | null; position: number; is_active: boolean; path: string; depth: number; parent_id: number | null }>(
      db,
      sql`select c.id, c.slug, p.slug as parent_slug, t.name as name_it, c.position, c.is_active, c.path, c.depth, c.parent_id
          from categories c join taxonomies x on x.id = c.taxonomy_id and x.code = ${TAXONOMY_CODE}
          left join categories p on p.id = c.parent_id
          left join category_translations t on t.category_id = c.id and t.locale = ${DEFAULT_LOCALE}
          order by c.id`,
    );
    const before = new Map(existing.map((c) => [c.slug, c]));
    const tree = new Map<string, TreeNode>(
      existing.map((c) => [c.slug, { id: c.id, slug: c.slug, parentSlug: c.parent_slug, nameIt: c.name_it ?? c.slug, position: c.position, isActive: c.is_active }]),
    );
    let nextPosition = Math.max(-1, ...existing.map((c) => c.position)) + 1;
    for (const row of rows) {
      const node = tree.get(row.slug);
      const nameIt = row.texts[DEFAULT_LOCALE]?.name ?? node?.nameIt ?? row.slug;
      tree.set(row.slug, {
        id: node?.id,
        slug: row.slug,
        parentSlug: row.hasParent ? null : (node?.parentSlug ?? null),
        nameIt,
        position: row.position ?? node?.position ?? nextPosition++,
        isActive: row.active ?? node?.isActive ?? true,
      });
    }
    // Parents named by a path can depend on other rows' parents: resolve until nothing moves.
    let pending = rows.filter((r) => r.parent);
    for (let moved = true; moved && pending.length; ) {
      moved = false;
      pending = pending.filter((row) => {
        const parentSlug = resolveParent(row.parent!.raw, tree);
        if (!parentSlug) return true;
        tree.get(row.slug)!.parentSlug = parentSlug;
        moved = true;
        return false;
      });
    }
    for (const row of pending) {
      problems.push({ line: row.line, column: 'parent', value: row.parent!.raw, message: 'is not a category in the shop or in this file (a slug, or names from the top joined by " > ")', code: 'not_found' });
    }
    for (const row of rows) {
      const seen = new Set<string>();
      for (let at: string | null = row.slug; at; at = tree.get(at)?.parentSlug ?? null) {
        if (seen.has(at)) {
          problems.push({ line: row.line, column: 'parent', value: row.parent?.raw ?? '', message: 'would make the category its own ancestor' });
          break;
        }
        seen.add(at);
      }
    }
    if (problems.length) return { problems };

    const inFile = new Set(rows.map((r) => r.slug));
    return {
      problems: [],
      plan: {
        async write(tx: Tx) {
          const counts = { ...emptyCounts('categories'), skipped: table.skipped };
          const taxonomyId = await ensureTaxonomy(tx);
          const fresh = [...tree.values()].filter((n) => n.id === undefined);
          if (fresh.length) {
            const ids = await rowsOf<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('categories', 'id'))::int as id from generate_series(1, ${fresh.length})`);
            fresh.forEach((n, i) => (n.id = ids[i]!.id));
          }
          // Paths and depths from the top down, for every category (a moved one moves its subtree).
          const place = (node: TreeNode): void => {
            if (node.path !== undefined) return;
            const parent = node.parentSlug ? tree.get(node.parentSlug)! : undefined;
            if (parent) place(parent);
            node.parentId = parent?.id ?? null;
            node.path = `${parent?.path ?? '/'}${node.id}/`;
            node.depth = parent ? parent.depth! + 1 : 0;
          };
          tree.forEach(place);
          if (fresh.length) {
            await tx.execute(sql`insert into categories (id, taxonomy_id, parent_id, slug, path, depth, position, is_active)
              select id, ${taxonomyId}, parent_id, slug, path, depth, position, is_active
              from unnest(${arrayParam(fresh.map((n) => n.id), 'int')}, ${arrayParam(fresh.map((n) => n.parentId), 'int')}, ${arrayParam(fresh.map((n) => n.slug), 'text')},
                          ${arrayParam(fresh.map((n) => n.path), 'text')}, ${arrayParam(fresh.map((n) => n.depth), 'int')}, ${arrayParam(fresh.map((n) => n.position), 'int')},
                          ${arrayParam(fresh.map((n) => n.isActive), 'boolean')}) as t(id, parent_id, slug, path, depth, position, is_active)`);
          }
          const changed = new Set<number>();
          const kept = [...tree.values()].filter((n) => before.has(n.slug));
          const moved = await rowsOf<{ id: number }>(
            tx,
            sql`update categories c set parent_id = t.parent_id, path = t.path, depth = t.depth, position = t.position, is_active = t.is_active
                from unnest(${arrayParam(kept.map((n) => n.id), 'int')}, ${arrayParam(kept.map((n) => n.parentId), 'int')}, ${arrayParam(kept.map((n) => n.path), 'text')},
                            ${arrayParam(kept.map((n) => n.depth), 'int')}, ${arrayParam(kept.map((n) => n.position), 'int')}, ${arrayParam(kept.map((n) => n.isActive), 'boolean')})
                       as t(id, parent_id, path, depth, position, is_active)
                where c.id = t.id and (c.parent_id, c.path, c.depth, c.position, c.is_active) is distinct from (t.parent_id, t.path, t.depth, t.position, t.is_active)
                returning c.id`,
          );
          moved.forEach((r) => changed.add(r.id));

          const texts = rows.flatMap((r) =>
            LOCALES.filter((l) => r.texts[l]).map((locale) => ({ id: tree.get(r.slug)!.id!, locale, ...r.texts[locale]! })),
          );
          const written = await rowsOf<{ id: number }>(
            tx,
            // An absent description column keeps the description the shop has.
            sql`with t as (select * from unnest(${arrayParam(texts.map((t) => t.id), 'int')}, ${arrayParam(texts.map((t) => t.locale), 'text')},
                  ${arrayParam(texts.map((t) => t.name), 'text')}, ${arrayParam(texts.map((t) => t.description ?? null), 'text')}) as t(id, locale, name, description))
                insert into category_translations (category_id, locale, name, description)
                select t.id, t.locale, t.name, coalesce(t.description, ct.description, '')
                from t left join category_translations ct on ct.category_id = t.id and ct.locale = t.locale
                on conflict (category_id, locale) do update set name = excluded.name, description = excluded.description
                where (category_translations.name, category_translations.description) is distinct from (excluded.name, excluded.description)
                returning category_id as id`,
          );
          written.forEach((r) => changed.add(r.id));
          const cleared = rows.flatMap((r) => r.clearedLocales.map((locale) => ({ id: tree.get(r.slug)!.id!, locale })));
          if (cleared.length) {
            const removed = await rowsOf<{ id: number }>(
              tx,
              sql`delete from category_translations t using unnest(${arrayParam(cleared.map((c) => c.id), 'int')}, ${arrayParam(cleared.map((c) => c.locale), 'text')}) as d(id, locale)
                  where t.category_id = d.id and t.locale = d.locale returning t.category_id as id`,
            );
            removed.forEach((r) => changed.add(r.id));
          }
          const wanted: WantedValues[] = rows.flatMap((r) => r.custom.map((c) => ({ ownerId: tree.get(r.slug)!.id!, key: c.key, values: c.values })));
          (await syncCustomValues(tx, 'category', wanted)).forEach((id) => changed.add(id));

          for (const row of rows) {
            const id = tree.get(row.slug)!.id!;
            if (!before.has(row.slug)) counts.created++;
            else if (changed.has(id)) counts.updated++;
            else counts.unchanged++;
          }
          // Categories outside the file that moved with a parent count too.
          counts.updated += [...changed].filter((id) => !rows.some((r) => tree.get(r.slug)!.id === id)).length;
          if (options.deleteMissing) {
            const retired = await rowsOf<{ id: number }>(
              tx,
              sql`update categories set is_active = false
                  where taxonomy_id = ${taxonomyId} and is_active and not (slug = any(${arrayParam([...inFile], 'text')})) returning id`,
            );
            counts.retired = retired.length;
            if (retired.length) counts.notes.push(`${retired.length} categories not in the file deactivated (their products and links stay)`);
          }
          return [counts];
        },
      },
    };
  },
};
