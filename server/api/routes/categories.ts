import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CategoryAncestorsQuerySchema, CategoryRefSchema, CategoryTreeQuerySchema, DEFAULT_TAXONOMY,
} from '../../../src/lib/contract/catalogue-extras';
import type { CategoryMenuItem } from '../../../src/lib/contract/content';
import { ContextQuerySchema, IdSchema } from '../../../src/lib/contract/common';
import { categoryAncestors, categoryDetail, categoryTree } from '../../catalogue/category-tree';
import type { Db } from '../../db/client';
import { categories, categoryCustomValues, categoryTranslations, customFields, customFieldValues, taxonomies } from '../../db/schema';
import type { Locale } from '../../../src/lib/contract/common';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { parseOrThrow, parseQuery } from '../validation';

export { DEFAULT_TAXONOMY };
export const categoryRoutes = new Hono<ApiEnv>({ strict: false });

const MenuQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  taxonomy: v.optional(v.pipe(v.string(), v.maxLength(60)), DEFAULT_TAXONOMY),
  parent: v.optional(IdSchema),
});

/** Categories of one level (top level without `parent`), each with its colour and child count. */
export const categoryLevel = (db: Db, locale: Locale, taxonomy: string, parentId?: number): Promise<CategoryMenuItem[]> =>
  categoriesWhere(db, locale, taxonomy, parentId === undefined ? isNull(categories.parentId) : eq(categories.parentId, parentId));

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

categoryRoutes.get('/menu', async (c) => {
  const q = parseQuery(c, MenuQuerySchema);
  const { db } = c.get('deps');
  const locale = c.get('locale');
  const top = await categoryLevel(db, locale, q.taxonomy, q.parent);
  // The menu shows two levels: each entry with its direct children, all fetched in one query.
  const parents = top.filter((item) => item.has_children).map((item) => item.id);
  const children = parents.length ? await categoriesWhere(db, locale, q.taxonomy, inArray(categories.parentId, parents)) : [];
  const withChildren = top.map((item) => ({ ...item, children: children.filter((child) => child.parent_id === item.id) }));
  if (q.parent !== undefined && top.length === 0) {
    const [exists] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, q.parent));
    if (!exists) throw apiError('NotFound');
  }
  return c.json({ results: withChildren, count: withChildren.length });
});

categoryRoutes.get('/tree', async (c) => {
  const q = parseQuery(c, CategoryTreeQuerySchema);
  const tree = await categoryTree(c.get('deps').db, c.get('locale'), q.taxonomy, q.root);
  if (!tree) throw apiError('NotFound');
  return c.json({ results: tree, count: tree.length });
});

categoryRoutes.get('/ancestors', async (c) => {
  const q = parseQuery(c, CategoryAncestorsQuerySchema);
  const ancestors = await categoryAncestors(c.get('deps').db, c.get('locale'), q.category);
  if (!ancestors) throw apiError('NotFound');
  return c.json({ results: ancestors, count: ancestors.length });
});

categoryRoutes.get('/:id', async (c) => {
  const key = parseOrThrow(CategoryRefSchema, c.req.param('id'));
  const detail = await categoryDetail(c.get('deps').db, c.get('locale'), key);
  if (!detail) throw apiError('NotFound');
  return c.json(detail);
});
