import { sql } from 'drizzle-orm';
import {
  boolean, customType, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt, type L10nJson } from './common';
import { customFieldValues } from './custom-fields';
import { LOCALES } from '../../../src/lib/contract/locales';

// The languages are declared once, in the shared zone (the contract and the browser read them too).
export { LOCALES };

/** A named category tree; the storefront uses "Default". */
export const taxonomies = pgTable('taxonomies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    taxonomyId: integer('taxonomy_id')
      .notNull()
      .references(() => taxonomies.id),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    /** Materialized path of ids ("/1/5/9/") so descendants are one indexed prefix match. */
    path: text('path').notNull(),
    depth: integer('depth').notNull().default(0),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_uq').on(t.slug),
    index('categories_parent_idx').on(t.taxonomyId, t.parentId, t.position),
    index('categories_path_idx').on(sql`${t.path} text_pattern_ops`),
  ],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: LOCALES }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] })],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    slug: text('slug').notNull(),
    brand: text('brand').notNull().default(''),
    standardPrice: money('standard_price').notNull(),
    specialPrice: money('special_price'),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(22),
    /** Units in stock; may go negative only for backorderable products. */
    quantity: integer('quantity').notNull().default(0),
    isBackorderable: boolean('is_backorderable').notNull().default(false),
    unit: text('unit').notNull().default('pz'),
    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    writeDate: timestamp('write_date', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code),
    // Quick order looks codes up ignoring case, and the autocomplete by their start (issue 16).
    index('products_code_lower_idx').on(sql`lower(${t.code}) text_pattern_ops`),
    uniqueIndex('products_slug_uq').on(t.slug),
    index('products_standard_price_idx').on(t.standardPrice),
    index('products_special_price_idx').on(t.specialPrice),
    index('products_create_date_idx').on(t.createDate),
    index('products_write_date_idx').on(t.writeDate),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text-search configuration of each locale, as SQL on the row's own locale column. */
const SEARCH_CONFIG_SQL = sql.raw(
  `case locale when 'en' then 'english'::regconfig when 'es' then 'spanish'::regconfig else 'italian'::regconfig end`,
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: LOCALES }).notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Full-text vector in the row's own language, kept by the database, GIN-indexed. */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector(${SEARCH_CONFIG_SQL}, coalesce(name, '') || ' ' || coalesce(title, '') || ' ' || coalesce(summary, ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    index('product_translations_name_idx').on(t.locale, t.name),
    index('product_translations_title_idx').on(t.locale, t.title),
    index('product_translations_search_idx').using('gin', t.search),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    isMain: boolean('is_main').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId, t.productId)],
);

/** Product variants ("pp" in the API): a size, capacity or pack of a product. */
export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: jsonb('name').$type<L10nJson>().notNull(),
    standardPrice: money('standard_price').notNull(),
    specialPrice: money('special_price'),
    quantity: integer('quantity').notNull().default(0),
    isBackorderable: boolean('is_backorderable').notNull().default(false),
    position: integer('position').notNull().default(0),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    writeDate: timestamp('write_date', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('variants_code_uq').on(t.code),
    index('variants_product_idx').on(t.productId, t.position),
    index('variants_code_lower_idx').on(sql`lower(${t.code}) text_pattern_ops`),
  ],
);

/** Images and files of a product or variant; images are ordered by the number ending their file name. */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'document'] }).notNull().default('image'),
    fileName: text('file_name').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(1),
    width: integer('width'),
    height: integer('height'),
    alt: jsonb('alt').$type<L10nJson>(),
  },
  (t) => [index('assets_product_idx').on(t.productId, t.position)],
);

export const RELATION_KINDS = ['Related', 'Upselling', 'Crosselling', 'Spare parts', 'Showcase'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export const productRelations = pgTable(
  'product_relations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedProductId: integer('related_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RELATION_KINDS }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.kind, t.relatedProductId] })],
);

export const productCustomValues = pgTable(
  'product_custom_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    valueId: integer('custom_field_value_id')
      .notNull()
      .references(() => customFieldValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.valueId] }), index('product_custom_values_value_idx').on(t.valueId, t.productId)],
);

export const variantCustomValues = pgTable(
  'variant_custom_values',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    valueId: integer('custom_field_value_id')
      .notNull()
      .references(() => customFieldValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.valueId] }), index('variant_custom_values_value_idx').on(t.valueId)],
);

export const categoryCustomValues = pgTable(
  'category_custom_values',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    valueId: integer('custom_field_value_id')
      .notNull()
      .references(() => customFieldValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.valueId] }), index('category_custom_values_value_idx').on(t.valueId)],
);
