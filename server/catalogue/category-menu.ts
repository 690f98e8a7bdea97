// The category menu (categories/menu/): one level of a taxonomy, each entry with its colour and
// its direct children.
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { CategoryMenuItem } from '../../src/lib/contract/content';
import type { Db } from '../db/client';
import { categories, categoryCustomValues, categoryTranslations, customFields, customFieldValues, taxonomies } from '../db/schema';
import { shopError } from '../shop-errors';

/** Categories of one level (top level without `parent`), each with its colour and child count. */
export const categoryLevel = (db: Db, locale: Locale, taxonomy: string, parentId?: number): Promise<CategoryMenuItem[]> =>
  categoriesWhere(db, locale, taxonomy, parentId === undefined ? isNull(categories.parentId) : eq(categories.parentId, parentId));

/** The menu shows two levels: each entry with its direct children, all fetched in one query. NotFound for an unknown parent. */
export async function categoryMenu(db: Db, locale: Locale, taxonomy: string, parentId?: number): Promise<CategoryMenuItem[]> {
  const top = await categoryLevel(db, locale, taxonomy, parentId);
  const parents = top.filter((item) => item.has_children).map((item) => item.id);
  const children = parents.length ? await categoriesWhere(db, locale, taxonomy, inArray(categories.parentId, parents)) : [];
  if (parentId !== undefined && top.length === 0) {
    const [exists] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId));
    if (!exists) throw shopError('NotFound');
  }
  return top.map((item) => ({ ...item, children: children.filter((child) => child.parent_id === item.id) }));
}

async function categoriesWhere(db: Db, locale: Locale, taxonomy: string, parentFilter: SQL): Promise<CategoryMenuItem[]> {
  const colour = db
    .select({ categoryId: categoryCustomValues.categoryId, value: customFieldValues.value })
    .from(categoryCustomValues)
    .innerJoin(customFieldValues, eq(customFieldValues.id, categoryCustomValues.valueId))
    .innerJoin(customFields, and(eq(customFields.id, customFieldValues.customFieldId), eq(customFields.key, 'color')))
    .as('colour');
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categoryTranslations.name,
      parentId: categories.parentId,
      color: colour.value,
      children: sql<number>`(select count(*)::int from ${categories} c2 where c2.parent_id = ${categories.id} and c2.is_active)`,
    })
    .from(categories)
    .innerJoin(taxonomies, and(eq(taxonomies.id, categories.taxonomyId), eq(taxonomies.code, taxonomy)))
    .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .leftJoin(colour, eq(colour.categoryId, categories.id))
    .where(and(eq(categories.isActive, true), parentFilter))
    .orderBy(asc(categories.position), asc(categoryTranslations.name));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    color: r.color ?? null,
    parent_id: r.parentId,
    has_children: r.children > 0,
  }));
}
