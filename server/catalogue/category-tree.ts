// Categories as a tree (one query on the materialized path, nested in memory), one category
// with its neighbours and product count, and a category's ancestors.
import { and, asc, countDistinct, eq, inArray, like, sql } from 'drizzle-orm';
import type { CategoryColourRef, CategoryDetail, CategoryTreeNode } from '../../src/lib/contract/catalogue-extras';
import type { Locale } from '../../src/lib/contract/common';
import type { CategoryRef } from '../../src/lib/contract/product-detail';
import type { Db } from '../db/client';
import {
  categories, categoryCustomValues, categoryTranslations, customFields, customFieldValues, productCategories, products, taxonomies,
} from '../db/schema';

export type CategoryKey = { id: number } | { slug: string };

const keyMatch = (key: CategoryKey) => ('id' in key ? eq(categories.id, key.id) : eq(categories.slug, key.slug));

/** Each category's colour (the `color` custom field), as a subquery to join. */
function colours(db: Db) {
  return db
    .select({ categoryId: categoryCustomValues.categoryId, value: customFieldValues.value })
    .from(categoryCustomValues)
    .innerJoin(customFieldValues, eq(customFieldValues.id, categoryCustomValues.valueId))
    .innerJoin(customFields, and(eq(customFields.id, customFieldValues.customFieldId), eq(customFields.key, 'color'), eq(customFields.appliesTo, 'category')))
    .as('colour');
}

function named(db: Db, locale: Locale) {
  const colour = colours(db);
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      parentId: categories.parentId,
      path: categories.path,
      depth: categories.depth,
      name: categoryTranslations.name,
      description: categoryTranslations.description,
      taxonomy: taxonomies.code,
      color: colour.value,
    })
    .from(categories)
    .innerJoin(taxonomies, eq(taxonomies.id, categories.taxonomyId))
    .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .leftJoin(colour, eq(colour.categoryId, categories.id));
}

/**
 * The active categories of a taxonomy as nested nodes: the top level, or just `root` with
 * everything below it. Undefined when the taxonomy or the root does not exist.
 */
export async function categoryTree(db: Db, locale: Locale, taxonomy: string, root?: CategoryKey): Promise<CategoryTreeNode[] | undefined> {
  const rootPath = root
    ? db
        .select({ path: categories.path })
        .from(categories)
        .where(and(keyMatch(root), eq(categories.isActive, true)))
    : undefined;
  const rows = await named(db, locale)
    .where(
      and(
        eq(taxonomies.code, taxonomy),
        eq(categories.isActive, true),
        rootPath ? sql`${categories.path} like (${rootPath}) || '%'` : undefined,
      ),
    )
    .orderBy(asc(categories.depth), asc(categories.position), asc(categoryTranslations.name), asc(categories.id));
  const nodes = new Map<number, CategoryTreeNode>();
  const top: CategoryTreeNode[] = [];
  // Parents come before children (depth order); a child of an inactive category is left out
  // with everything below it.
  for (const r of rows) {
    const node: CategoryTreeNode = { id: r.id, slug: r.slug, name: r.name, color: r.color ?? null, parent_id: r.parentId, depth: r.depth, children: [] };
    const isTop = root ? nodes.size === 0 && ('id' in root ? r.id === root.id : r.slug === root.slug) : r.parentId === null;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (isTop) top.push(node);
    else if (parent) parent.children.push(node);
    else continue;
    nodes.set(r.id, node);
  }
  if (top.length === 0) {
    if (root) return undefined;
    const [known] = await db.select({ id: taxonomies.id }).from(taxonomies).where(eq(taxonomies.code, taxonomy)).limit(1);
    if (!known) return undefined;
  }
  return top;
}

const ancestorIds = (path: string) => path.split('/').filter(Boolean).map(Number).slice(0, -1);

async function refsByIds(db: Db, locale: Locale, ids: number[]): Promise<CategoryRef[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id, slug: categories.slug, name: categoryTranslations.name })
    .from(categories)
    .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .where(inArray(categories.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CategoryRef => !!r);
}

async function findNamed(db: Db, locale: Locale, key: CategoryKey) {
  const [row] = await named(db, locale)
    .where(and(keyMatch(key), eq(categories.isActive, true)))
    .limit(1);
  return row;
}

/** The ancestors of an active category, root first; undefined when there is no such category. */
export async function categoryAncestors(db: Db, locale: Locale, key: CategoryKey): Promise<CategoryRef[] | undefined> {
  const row = await findNamed(db, locale, key);
  return row ? refsByIds(db, locale, ancestorIds(row.path)) : undefined;
}

export async function categoryDetail(db: Db, locale: Locale, key: CategoryKey): Promise<CategoryDetail | undefined> {
  const row = await findNamed(db, locale, key);
  if (!row) return undefined;
  const ancestorList = ancestorIds(row.path);
  const [ancestors, children, [counted]] = await Promise.all([
    refsByIds(db, locale, ancestorList),
    named(db, locale)
      .where(and(eq(categories.parentId, row.id), eq(categories.isActive, true)))
      .orderBy(asc(categories.position), asc(categoryTranslations.name), asc(categories.id)),
    db
      .select({ n: countDistinct(productCategories.productId) })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .innerJoin(products, and(eq(products.id, productCategories.productId), eq(products.isPublished, true)))
      .where(and(like(categories.path, `${row.path}%`), eq(categories.isActive, true))),
  ]);
  const parentId = ancestorList.at(-1);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    color: row.color ?? null,
    depth: row.depth,
    taxonomy: row.taxonomy,
    parent: ancestors.find((a) => a.id === parentId) ?? null,
    children: children.map((c): CategoryColourRef => ({ id: c.id, slug: c.slug, name: c.name, color: c.color ?? null })),
    ancestors,
    product_count: counted?.n ?? 0,
  };
}
