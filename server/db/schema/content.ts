import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Block } from '../../../src/lib/contract/page-blocks';
import { createdAt, updatedAt, type L10nJson } from './common';
import { LOCALES } from './catalogue';
import { customers } from './users';

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    image: text('image'),
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blog_posts_slug_uq').on(t.slug), index('blog_posts_published_idx').on(t.isPublished, t.publishedAt)],
);

export const blogPostTranslations = pgTable(
  'blog_post_translations',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: LOCALES }).notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.postId, t.locale] })],
);

/** A slider shown on one home variant ("home", "home-en", "home-es"). */
export const sliders = pgTable('sliders', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const slides = pgTable(
  'slides',
  {
    id: serial('id').primaryKey(),
    sliderId: integer('slider_id')
      .notNull()
      .references(() => sliders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: jsonb('title').$type<L10nJson>().notNull(),
    subtitle: jsonb('subtitle').$type<L10nJson>().notNull(),
    ctaLabel: jsonb('cta_label').$type<L10nJson>().notNull(),
    href: text('href').notNull(),
    image: text('image').notNull(),
    color: text('color').notNull(),
  },
  (t) => [index('slides_slider_idx').on(t.sliderId, t.position)],
);

/**
 * Page-builder documents: content pages (with a slug) and canvases (embedded in promotions
 * and other pages). Blocks are kept per locale; each locale has the same structure.
 */
export const pageDocuments = pgTable(
  'page_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['page', 'canvas'] }).notNull().default('page'),
    slug: text('slug'),
    title: jsonb('title').$type<L10nJson>().notNull(),
    description: jsonb('description').$type<L10nJson>().notNull(),
    blocks: jsonb('blocks').$type<Partial<Record<(typeof LOCALES)[number], Block[]>> & { it: Block[] }>().notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('page_documents_slug_uq').on(t.slug)],
);

/** Downloadable files: public ones (no customer) and those of one customer. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['catalogue', 'datasheet', 'certificate', 'price_list', 'manual'] }).notNull(),
    title: jsonb('title').$type<L10nJson>().notNull(),
    description: jsonb('description').$type<L10nJson>(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull().default('application/pdf'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('documents_customer_idx').on(t.customerId, t.createdAt)],
);
